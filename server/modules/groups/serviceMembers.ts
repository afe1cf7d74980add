import { strongest, type AccessLevel } from '../../../contract/shared/access';
import { managerOnlyForPartners } from '../../../contract/shared/messages';
import type { GroupUser } from '../../../contract/groups/entities';
import type { Db } from '../../db';
import { badRequest, conflict, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { endExportsNoLongerAllowed } from '../tokens/index';
import { assertMayChangeLevel, authoriseGroup, hasOtherOwner, levels, membersUp, type Caller } from '../access/index';
import { deleteGroupUser, directLevelForUpdate, putGroupUser } from './queries';

// A group's members and their levels (spec section 5; invitations are in ./invitations.ts).

const notAMember = () => notFound('This user is not a member of this group');

export function assertLevelFits(level: AccessLevel, groupType: string): void {
  if (level === 'manager' && groupType !== 'partner') throw badRequest(managerOnlyForPartners);
}

/**
 * GET /groupusers: everyone with access to the group, with their effective level and whether it comes
 * from a group above (inherited); with excludeParents, only the levels held on the group itself.
 */
export async function listGroupUsers(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  query: { groupId: number; accessLevel?: AccessLevel; excludeParents: boolean },
): Promise<GroupUser[]> {
  await authoriseGroup(deps.db, caller, query.groupId, 'read');
  const rows = await membersUp(deps.db, query.groupId, query.excludeParents);
  const users = new Map<number, GroupUser & { direct: AccessLevel | null }>();
  for (const { depth, ...row } of rows) {
    const entry = users.get(row.id) ?? { ...row, direct: null };
    entry.accessLevel = strongest(entry.accessLevel, row.accessLevel)!;
    if (depth === 0) entry.direct = row.accessLevel;
    users.set(row.id, entry);
  }
  return [...users.values()]
    .filter((user) => !query.accessLevel || user.accessLevel === query.accessLevel)
    .map(({ direct, ...user }) => (query.excludeParents ? user : { ...user, inherited: user.accessLevel !== direct }));
}

export type GroupUserAccess = { groupId: number; userId: number; accessLevel: AccessLevel | null; inherited: boolean };
type GroupUserKey = { groupId: number; userId: number };

/** GET /groupuseraccess: the user's effective level on the group (null: none). */
export async function getGroupUserAccess(deps: Pick<Deps, 'db'>, caller: Caller, input: GroupUserKey): Promise<GroupUserAccess> {
  const { groupId, userId } = input;
  await authoriseGroup(deps.db, caller, groupId, 'read');
  const { level, direct } = (await levels(deps.db, userId, [groupId])).get(groupId)!;
  return { groupId, userId, accessLevel: level, inherited: level !== null && level !== direct };
}


/** Refuses to take away the last owner of a group (on it or above it): nobody could manage it after. */
async function assertKeepsAnOwner(trx: Db, groupId: number, userId: number): Promise<void> {
  if (!(await hasOtherOwner(trx, groupId, userId))) throw conflict('A group must keep at least one owner');
}

/** PUT /groupuseraccess: changes the level a member holds on the group itself (owners and staff). */
export async function setGroupUserAccess(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  input: GroupUserKey & { accessLevel: AccessLevel },
): Promise<GroupUserAccess> {
  const { groupId, userId, accessLevel } = input;
  await deps.db.transaction().execute(async (trx) => {
    const group = await authoriseGroup(trx, caller, groupId, 'manage', 'update');
    assertLevelFits(accessLevel, group.type);
    const current = await directLevelForUpdate(trx, groupId, userId);
    if (!current) throw notAMember();
    assertMayChangeLevel(caller, group.level, current, accessLevel);
    if (current === 'owner' && accessLevel !== 'owner') await assertKeepsAnOwner(trx, groupId, userId);
    const now = secondsOf(deps.clock);
    await putGroupUser(trx, groupId, userId, accessLevel, now);
    // A demoted owner's exported tokens of the accounts they no longer own stop with the demotion.
    await endExportsNoLongerAllowed(trx, { userId }, now);
  });
  return getGroupUserAccess(deps, caller, { groupId, userId });
}

/** DELETE /groupusers and /groupuseraccess: removes the user's own level on the group (owners, staff, or the user leaving). */
export async function removeGroupUser(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, input: GroupUserKey): Promise<{ msg: string }> {
  const { groupId, userId } = input;
  await deps.db.transaction().execute(async (trx) => {
    const group = await authoriseGroup(trx, caller, groupId, userId === caller.id ? 'read' : 'manage', 'update');
    const current = await directLevelForUpdate(trx, groupId, userId);
    if (!current) throw notAMember();
    if (userId !== caller.id) assertMayChangeLevel(caller, group.level, current, null);
    if (current === 'owner') await assertKeepsAnOwner(trx, groupId, userId);
    await deleteGroupUser(trx, groupId, userId);
    // So do their exported tokens of the accounts they owned through this group (and no longer own).
    await endExportsNoLongerAllowed(trx, { userId }, secondsOf(deps.clock));
  });
  return { msg: 'User removed from the group' };
}
