import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  redirect,
  type ParsedLocation,
  type RouterHistory,
} from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { SessionSnapshot } from '../../machines/session';
import type { Portal } from './portal';
import {
  canOpenVisualiser,
  checkRules,
  groupsSettled,
  isSettled,
  requireGuest,
  requireSession,
  requireUnvalidated,
  requireValidated,
  type GuardRedirect,
  type RouteRules,
} from '../routing/guards';
import { BlockedError } from '../routing/blocked';
import { loadEditUser } from '../areas/administration/editUserLoader';
import { isSignedIn } from '../../machines/session';
import { RootLayout } from '../shared/RootLayout';
import { NotFound } from '../shared/NotFound';
import { RouteError } from '../shared/RouteError';
import { RoutePending } from '../shared/RoutePending';

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
  cause: 'enter' | 'stay' | 'preload' = 'enter',
) {
  if (preload && !isSettled(portal.session.getSnapshot())) return;
  const session = await waitFor(portal.session, isSettled, { timeout: 30_000 });
  const to = check(session);
  if (!to) return;
  // Remember the page a signed-out visitor asked for (an invitation link, say) to return there
  // after logging in; the query string is kept either way.
  // Only on arrival: a re-check after logging out or a 401 ('stay') must not bring the user back.
  if (to === '/login' && cause === 'enter') sessionStorage.setItem(returnToKey, location.pathname);
  if (to === '/home') {
    const back = sessionStorage.getItem(returnToKey);
    sessionStorage.removeItem(returnToKey);
    if (back && back !== location.pathname) throw redirect({ to: back as never, search: location.search as never, replace: true });
  }
  throw redirect({ to, search: location.search as never, replace: true });
}

const returnToKey = 'portal.returnTo';

/**
 * The group guards of spec section 6. They wait until the user's groups are loaded and a selection
 * is made, then refuse with one of the spec's four "Oops!" messages.
 */
async function groupGuard(portal: Portal, rules: RouteRules, preload: boolean) {
  if (preload) return;
  await waitFor(portal.session, isSettled, { timeout: 30_000 });
  await waitFor(
    portal.groups,
    (g) => groupsSettled(g) && !(isSignedIn(portal.session.getSnapshot()) && g.matches('signedOut')),
    { timeout: 30_000 },
  );
  const reason = checkRules(rules, portal.session.getSnapshot(), portal.groups.getSnapshot());
  if (reason) throw new BlockedError(reason);
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
  component: lazyRouteComponent(() => import('../areas/auth/PublicLayout')),
});
const loginRoute = createRoute({
  getParentRoute: () => guestRoute,
  path: 'login',
  staticData: { crumb: 'Log in' },
  component: lazyRouteComponent(() => import('../areas/auth/LoginRegister')),
});
const registerRoute = createRoute({
  getParentRoute: () => guestRoute,
  path: 'register',
  staticData: { crumb: 'Register' },
  component: lazyRouteComponent(() => import('../areas/auth/LoginRegister')),
});

// Password reset works whether or not someone is signed in.
const resetLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'open',
  component: lazyRouteComponent(() => import('../areas/auth/PublicLayout')),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => resetLayoutRoute,
  path: 'resetpassword',
  validateSearch: (search: Record<string, unknown>): { userId?: string } =>
    typeof search.userId === 'string' ? { ...search, userId: search.userId } : search,
  staticData: { crumb: 'Reset password' },
  component: lazyRouteComponent(() => import('../areas/auth/ResetPassword')),
});

// Everything else needs a session.
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signedIn',
  beforeLoad: ({ context, location, preload, cause }) => guard(context.portal, location, requireSession, preload, cause),
  component: lazyRouteComponent(() => import('../shared/AppLayout')),
});
const validateRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'validate',
  staticData: { crumb: 'Validate account' },
  beforeLoad: ({ context, location, preload }) => guard(context.portal, location, requireUnvalidated, preload),
  component: lazyRouteComponent(() => import('../areas/auth/Validate')),
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
  component: lazyRouteComponent(() => import('../areas/home/Home')),
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
  component: lazyRouteComponent(() => import('../areas/user/UpdatePassword')),
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
  component: lazyRouteComponent(() => import('../areas/user/UserView')),
});
const userEditRoute = createRoute({
  getParentRoute: () => userDetailRoute,
  path: 'edit',
  staticData: { crumb: 'Edit' },
  component: lazyRouteComponent(() => import('../areas/user/UserEdit')),
});

// ---- Help centre (spec section 2): the guides, each loaded on demand with its route ----
const helpCentreRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'helpcentre',
  staticData: { crumb: 'Help Centre' },
});
const helpCentreIndexRoute = createRoute({
  getParentRoute: () => helpCentreRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' ? { ...search, q: search.q } : search,
  component: lazyRouteComponent(() => import('../areas/helpcentre/HelpCentre')),
});
const guideRoute = createRoute({
  getParentRoute: () => helpCentreRoute,
  path: '$guide',
  // An unknown guide name throws notFound(): the unknown-page screen.
  loader: async ({ params }) => (await import('../areas/helpcentre/loadGuide')).loadGuide(params.guide),
  staticData: { crumb: (guide) => (guide as { title?: string } | undefined)?.title ?? 'Guide' },
  component: lazyRouteComponent(() => import('../areas/helpcentre/GuidePage')),
});

// ---- Accounts, groups and staff pages (spec sections 2 and 6) ----
const administrationRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'administration',
  staticData: { crumb: 'Administration' },
  beforeLoad: ({ context, preload }) => groupGuard(context.portal, { ownerOnly: true, disallowReferrers: true }, preload),
});
/** The group being administered: the selected account, else the selected organisation. */
function administeredGroupId(portal: Portal): number {
  const { account, organisation } = portal.groups.getSnapshot().context.selection;
  const group = account ?? organisation;
  if (!group) throw new BlockedError('account');
  return group.id;
}
const administrationIndexRoute = createRoute({
  getParentRoute: () => administrationRoute,
  path: '/',
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/administration/account', search: location.search as never, replace: true });
  },
});
const accountAdminRoute = createRoute({
  getParentRoute: () => administrationRoute,
  path: 'account',
  staticData: { crumb: 'Account' },
  loader: ({ context }) => loadAdminGroup(context.portal, administeredGroupId(context.portal)),
});
const accountAdminIndexRoute = createRoute({
  getParentRoute: () => accountAdminRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../areas/administration/AccountAdmin')),
});
const accountEditRoute = createRoute({
  getParentRoute: () => accountAdminRoute,
  path: 'edit',
  staticData: { crumb: 'Edit' },
  component: lazyRouteComponent(() => import('../areas/administration/AccountEdit')),
});
const accountInviteRoute = createRoute({
  getParentRoute: () => accountAdminRoute,
  path: 'invite',
  staticData: { crumb: 'Invite' },
  component: lazyRouteComponent(() => import('../areas/administration/AccountInvite')),
});
const accountEditUserRoute = createRoute({
  getParentRoute: () => accountAdminRoute,
  path: 'edituser/$userId',
  params: {
    parse: ({ userId }) => ({ userId: Number(userId) }),
    stringify: ({ userId }) => ({ userId: String(userId) }),
  },
  staticData: { crumb: 'Edit user' },
  loader: ({ context, params }) => loadEditUser(context.portal, administeredGroupId(context.portal), params.userId),
  component: lazyRouteComponent(() => import('../areas/administration/AccountEditUser')),
});
// A sibling of the account pages: super creates accounts without loading the selected one.
const accountCreateRoute = createRoute({
  getParentRoute: () => administrationRoute,
  path: 'account/create',
  staticData: { crumb: 'Create new account' },
  beforeLoad: ({ context, preload }) => groupGuard(context.portal, { roles: ['super'] }, preload),
  component: lazyRouteComponent(() => import('../areas/administration/CreateAccount')),
});
/** The selected partner, for partner administration. */
function partnerId(portal: Portal): number {
  const { partner } = portal.groups.getSnapshot().context.selection;
  if (!partner) throw new BlockedError('partnersOnly');
  return partner.id;
}
async function loadAdminGroup(portal: Portal, id: number) {
  const [group, users] = await Promise.all([portal.groupsApi.group(id), portal.groupsApi.groupUsers(id)]);
  if (!group) throw new BlockedError('account');
  return { group, users };
}
const partnerRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'partner',
  staticData: { crumb: 'Partner' },
});
const partnerAdminRoute = createRoute({
  getParentRoute: () => partnerRoute,
  path: 'administration',
  staticData: { crumb: 'Administration' },
  beforeLoad: ({ context, preload }) => groupGuard(context.portal, { partnerOnly: true, ownerOnly: true }, preload),
  loader: ({ context }) => loadAdminGroup(context.portal, partnerId(context.portal)),
});
const partnerIndexRoute = createRoute({
  getParentRoute: () => partnerRoute,
  path: '/',
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/partner/administration', search: location.search as never, replace: true });
  },
});
const partnerAdminIndexRoute = createRoute({
  getParentRoute: () => partnerAdminRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../areas/administration/AccountAdmin')),
});
const partnerEditRoute = createRoute({
  getParentRoute: () => partnerAdminRoute,
  path: 'editPartner',
  staticData: { crumb: 'Edit partner' },
  component: lazyRouteComponent(() => import('../areas/administration/AccountEdit')),
});
const partnerInviteRoute = createRoute({
  getParentRoute: () => partnerAdminRoute,
  path: 'invite',
  staticData: { crumb: 'Invite' },
  component: lazyRouteComponent(() => import('../areas/administration/AccountInvite')),
});
const partnerEditUserRoute = createRoute({
  getParentRoute: () => partnerAdminRoute,
  path: 'edituser/$userId',
  params: {
    parse: ({ userId }) => ({ userId: Number(userId) }),
    stringify: ({ userId }) => ({ userId: String(userId) }),
  },
  staticData: { crumb: 'Edit user' },
  loader: ({ context, params }) => loadEditUser(context.portal, partnerId(context.portal), params.userId),
  component: lazyRouteComponent(() => import('../areas/administration/AccountEditUser')),
});
const searchRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'search',
  staticData: { crumb: 'Search' },
  beforeLoad: ({ context, preload }) => groupGuard(context.portal, { roles: ['admin', 'super', 'sales'] }, preload),
});
const searchIndexRoute = createRoute({
  getParentRoute: () => searchRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../areas/search/Search')),
});
const searchFilterRoute = createRoute({
  getParentRoute: () => searchRoute,
  path: '$searchFilter',
  staticData: { crumb: 'Results' },
  component: lazyRouteComponent(() => import('../areas/search/Search')),
});
const welcomeWizardRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'welcomewizard',
  staticData: { crumb: 'Welcome' },
  component: lazyRouteComponent(() => import('../areas/administration/Wizard')),
});
const organisationWizardRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'organisationwizard',
  staticData: { crumb: 'New organisation' },
  component: lazyRouteComponent(() => import('../areas/administration/Wizard')),
});
const acceptInviteRoute = createRoute({
  getParentRoute: () => validatedRoute,
  path: 'acceptinvite',
  validateSearch: (search: Record<string, unknown>): { jwt?: string } =>
    typeof search.jwt === 'string' ? { ...search, jwt: search.jwt } : search,
  staticData: { crumb: 'Invitation' },
  component: lazyRouteComponent(() => import('../areas/administration/AcceptInvite')),
});

// The statechart visualiser (developers; config.visualiser): outside the signed-in layout so that
// 'everyone' needs no login. Closed to someone, it is simply not there.
const visualiserRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'visualiser',
  validateSearch: (search: Record<string, unknown>): { machine?: string } =>
    typeof search.machine === 'string' ? { machine: search.machine } : {},
  staticData: { crumb: 'Statecharts' },
  beforeLoad: async ({ context, preload }) => {
    const { portal } = context;
    const setting = portal.config.visualiser;
    if (setting === 'staff' && preload && !isSettled(portal.session.getSnapshot())) return;
    const session = setting === 'staff' ? await waitFor(portal.session, isSettled, { timeout: 30_000 }) : portal.session.getSnapshot();
    if (!canOpenVisualiser(setting, session)) throw notFound();
  },
  component: lazyRouteComponent(() => import('../areas/visualiser/Visualiser')),
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  guestRoute.addChildren([loginRoute, registerRoute]),
  resetLayoutRoute.addChildren([resetPasswordRoute]),
  visualiserRoute,
  signedInRoute.addChildren([
    validateRoute,
    validatedRoute.addChildren([
      homeRoute,
      userRoute.addChildren([userIndexRoute, updatePasswordRoute, userDetailRoute.addChildren([userViewRoute, userEditRoute])]),
      helpCentreRoute.addChildren([helpCentreIndexRoute, guideRoute]),
      administrationRoute.addChildren([
        administrationIndexRoute,
        accountAdminRoute.addChildren([accountAdminIndexRoute, accountEditRoute, accountInviteRoute, accountEditUserRoute]),
        accountCreateRoute,
      ]),
      partnerRoute.addChildren([
        partnerIndexRoute,
        partnerAdminRoute.addChildren([partnerAdminIndexRoute, partnerEditRoute, partnerInviteRoute, partnerEditUserRoute]),
      ]),
      searchRoute.addChildren([searchIndexRoute, searchFilterRoute]),
      welcomeWizardRoute,
      organisationWizardRoute,
      acceptInviteRoute,
    ]),
  ]),
]);

export function createPortalRouter(portal: Portal, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    basepath: '/portal',
    context: { portal },
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 200,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPreload: 'intent',
    // Loader data is per user: the session clears the API cache; the router must not keep its own.
    defaultStaleTime: 0,
    scrollRestoration: true,
  });
  // A different partner, organisation or account may open or close pages: the guards decide again.
  let lastSelection = '';
  portal.groups.subscribe((snapshot) => {
    if (!groupsSettled(snapshot)) return;
    const { partner, organisation, account } = snapshot.context.selection;
    const key = `${partner?.id}|${organisation?.id}|${account?.id}|${account?.isOwner}`;
    if (key === lastSelection) return;
    const first = lastSelection === '';
    lastSelection = key;
    if (!first) void router.invalidate();
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
