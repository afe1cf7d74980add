import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createPortal } from './app/portal';
import { PortalContext } from './app/PortalContext';
import { loadConfig } from './config';
import { createPortalRouter } from './router';
import './styles.css';

const config = await loadConfig();
// ?inspect connects the running actors to the Stately inspector (needs network access to stately.ai);
// its code loads only then.
const inspector = new URLSearchParams(window.location.search).has('inspect')
  ? (await import('@statelyai/inspect')).createBrowserInspector()
  : undefined;
const portal = createPortal(config, { inspect: inspector?.inspect });
const router = createPortalRouter(portal);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalContext.Provider value={portal}>
      <RouterProvider router={router} />
    </PortalContext.Provider>
  </StrictMode>,
);
