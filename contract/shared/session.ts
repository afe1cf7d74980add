import type { AuthUser } from '../users/entities';

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
