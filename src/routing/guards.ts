import { isSettled, isSignedIn, type SessionSnapshot } from '../../machines/session';

// Route guards are plain functions of machine snapshots (DESIGN.md): the router's beforeLoad calls
// them, and tests call them directly. A guard answers null (the page may open) or where to go.

export type GuardRedirect = '/login' | '/validate' | '/home';

/** Pages for signed-in users: no session goes to /login (spec section 5). */
export function requireSession(session: SessionSnapshot): GuardRedirect | null {
  return isSignedIn(session) ? null : '/login';
}

/** Everything but /validate: an unvalidated user is sent to /validate (spec section 5). */
export function requireValidated(session: SessionSnapshot): GuardRedirect | null {
  return requireSession(session) ?? (session.context.user.validated ? null : '/validate');
}

/** /validate itself: only for a signed-in user who still needs to validate. */
export function requireUnvalidated(session: SessionSnapshot): GuardRedirect | null {
  return requireSession(session) ?? (session.context.user.validated ? '/home' : null);
}

/** /login and /register: a signed-in user has nothing to do there. */
export function requireGuest(session: SessionSnapshot): GuardRedirect | null {
  if (!isSignedIn(session)) return null;
  return session.context.user.validated ? '/home' : '/validate';
}

/** The user's own pages; staff may open anyone's. */
export function canOpenUser(session: SessionSnapshot, userId: number): boolean {
  const { user } = session.context;
  return user.id === userId || user.roles.some((r) => r === 'sales' || r === 'admin' || r === 'super');
}

export { isSettled };
