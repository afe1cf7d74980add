import type { Insertable, Updateable } from 'kysely';
import type { AccessLevel, GroupType } from '../../../contract/shared/access';
import type { Db } from '../../db';
import type { GroupsTable } from '../../db/schema';
import { ancestors } from '../access/index';

// The SQL of the groups' own rows and memberships, through Kysely (the tree's reads that other modules
// need are the access module's). Db is the database or a transaction alike: writers pass their `trx`.

/** The groups row as the contract's Group names it (flags, children and parent are added by the service). */
export const groupColumns = [
  'groups.id',
  'groups.parent_id as parentId',
  'groups.name',
  'groups.type',
  'groups.subtype',
  'groups.address1',
  'groups.address2',
  'groups.address3',
  'groups.address4',
  'groups.town',
  'groups.county',
  'groups.postcode',
  'groups.country',
  'groups.territory',
  'groups.pending_ownership as pendingOwnership',
  'groups.charity_psl_number as charityPSLNumber',
  'groups.is_in_verify_process as isInVerifyProcess',
  'groups.is_royal_mail_discount as isRoyalMailDiscount',
  'groups.is_os_discount as isOSDiscount',
  'groups.charity_valid as charityValid',
  'groups.creation_user_id as creationUserId',
  'groups.update_user_id as updateUserId',
  'groups.activity_timestamp as activityTimestamp',
  'groups.create_timestamp as createTimestamp',
  'groups.update_timestamp as updateTimestamp',
] as const;

/** The groups with the given ids and, with `recurse`, every group below them; sorted by id. */
export function groupRows(db: Db, ids: readonly number[], recurse: boolean) {
  if (!recurse) return db.selectFrom('groups').where('groups.id', 'in', [...ids]).select(groupColumns).orderBy('groups.id').execute();
  return db
    .withRecursive('tree(id)', (qc) =>
      qc
        .selectFrom('groups')
        .where('groups.id', 'in', [...ids])
        .select('groups.id')
        .union(qc.selectFrom('groups').innerJoin('tree', 'tree.id', 'groups.parent_id').select('groups.id')),
    )
    .selectFrom('groups')
    .innerJoin('tree', 'tree.id', 'groups.id')
    .select(groupColumns)
    .orderBy('groups.id')
    .execute();
}
export type GroupRow = Awaited<ReturnType<typeof groupRows>>[number];

/** The group and the groups above it, nearest first (with maxDepth 0: the group alone). */
export function groupChain(db: Db, groupId: number, maxDepth?: number) {
  return ancestors(db, [groupId], maxDepth)
    .selectFrom('chain')
    .innerJoin('groups', 'groups.id', 'chain.id')
    .select(groupColumns)
    .orderBy('chain.depth')
    .execute();
}

/**
 * The one write of a membership: the user holds `level` on the group itself (replacing any level
 * they held there before).
 */
export async function putGroupUser(db: Db, groupId: number, userId: number, level: AccessLevel, now: number): Promise<void> {
  await db
    .insertInto('group_users')
    .values({ group_id: groupId, user_id: userId, access_level: level, create_timestamp: now })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet((eb) => ({ access_level: eb.ref('excluded.access_level') })))
    .execute();
}

/** The level the user holds on the group itself, locking the membership row until the transaction ends. */
export async function directLevelForUpdate(trx: Db, groupId: number, userId: number): Promise<AccessLevel | undefined> {
  const row = await trx
    .selectFrom('group_users')
    .select('access_level')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row?.access_level;
}

/** The group's name (the group must exist). */
export async function groupName(db: Db, groupId: number): Promise<string> {
  const { name } = await db.selectFrom('groups').select('name').where('id', '=', groupId).executeTakeFirstOrThrow();
  return name;
}

/** The group's type; undefined when there is no such group. */
export async function groupTypeOf(db: Db, groupId: number): Promise<GroupType | undefined> {
  return (await db.selectFrom('groups').select('type').where('id', '=', groupId).executeTakeFirst())?.type;
}

/** The group's territory and country (the group must exist). */
export function groupPlace(db: Db, groupId: number) {
  return db.selectFrom('groups').select(['territory', 'country']).where('id', '=', groupId).executeTakeFirstOrThrow();
}

/** The ids of the groups directly under the group. */
export async function childIds(db: Db, parentId: number): Promise<number[]> {
  return (await db.selectFrom('groups').select('id').where('parent_id', '=', parentId).execute()).map((r) => r.id);
}

/** The ids of the groups at the top of the tree (under no group). */
export async function topGroupIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('groups').select('id').where('parent_id', 'is', null).execute()).map((r) => r.id);
}

/** Writes a group; its id. */
export async function insertGroup(trx: Db, values: Insertable<GroupsTable>): Promise<number> {
  const { id } = await trx.insertInto('groups').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Changes the group's row. */
export async function updateGroupRow(trx: Db, groupId: number, changes: Updateable<GroupsTable>): Promise<void> {
  await trx.updateTable('groups').set(changes).where('id', '=', groupId).execute();
}

/** Deletes the group's row. */
export async function deleteGroupRow(trx: Db, groupId: number): Promise<void> {
  await trx.deleteFrom('groups').where('id', '=', groupId).execute();
}

/** Removes the user's membership of the group itself. */
export async function deleteGroupUser(trx: Db, groupId: number, userId: number): Promise<void> {
  await trx.deleteFrom('group_users').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}
