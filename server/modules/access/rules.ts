import {
  accessRefusals, canOnUser, higherRoleRefusal, isAdminUser, lockUserRefusal, mayActOnRole, isStaffUser, mayChangeLevel, mayUser, ownersManageOwnersRefusal, referrerRefusal, refusal, userAccessRefusal, userNeedRefusals, type AccessLevel, type GroupNeed, type GroupType, type UserNeed,
} from '../../../contract/shared/access';
import type { Role } from '../../../contract/shared/roles';
import type { Db } from '../../db';
import { forbidden, notFound } from '../../errors';
import { groupRowLocked, levels, shareLockChain, type GroupLevel } from './queries';

// The server's authorisation: it loads what the rules need (the caller's level on the group) and
// asks the one access module, contract/shared/access.ts, for the answer and its words.

/** The authenticated caller of a service (null for a public call). */
export type Caller = { id: number; roles: readonly Role[] };

/** Ids are int4 columns; a larger number is simply no row, not a database error. */
export const isRowId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

export const groupNotFound = () => notFound('Group not found');

export type AuthorisedGroup = GroupLevel & { id: number; type: GroupType; parentId: number | null };

/**
 * Throws the 403 of the access module when `caller` may not do `need` on a group where their level is
 * `level` (and, for an account, `payer`: they are one of its authorised payment users).
 */
export function assertMay(caller: Caller, level: GroupLevel['level'] | null, need: GroupNeed, payer?: boolean): void {
  const why = refusal(caller, { level, payer }, need);
  if (why) throw forbidden(accessRefusals[why]);
}

/** Staff-only calls that concern no particular group (search, user list). */
export function assertStaff(caller: Caller): void {
  if (!isStaffUser(caller)) throw forbidden(accessRefusals.staffOnly);
}

/** Admin-only writes that concern no group: datasets, plans, filters, comparisons, bureau costs (spec section 6). */
export function assertAdmin(caller: Caller): void {
  if (!isAdminUser(caller)) throw forbidden(accessRefusals.adminOnly);
}

/** Only owners manage owners (the table in contract/shared/access.ts): the 403 when `caller`, of `level` on the group, may not move someone from `from` to `to`. */
export function assertMayChangeLevel(caller: Caller, level: AccessLevel | null, from: AccessLevel | null, to: AccessLevel | null): void {
  if (!mayChangeLevel(caller, level, from, to)) throw forbidden(ownersManageOwnersRefusal);
}

/** Throws the 403 of the access module when `caller` may not do `need`, a rule on no particular group. */
export function assertUserMay(caller: Caller, need: UserNeed): void {
  if (!mayUser(caller, need)) throw forbidden(userNeedRefusals[need]);
}

/** Throws the 403 of the access module when the groups under a partner of `partnerSubtype` may not do `need` themselves. */
export function assertPartnerAllows(partnerSubtype: string | null | undefined, need: 'shop' | 'leads'): void {
  const why = referrerRefusal(partnerSubtype, need);
  if (why) throw forbidden(why);
}

/**
 * Loads the group's place in the tree and checks the caller may do `need` on it: 404 'Group not
 * found' for an unknown id, 403 'You do not have access to this group' without any access, and a
 * 403 naming what is missing for a user who has access but not enough. Writers pass their `trx`
 * with `lock` to hold the group row until it commits; with 'chain', the group and every group above
 * it are share-locked before the level is read, so the level cannot be taken away until it commits
 * (a change of a membership holds its group's row for update: it waits, or this waits for it and
 * reads the level it left).
 */
export async function authoriseGroup(
  db: Db,
  caller: Caller,
  groupId: number,
  need: GroupNeed,
  lock?: 'share' | 'update' | 'chain',
): Promise<AuthorisedGroup> {
  if (!isRowId(groupId)) throw groupNotFound();
  if (lock === 'chain') await shareLockChain(db, groupId);
  const row = await groupRowLocked(db, groupId, lock);
  if (!row) throw groupNotFound();
  const level = (await levels(db, caller.id, [groupId])).get(groupId)!;
  assertMay(caller, level.level, need);
  return { ...row, ...level };
}

/** Users read themselves; staff read anyone. Users change or delete themselves; only admin and super change others. */
export function assertOnUser(caller: Caller, targetId: number, need: 'read' | 'change'): void {
  if (!canOnUser(caller, targetId, need)) throw forbidden(userAccessRefusal);
}

/** Staff act on users of their own role or lower, never higher (oneself always). */
export function assertMayActOn(caller: Caller, target: Caller): void {
  if (target.id !== caller.id && !mayActOnRole(caller, target)) throw forbidden(higherRoleRefusal);
}

/** The 403 of the access module when `caller` may not lock `target` (see lockUserRefusal). */
export function assertMayLock(caller: Caller, target: Caller, ownsTargetsGroup: boolean): void {
  const why = lockUserRefusal(caller, target, ownsTargetsGroup);
  if (why) throw forbidden(why);
}
