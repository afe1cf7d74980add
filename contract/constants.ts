// Plain values of the contract with no zod import, so the SPA's first page can use them without
// carrying a schema library.
import type { AuthUser } from './entities';

export const roles = ['account', 'sales', 'admin', 'super'] as const;
export type Role = (typeof roles)[number];
export const staffRoles: readonly Role[] = ['sales', 'admin', 'super'];
export const isStaff = (userRoles: readonly string[]) => userRoles.some((r) => (staffRoles as readonly string[]).includes(r));

/** The empty signed-out user the session falls back to (spec section 4). */
export const signedOutUser: AuthUser = {
  jwt: '',
  id: 0,
  userName: '',
  recycleDate: 0,
  roles: [],
  territory: 'uk',
  validated: false,
};

/**
 * Header sent with basic-credential calls (spec section 8): the server answers authentication
 * failures with 400 instead of 401, so the browser neither shows its own login prompt nor
 * mistakes a wrong password for an expired session.
 */
export const authErrorStatusHeader = 'x-auth-error-status';
