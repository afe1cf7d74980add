import type { Role } from '../../contract/entities';
import { forbidden } from '../errors';
import { isStaff } from './users';

type Actor = { id: number; roles: readonly Role[] };

const noAccess = () => forbidden('You do not have access to this user');
const isAdmin = (roles: readonly Role[]) => roles.includes('admin') || roles.includes('super');

/** Users read themselves; staff (sales, admin, super) read anyone. */
export function assertCanReadUser(actor: Actor, targetId: number): void {
  if (actor.id !== targetId && !isStaff(actor.roles)) throw noAccess();
}

/** Users change or delete themselves; only admin and super change others. */
export function assertCanChangeUser(actor: Actor, targetId: number): void {
  if (actor.id !== targetId && !isAdmin(actor.roles)) throw noAccess();
}
