import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createPortal } from './app/portal';
import { PortalContext } from './app/PortalContext';
import { loadConfig } from './config';
import { createPortalRouter } from './router';
import './styles.css';

const config = await loadConfig();
const portal = createPortal(config);
const router = createPortalRouter(portal);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalContext.Provider value={portal}>
      <RouterProvider router={router} />
    </PortalContext.Provider>
  </StrictMode>,
);
