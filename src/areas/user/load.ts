import type { Portal } from '../../app/portal';

// What the user pages load (their route files import this lazily).

/** /user/{userId}: the user's details (GET /users ?id). */
export async function loadUser(portal: Portal, userId: number) {
  return portal.users.getUser(userId);
}
