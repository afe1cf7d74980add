import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isSignedIn, type SessionSnapshot } from '../../machines/session';
import type { Portal } from '../app/portal';
import { BlockedError } from './blocked';
import { ownerPage, groupsSettled, isSettled, type GuardRedirect, type RouteRules } from './guards';

/** The group guards' decisions load with the first signed-in page, not with the login page. */
const decisions = () => import('./groupRules');

// What the routes' beforeLoad calls: wait for the machines only as long as they are still deciding,
// apply the pure guards of ./guards, and redirect (keeping the query string, spec section 2) or block.

/** The page a signed-out visitor asked for (an invitation link, say), to return there after logging in. */
const returnToKey = 'portal.returnTo';
const settleTimeout = { timeout: 30_000 };

type GuardContext = { portal: Portal; location: ParsedLocation; preload: boolean; cause?: 'enter' | 'stay' | 'preload' };

/** Redirects to `to` with the query string of the page asked for. */
export function redirectKeepingSearch(location: ParsedLocation, to: string, params?: Record<string, string | number>): never {
  throw redirect({ to, params, search: location.search, replace: true });
}

/**
 * Waits (only while the session is still deciding, e.g. re-authenticating on load) and applies a
 * session guard.
 */
export async function guard(check: (session: SessionSnapshot) => GuardRedirect | null, { portal, location, preload, cause = 'enter' }: GuardContext) {
  if (preload && !isSettled(portal.session.getSnapshot())) return;
  const session = await waitFor(portal.session, isSettled, settleTimeout);
  const to = check(session);
  if (!to) return;
  // Only on arrival: a re-check after logging out or a 401 ('stay') must not bring the user back.
  if (to === '/login' && cause === 'enter') sessionStorage.setItem(returnToKey, location.pathname);
  if (to === '/home') {
    const back = sessionStorage.getItem(returnToKey);
    sessionStorage.removeItem(returnToKey);
    if (back && back !== location.pathname) redirectKeepingSearch(location, back);
  }
  redirectKeepingSearch(location, to);
}

/**
 * The group guards of spec section 6. They wait until the user's groups are loaded and a selection
 * is made, then refuse with one of the spec's four "Oops!" messages.
 */
export async function groupGuard(rules: RouteRules, { portal, preload }: { portal: Portal; preload: boolean }) {
  if (preload) return;
  await waitFor(portal.session, isSettled, settleTimeout);
  await waitFor(
    portal.groups,
    (g) => groupsSettled(g) && !(isSignedIn(portal.session.getSnapshot()) && g.matches('signedOut')),
    settleTimeout,
  );
  const { checkRules } = await decisions();
  const reason = checkRules(rules, portal.session.getSnapshot(), portal.groups.getSnapshot());
  if (reason) throw new BlockedError(reason);
}

/** The statechart visualiser (config.visualiser): closed to someone, it is simply not there. */
export async function visualiserGuard({ portal, preload }: { portal: Portal; preload: boolean }) {
  const setting = portal.config.visualiser;
  if (setting === 'staff' && preload && !isSettled(portal.session.getSnapshot())) return;
  const session = setting === 'staff' ? await waitFor(portal.session, isSettled, settleTimeout) : portal.session.getSnapshot();
  const { canOpenVisualiser } = await decisions();
  if (!canOpenVisualiser(setting, session)) throw notFound();
}

/**
 * /user/{userId}: someone else's page is the spec's refusal, decided before anything is loaded (so
 * the server's refusal never adds an Error modal to it).
 */
export async function userGuard(userId: number, { portal }: { portal: Portal }) {
  const session = await waitFor(portal.session, isSettled, settleTimeout);
  const { canOpenUser } = await decisions();
  if (!canOpenUser(session, userId)) throw new BlockedError('notThroughAccount');
}

/** The owner pages of spec section 2 (see ownerPage in ./guards). */
export const ownerPageGuard = ({ context, preload }: { context: { portal: Portal }; preload: boolean }) =>
  groupGuard(ownerPage, { portal: context.portal, preload });
