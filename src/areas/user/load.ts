import type { Portal } from '../../app/portal';

// What the user pages load (their route files import this lazily).

/** /user/{userId}: the user's details (GET /users ?id). */
export async function loadUser(portal: Portal, userId: number) {
  return portal.users.getUser(userId);
}

/** /user/sessions: where the user is signed in (GET /sessions). */
export async function loadSessions(portal: Portal) {
  return portal.security.sessions();
}

/** /user/security: the user's second factors and the history of changes to them. */
export async function loadSecurity(portal: Portal) {
  const [status, events] = await Promise.all([portal.security.status(), portal.security.events()]);
  return { status, events };
}
