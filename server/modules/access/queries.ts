import { sql } from 'kysely';
import { strongest, type AccessLevel } from '../../../contract/shared/access';
import type { Db } from '../../db';

// The reads of the group tree and its memberships that authorisation and other modules need, through
// Kysely. Db is the database or a transaction alike (a Transaction is a Kysely): writers pass their `trx`.

/**
 * The one walk up the tree: a `chain` of (start_id, id, parent_id, depth) rows, for each start
 * group itself (depth 0) and every group above it. With maxDepth, the walk stops that many levels
 * up (0: the start groups only). Select from `chain` on the returned query creator.
 */
export function ancestors(db: Db, startIds: readonly number[], maxDepth?: number) {
  return db.withRecursive('chain(start_id, id, parent_id, depth)', (qc) =>
    qc
      .selectFrom('groups')
      .where('groups.id', 'in', [...startIds])
      .select(['groups.id as start_id', 'groups.id', 'groups.parent_id', sql<number>`0`.as('depth')])
      .unionAll(
        qc
          .selectFrom('groups')
          .innerJoin('chain', 'chain.parent_id', 'groups.id')
          .$if(maxDepth !== undefined, (qb) => qb.where('chain.depth', '<', maxDepth!))
          .select(['chain.start_id', 'groups.id', 'groups.parent_id', sql<number>`chain.depth + 1`.as('depth')]),
      ),
  );
}

/**
 * Share-locks the group and every group above it until the transaction ends. A level read after it
 * stands until then: changing a membership (or moving a group) holds that group's row for update.
 */
export async function shareLockChain(trx: Db, groupId: number): Promise<void> {
  await ancestors(trx, [groupId])
    .selectFrom('groups')
    .select('groups.id')
    .where('groups.id', 'in', (eb) => eb.selectFrom('chain').select('chain.id'))
    .forShare('groups')
    .execute();
}

/** Every group under the group, and the group itself. */
export async function subtreeIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('tree(id)', (qc) =>
      qc
        .selectFrom('groups')
        .where('groups.id', '=', groupId)
        .select('groups.id')
        .union(qc.selectFrom('groups').innerJoin('tree', 'tree.id', 'groups.parent_id').select('groups.id')),
    )
    .selectFrom('tree')
    .select('tree.id')
    .execute();
  return rows.map((row) => row.id);
}

export type GroupLevel = {
  /** The strongest level on the group or any group above it. */
  level: AccessLevel | null;
  /** The level held on the group itself. */
  direct: AccessLevel | null;
};

/** The user's levels on each of the groups (one query, whatever the depth of the tree). */
export async function levels(db: Db, userId: number, groupIds: readonly number[]): Promise<Map<number, GroupLevel>> {
  const result = new Map<number, GroupLevel>(groupIds.map((id) => [id, { level: null, direct: null }]));
  if (groupIds.length === 0) return result;
  const rows = await ancestors(db, groupIds)
    .selectFrom('chain')
    .innerJoin('group_users', 'group_users.group_id', 'chain.id')
    .where('group_users.user_id', '=', userId)
    .select(['chain.start_id as groupId', 'group_users.access_level as accessLevel', 'chain.depth'])
    .execute();
  for (const row of rows) {
    const entry = result.get(row.groupId)!;
    entry.level = strongest(entry.level, row.accessLevel);
    if (row.depth === 0) entry.direct = row.accessLevel;
  }
  return result;
}

/** The members of the group (and, unless `own`, of every group above it), with the depth of each level. */
export function membersUp(db: Db, groupId: number, own: boolean) {
  return ancestors(db, [groupId], own ? 0 : undefined)
    .selectFrom('chain')
    .innerJoin('group_users', 'group_users.group_id', 'chain.id')
    .innerJoin('users', 'users.id', 'group_users.user_id')
    .select([
      'users.id',
      'users.user_name as name',
      'users.email',
      'users.personal_name as personalName',
      'group_users.access_level as accessLevel',
      'chain.depth',
    ])
    .orderBy('users.id')
    .execute();
}

/** Is there an owner of the group or of a group above it, other than `userId` on the group itself? */
export async function hasOtherOwner(db: Db, groupId: number, userId: number): Promise<boolean> {
  const row = await ancestors(db, [groupId])
    .selectFrom('chain')
    .innerJoin('group_users', 'group_users.group_id', 'chain.id')
    .where('group_users.access_level', '=', 'owner')
    .where((eb) => eb.not(eb.and([eb('group_users.group_id', '=', groupId), eb('group_users.user_id', '=', userId)])))
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A group's id, type and parent; share-locked with 'share' or 'chain', locked for update with 'update'. */
export function groupRowLocked(db: Db, groupId: number, lock?: 'share' | 'update' | 'chain') {
  return db
    .selectFrom('groups')
    .select(['id', 'type', 'parent_id as parentId'])
    .where('id', '=', groupId)
    .$if(lock === 'share' || lock === 'chain', (qb) => qb.forShare())
    .$if(lock === 'update', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** A group's own row as other modules read it (name, type, subtype, territory, parent); undefined when there is none. */
export function findGroupFacts(db: Db, groupId: number) {
  return db.selectFrom('groups').select(['id', 'type', 'subtype', 'name', 'territory', 'parent_id']).where('id', '=', groupId).executeTakeFirst();
}

/** The same of a group that must exist. */
export function groupFacts(db: Db, groupId: number) {
  return db.selectFrom('groups').select(['id', 'type', 'subtype', 'name', 'territory', 'parent_id']).where('id', '=', groupId).executeTakeFirstOrThrow();
}

/** The subtype of the partner above an organisation (its parent); undefined without one. */
export function partnerSubtypeOf(db: Db, organisationId: number) {
  return db
    .selectFrom('groups as organisation')
    .innerJoin('groups as partner', 'partner.id', 'organisation.parent_id')
    .select('partner.subtype')
    .where('organisation.id', '=', organisationId)
    .executeTakeFirst();
}

/** The groups the user owns directly (owner on the group itself), by name, locked for update. */
export function groupsOwnedBy(trx: Db, userId: number) {
  return trx
    .selectFrom('group_users')
    .innerJoin('groups', 'groups.id', 'group_users.group_id')
    .select(['groups.id', 'groups.name'])
    .where('group_users.user_id', '=', userId)
    .where('group_users.access_level', '=', 'owner')
    .orderBy('groups.name')
    .forUpdate()
    .execute();
}

export async function hasChildren(db: Db, groupId: number): Promise<boolean> {
  return (await db.selectFrom('groups').select('id').where('parent_id', '=', groupId).limit(1).executeTakeFirst()) !== undefined;
}

/** Which of the accounts `accountIds` the user is an authorised payment user of (payment_users). */
export async function payerAccounts(db: Db, userId: number, accountIds: readonly number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db.selectFrom('payment_users').select('account_id').where('user_id', '=', userId).where('account_id', 'in', [...accountIds]).execute();
  return new Set(rows.map((row) => row.account_id));
}
