import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { RootLayout } from '../shared/RootLayout';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // The unknown page and the error screens load only when shown: nothing of them on the login page.
  notFoundComponent: lazyRouteComponent(() => import('../shared/NotFound'), 'NotFound'),
  errorComponent: lazyRouteComponent(() => import('../shared/RouteError'), 'RouteError'),
});
