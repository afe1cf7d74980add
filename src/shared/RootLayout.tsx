import { useEffect } from 'react';
import { Outlet } from '@tanstack/react-router';
import { usePortal } from '../app/PortalContext';
import { loadBotCheck } from '../app/botCheck';
import { ModalHost } from './ModalHost';

export function RootLayout() {
  const { config } = usePortal();
  // The bot check loads after the app has rendered (spec section 7), so it never delays the page.
  useEffect(() => loadBotCheck(config), [config]);
  return (
    <>
      <Outlet />
      <ModalHost />
    </>
  );
}
