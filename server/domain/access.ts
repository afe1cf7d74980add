import type { AccessLevel } from '../../contract/shared/access';
import type { Role } from '../../contract/shared/roles';
import type { Db } from '../db';
import { forbidden, notFound } from '../errors';
import { isRowId, isStaff } from './users';

export type Actor = { id: number; roles: readonly Role[] };

const noAccess = () => forbidden('You do not have access to this user');
const isAdmin = (roles: readonly Role[]) => roles.includes('admin') || roles.includes('super');
export { isAdmin, isStaff };

/** Users read themselves; staff (sales, admin, super) read anyone. */
export function assertCanReadUser(actor: Actor, targetId: number): void {
  if (actor.id !== targetId && !isStaff(actor.roles)) throw noAccess();
}

/** Users change or delete themselves; only admin and super change others. */
export function assertCanChangeUser(actor: Actor, targetId: number): void {
  if (actor.id !== targetId && !isAdmin(actor.roles)) throw noAccess();
}

// ---- Groups ----------------------------------------------------------------------------------
// A user's access level on a group holds for every group below it (owner of a partner owns its
// organisations and their accounts). Staff (sales, admin, super) read every group and act as owner
// on it; their flags (isOwner, ...) still show only what they really hold.

export const noGroupAccess = () => forbidden('You do not have access to this group');
export const groupNotFound = () => notFound('Group not found');
export const ownersOnly = () => forbidden('Only an owner of this group can do this');
export const staffOnly = () => forbidden('Only staff can do this');
export const adminOnly = () => forbidden('Only admin and super can do this');

const rank: Record<AccessLevel, number> = { member: 1, manager: 2, sudoowner: 3, owner: 4 };

export function strongest(a: AccessLevel | null, b: AccessLevel | null): AccessLevel | null {
  if (!a) return b;
  if (!b) return a;
  return rank[a] >= rank[b] ? a : b;
}

export const ownsWith = (level: AccessLevel | null) => level === 'owner' || level === 'sudoowner';

/** The caller's flags on a group, from their effective level. */
export function flagsOf(level: AccessLevel | null) {
  return { isOwner: ownsWith(level), isMember: level !== null, isManager: level === 'manager' };
}

export type GroupLevel = {
  /** The strongest level on the group or any group above it. */
  level: AccessLevel | null;
  /** The level held on the group itself. */
  direct: AccessLevel | null;
};

/** The user's levels on each of the groups (one query, whatever the depth of the tree). */
export async function groupLevels(db: Db, userId: number, groupIds: readonly number[]): Promise<Map<number, GroupLevel>> {
  const levels = new Map<number, GroupLevel>(groupIds.map((id) => [id, { level: null, direct: null }]));
  if (groupIds.length === 0) return levels;
  const { rows } = await db.query<{ groupId: number; accessLevel: AccessLevel; direct: boolean }>(
    `with recursive chain (start_id, id, parent_id) as (
       select id, id, parent_id from groups where id = any($1::int[])
       union all
       select c.start_id, g.id, g.parent_id from groups g join chain c on g.id = c.parent_id
     )
     select c.start_id as "groupId", gu.access_level as "accessLevel", c.id = c.start_id as direct
       from chain c join group_users gu on gu.group_id = c.id and gu.user_id = $2`,
    [groupIds, userId],
  );
  for (const row of rows) {
    const entry = levels.get(row.groupId)!;
    entry.level = strongest(entry.level, row.accessLevel);
    if (row.direct) entry.direct = row.accessLevel;
  }
  return levels;
}

export type GroupNeed =
  /** Any access level, or staff. */
  | 'read'
  /** owner or sudoowner, or staff. */
  | 'manage'
  /** staff only (a member still learns nothing new: they get "only staff"). */
  | 'staff'
  /** admin or super only. */
  | 'admin';

export type AuthorisedGroup = GroupLevel & { id: number; type: 'partner' | 'organisation' | 'account'; parentId: number | null };

/**
 * Loads the group's place in the tree and checks the actor may do `need` on it: 404 'Group not
 * found' for an unknown id, 403 'You do not have access to this group' without any access, and a
 * 403 naming what is missing for a user who has access but not enough. Pass the transaction's
 * `tx` when the caller writes, with `lock` to hold the group row until it commits.
 */
export async function authoriseGroup(
  db: Db,
  actor: Actor,
  groupId: number,
  need: GroupNeed,
  lock: '' | 'for share' | 'for update' = '',
): Promise<AuthorisedGroup> {
  if (!isRowId(groupId)) throw groupNotFound();
  const { rows } = await db.query<{ id: number; type: AuthorisedGroup['type']; parentId: number | null }>(
    `select id, type, parent_id as "parentId" from groups where id = $1 ${lock}`,
    [groupId],
  );
  if (!rows[0]) throw groupNotFound();
  const levels = (await groupLevels(db, actor.id, [groupId])).get(groupId)!;
  const staff = isStaff(actor.roles);
  if (!levels.level && !staff) throw noGroupAccess();
  if (need === 'manage' && !staff && !ownsWith(levels.level)) throw ownersOnly();
  if (need === 'staff' && !staff) throw staffOnly();
  if (need === 'admin' && !isAdmin(actor.roles)) throw adminOnly();
  return { ...rows[0], ...levels };
}

/** Staff-only calls that concern no particular group (search, user list). */
export function assertStaff(actor: Actor): void {
  if (!isStaff(actor.roles)) throw staffOnly();
}

/**
 * Locking a user: admin and super lock anyone but themselves; an owner (or sudoowner) locks a
 * non-staff user who belongs directly to a group they own.
 */
export async function assertCanLockUser(db: Db, actor: Actor, target: { id: number; roles: readonly Role[] }): Promise<void> {
  if (isAdmin(actor.roles)) return;
  if (isStaff(target.roles)) throw noAccess();
  const { rows } = await db.query<{ groupId: number }>('select group_id as "groupId" from group_users where user_id = $1', [
    target.id,
  ]);
  const levels = await groupLevels(db, actor.id, rows.map((row) => row.groupId));
  if (![...levels.values()].some((entry) => ownsWith(entry.level))) throw noAccess();
}
