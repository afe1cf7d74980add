import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { RoutePending } from '../shared/RoutePending';
import type { Portal } from './portal';
import { invalidateOnChange } from './subscriptions';

/** What every route's beforeLoad and loader get: the portal's actors and API client. */
export type RouterContext = { portal: Portal };

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createPortalRouter>;
  }
  interface StaticDataRouteOption {
    /** The breadcrumb label of the route; a function gets the route's loader data. */
    crumb?: string | ((data: unknown) => string);
  }
}

/** The router over the file routes of src/routes (their folder tree is the URL tree of spec section 2). */
export function createPortalRouter(portal: Portal, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    basepath: '/portal',
    context: { portal },
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 200,
    // Loaded only when shown (see src/routes/__root.tsx).
    defaultNotFoundComponent: lazyRouteComponent(() => import('../shared/NotFound'), 'NotFound'),
    defaultErrorComponent: lazyRouteComponent(() => import('../shared/RouteError'), 'RouteError'),
    defaultPreload: 'intent',
    // Loader data is per user: the session clears the API cache; the router must not keep its own.
    defaultStaleTime: 0,
    scrollRestoration: true,
  });
  invalidateOnChange(portal, router);
  return router;
}
