import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type ParsedLocation,
  type RouterHistory,
} from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { SessionSnapshot } from '../machines/session';
import type { Portal } from './app/portal';
import { isSettled, requireGuest, requireSession, requireUnvalidated, requireValidated, type GuardRedirect } from './routing/guards';
import { RootLayout } from './shared/RootLayout';
import { NotFound } from './shared/NotFound';
import { RouteError } from './shared/RouteError';
import { Spinner } from './shared/Spinner';

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

/**
 * Waits (only while the session is still deciding, e.g. re-authenticating on load) and applies a
 * guard. The query string survives every redirect (spec section 2).
 */
async function guard(
  portal: Portal,
  location: ParsedLocation,
  check: (session: SessionSnapshot) => GuardRedirect | null,
  preload: boolean,
) {
  if (preload && !isSettled(portal.session.getSnapshot())) return;
  const session = await waitFor(portal.session, isSettled, { timeout: 30_000 });
  const to = check(session);
  if (to) throw redirect({ to, search: location.search as never, replace: true });
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/home', search: location.search as never, replace: true });
  },
});

// Public pages: a signed-in user is sent on to /home (or /validate).
const guestRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'guest',
  beforeLoad: ({ context, location, preload }) => guard(context.portal, location, requireGuest, preload),
  component: lazyRouteComponent(() => import('./auth/PublicLayout')),
});
const loginRoute = createRoute({
  getParentRoute: () => guestRoute,
  path: 'login',
  staticData: { crumb: 'Log in' },
  component: lazyRouteComponent(() => import('./auth/LoginRegister')),
});
const registerRoute = createRoute({
  getParentRoute: () => guestRoute,
  path: 'register',
  staticData: { crumb: 'Register' },
  component: lazyRouteComponent(() => import('./auth/LoginRegister')),
});

// Password reset works whether or not someone is signed in.
const resetLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'open',
  component: lazyRouteComponent(() => import('./auth/PublicLayout')),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => resetLayoutRoute,
  path: 'resetpassword',
  validateSearch: (search: Record<string, unknown>): { userId?: string } =>
    typeof search.userId === 'string' ? { ...search, userId: search.userId } : search,
  staticData: { crumb: 'Reset password' },
  component: lazyRouteComponent(() => import('./auth/ResetPassword')),
});

// Everything else needs a session.
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signedIn',
  beforeLoad: ({ context, location, preload }) => guard(context.portal, location, requireSession, preload),
  component: lazyRouteComponent(() => import('./shared/AppLayout')),
});
const validateRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'validate',
  staticData: { crumb: 'Validate account' },
  beforeLoad: ({ context, location, preload }) => guard(context.portal, location, requireUnvalidated, preload),
  component: lazyRouteComponent(() => import('./auth/Validate')),
});
const validatedRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'validated',
  beforeLoad: ({ context, location, preload }) => guard(context.portal, location, requireValidated, preload),
});
const homeRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'home',
  staticData: { crumb: 'Home' },
  component: lazyRouteComponent(() => import('./home/Home')),
});
const userRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'user',
  staticData: { crumb: 'My settings' },
});
const userIndexRoute = createRoute({
  getParentRoute: () => userRoute,
  path: '/',
  beforeLoad: ({ context, location }) => {
    const { id } = context.portal.session.getSnapshot().context.user;
    throw redirect({ to: '/user/$userId', params: { userId: id }, search: location.search as never, replace: true });
  },
});
const updatePasswordRoute = createRoute({
  getParentRoute: () => userRoute,
  path: 'updatePassword',
  staticData: { crumb: 'Update password' },
  component: lazyRouteComponent(() => import('./user/UpdatePassword')),
});
const userDetailRoute = createRoute({
  getParentRoute: () => userRoute,
  path: '$userId',
  params: {
    parse: ({ userId }) => ({ userId: Number(userId) }),
    stringify: ({ userId }) => ({ userId: String(userId) }),
  },
  loader: ({ context, params }) => context.portal.users.getUser(params.userId),
  staticData: { crumb: (user) => (user as { personalName?: string | null; email?: string })?.personalName || 'User' },
});
const userViewRoute = createRoute({
  getParentRoute: () => userDetailRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./user/UserView')),
});
const userEditRoute = createRoute({
  getParentRoute: () => userDetailRoute,
  path: 'edit',
  staticData: { crumb: 'Edit' },
  component: lazyRouteComponent(() => import('./user/UserEdit')),
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  guestRoute.addChildren([loginRoute, registerRoute]),
  resetLayoutRoute.addChildren([resetPasswordRoute]),
  signedInRoute.addChildren([
    validateRoute,
    validatedRoute.addChildren([
      homeRoute,
      userRoute.addChildren([userIndexRoute, updatePasswordRoute, userDetailRoute.addChildren([userViewRoute, userEditRoute])]),
    ]),
  ]),
]);

export function createPortalRouter(portal: Portal, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    basepath: '/portal',
    context: { portal },
    defaultPendingComponent: Spinner,
    defaultPendingMs: 200,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPreload: 'intent',
    // Loader data is per user: the session clears the API cache; the router must not keep its own.
    defaultStaleTime: 0,
    scrollRestoration: true,
  });
  // When who is signed in changes (login, logout, a 401, validation), the guards decide again.
  let last = '';
  portal.session.subscribe((snapshot) => {
    const { user } = snapshot.context;
    const key = `${isSettled(snapshot)}|${requireSession(snapshot) === null}|${user.id}|${user.validated}`;
    if (key === last) return;
    const first = last === '';
    last = key;
    if (!first && isSettled(snapshot)) void router.invalidate();
  });
  return router;
}

export { homeRoute, userDetailRoute, userViewRoute, userEditRoute, resetPasswordRoute, loginRoute, registerRoute };
