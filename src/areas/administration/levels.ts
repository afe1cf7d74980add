import { accessLevels, mayChangeLevel, type AccessLevel, type AccessUser } from '../../../contract/shared/access';
import type { Group, GroupUser } from '../../../contract/groups/entities';

// What the administration pages offer of access levels: exactly what contract/shared/access.ts lets
// the server accept, so a view never offers a change the server refuses.

/** The signed-in user's effective level on the group: the group's users list holds inherited levels too. */
export const levelOf = (users: readonly GroupUser[], userId: number): AccessLevel | null =>
  users.find((u) => u.id === userId)?.accessLevel ?? null;

/** The levels a group of this type holds: manager only on partners (spec section 6). */
export const levelsOf = (type: Group['type']): AccessLevel[] => accessLevels.filter((l) => l !== 'manager' || type === 'partner');

/**
 * The levels `user` (whose own level is `level`) may move someone from `from` to, `from` itself
 * included so a select shows it; only `from` when no change is allowed.
 */
export function levelsOffered(user: AccessUser, level: AccessLevel | null, from: AccessLevel | null, type: Group['type']): AccessLevel[] {
  return levelsOf(type).filter((to) => to === from || mayChangeLevel(user, level, from, to));
}

/** May `user` take away someone's level `from` (remove them from the group)? */
export const mayRemove = (user: AccessUser, level: AccessLevel | null, from: AccessLevel | null) => mayChangeLevel(user, level, from, null);
