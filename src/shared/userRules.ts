import { canOnUser, higherRoleRefusal, mayActOnRole, type AccessUser } from '../../contract/shared/access';

/**
 * Why `me` may not change `target`'s details, or null when they may: users change themselves, admin
 * and super change others, never someone of a higher role. contract/shared/access.ts decides, as it
 * does for the server.
 */
export function detailsRefusal(me: AccessUser & { id: number }, target: AccessUser & { id: number }): string | null {
  if (!canOnUser(me, target.id, 'change')) return "Only admin and super can change another user's details.";
  if (me.id !== target.id && !mayActOnRole(me, target)) return `${higherRoleRefusal}.`;
  return null;
}
