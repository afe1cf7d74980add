import { flagsOf, mayUser } from '../../../contract/shared/access';
import { noIdProvided } from '../../../contract/shared/messages';
import type { Group } from '../../../contract/groups/entities';
import type { CreateGroupBody, UpdateGroupBody } from '../../../contract/groups/schemas';
import { territoryLabels, type Territory } from '../../../contract/shared/territory';
import type { Db } from '../../db';
import type { Updateable } from 'kysely';
import type { GroupsTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { holdsSubscriptions } from '../plans/index';
import { findUserById, groupIdsOf } from '../users/index';
import { assertUserMay, authoriseGroup, hasChildren, levels, payerAccounts, type Caller } from '../access/index';
import {
  childIds,
  deleteGroupRow,
  groupChain,
  groupPlace,
  groupRows,
  insertGroup,
  putGroupUser,
  topGroupIds,
  updateGroupRow,
  type GroupRow,
} from './queries';

// The group tree (spec sections 4 to 6): reading, creating, renaming and deleting groups. Every
// function is (deps, caller, input) and authorises inside; every multi-write runs in one transaction.

export type GroupDeps = Pick<Deps, 'db' | 'clock'>;
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * The groups as the caller sees them (with their flags), sorted by id; with `recurse`, each with its
 * whole subtree nested in `children`, sorted by id at every level.
 */
export async function groupTrees(db: Db, caller: Caller, ids: readonly number[], recurse: boolean): Promise<Group[]> {
  if (ids.length === 0) return [];
  const rows = await groupRows(db, ids, recurse);
  const found = await levels(db, caller.id, rows.map((row) => row.id));
  const payer = await payerAccounts(db, caller.id, rows.filter((row) => row.type === 'account').map((row) => row.id));
  const nodes = new Map<number, Group>(
    rows.map((row) => [row.id, { ...row, ...flagsOf(found.get(row.id)!.level, payer.has(row.id)), ...(recurse ? { children: [] } : {}) }]),
  );
  if (recurse) {
    // Rows come sorted by id, so children are appended in id order.
    for (const node of nodes.values()) {
      if (node.parentId !== null) nodes.get(node.parentId)?.children!.push(node);
    }
  }
  return [...new Set(ids)].map((id) => nodes.get(id)).filter((node) => node !== undefined).sort(byId);
}

/** The group's parent as the caller sees it: one level, or with `chain` its own parents up to the root. */
async function parentOf(db: Db, caller: Caller, parentId: number | null, chain: boolean): Promise<Group | null> {
  if (parentId === null) return null;
  const rows = await groupChain(db, parentId, chain ? undefined : 0);
  const found = await levels(db, caller.id, rows.map((row) => row.id));
  let parent: Group | null = null;
  for (const row of [...rows].reverse()) {
    parent = { ...row, ...flagsOf(found.get(row.id)!.level), ...(chain ? { parent } : {}) };
  }
  return parent;
}

export async function groupFor(db: Db, caller: Caller, id: number): Promise<Group> {
  const [group] = await groupTrees(db, caller, [id], false);
  if (!group) throw notFound('Group not found');
  return group;
}

/** GET /group: the group, its parent one level up and, with recurse, its subtree. */
export async function getGroup(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  query: { id: number; recurse: boolean; returnInvalid: boolean },
): Promise<Group | null> {
  try {
    await authoriseGroup(deps.db, caller, query.id, 'read');
  } catch (error) {
    // A saved group id may have gone since (spec section 4 restores saved groups): null, not an error.
    if (query.returnInvalid && (error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
  const [group] = await groupTrees(deps.db, caller, [query.id], query.recurse);
  return { ...group, parent: await parentOf(deps.db, caller, group.parentId, false) };
}

/**
 * GET /groups. With parentId: its children. Without: the groups the caller holds a level on directly
 * (staff without any: every root group); with recurse, a group already inside another returned
 * tree is not repeated at the top. recurseParents adds each top group's chain of parents.
 */
export async function listGroups(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  query: { parentId?: number; recurse: boolean; recurseParents: boolean },
): Promise<Group[]> {
  const { db } = deps;
  let ids: number[];
  if (query.parentId !== undefined) {
    await authoriseGroup(db, caller, query.parentId, 'read');
    ids = await childIds(db, query.parentId);
  } else {
    ids = await groupIdsOf(db, caller.id);
    if (ids.length === 0 && mayUser(caller, 'see everything')) {
      ids = await topGroupIds(db);
    }
  }
  let groups = await groupTrees(db, caller, ids, query.recurse);
  if (query.recurse) {
    const nested = new Set<number>();
    const collect = (group: Group) => {
      for (const child of group.children ?? []) {
        nested.add(child.id);
        collect(child);
      }
    };
    groups.forEach(collect);
    groups = groups.filter((group) => !nested.has(group.id));
  }
  if (query.recurseParents) {
    for (const group of groups) group.parent = await parentOf(db, caller, group.parentId, true);
  }
  return groups;
}

const allowedParent = { organisation: 'partner', account: 'organisation' } as const;
const wrongParent = {
  organisation: 'An organisation can only be created under a partner',
  account: 'An account can only be created under an organisation',
} as const;

/**
 * POST /groups. With a parent id: an organisation under a partner or an account under an
 * organisation, by an owner of the parent or staff. With a user id: a root organisation for that
 * user, by super (or by the user for themselves). With owner false nobody is made owner (that
 * user joins as a member) and the group waits for someone to take ownership (pendingOwnership)
 * through an invitation with takeOwnership. The group and its first membership are one transaction.
 */
export async function createGroup(
  deps: GroupDeps,
  caller: Caller,
  input: { query: { userId?: number; parentId?: number }; body: CreateGroupBody },
): Promise<{ id: number }> {
  const { query, body } = input;
  const parentId = query.parentId ?? body.groupId;
  const userId = query.userId ?? body.userId;
  if (parentId === undefined && userId === undefined) throw badRequest(noIdProvided);
  const now = secondsOf(deps.clock);
  const insert = async (
    trx: Db,
    fields: { parentId: number | null; territory: Territory; country: string | null; ownerId: number | null; memberId: number | null },
  ) => {
    const id = await insertGroup(trx, {
      parent_id: fields.parentId,
      name: body.name,
      type: body.type,
      country: fields.country,
      territory: fields.territory,
      pending_ownership: !body.owner,
      creation_user_id: caller.id,
      update_user_id: caller.id,
      create_timestamp: now,
      update_timestamp: now,
    });
    const holder = fields.ownerId ?? fields.memberId;
    if (holder !== null) await putGroupUser(trx, id, holder, fields.ownerId !== null ? 'owner' : 'member', now);
    return { id };
  };
  const countryOf = (territory: Territory, fallback: string | null) =>
    body.country || (body.territory ? territoryLabels[territory] : (fallback ?? territoryLabels[territory]));

  if (parentId !== undefined) {
    return deps.db.transaction().execute(async (trx) => {
      // Shared lock: the parent cannot be deleted while its child is being added.
      const parent = await authoriseGroup(trx, caller, parentId, 'manage', 'share');
      if (parent.type !== allowedParent[body.type]) throw badRequest(wrongParent[body.type]);
      const row = await groupPlace(trx, parentId);
      const territory = body.territory ?? row.territory;
      return insert(trx, {
        parentId,
        territory,
        country: countryOf(territory, row.country),
        ownerId: body.owner ? caller.id : null,
        memberId: null,
      });
    });
  }
  if (userId !== caller.id) assertUserMay(caller, 'create groups for others');
  if (body.type !== 'organisation') throw badRequest('Only an organisation can be created for a user; create accounts under it');
  const target = await findUserById(deps.db, userId!);
  if (!target) throw notFound('User not found');
  return deps.db.transaction().execute((trx) => {
    const territory = body.territory ?? target.territory;
    return insert(trx, {
      parentId: null,
      territory,
      country: countryOf(territory, target.country),
      ownerId: body.owner ? target.id : null,
      memberId: body.owner ? null : target.id,
    });
  });
}

/** PUT /groups: name, address and territory, by an owner or staff. Empty texts clear a field. */
export function updateGroup(
  deps: GroupDeps,
  caller: Caller,
  input: { query: { groupId: number }; body: UpdateGroupBody },
): Promise<Group> {
  const blank = (value: string | null | undefined) => (value === '' ? null : value);
  const { name, territory, ...address } = input.body;
  const changes: Updateable<GroupsTable> = {
    ...(name !== undefined ? { name } : {}),
    ...(territory !== undefined ? { territory } : {}),
    ...Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined).map(([key, value]) => [key, blank(value)])),
  };
  return changeGroup(deps, caller, input.query.groupId, 'manage', () => changes);
}

type Need = Parameters<typeof authoriseGroup>[3];

/**
 * Locks the group, checks the caller and the group's state, applies the update (then `after`, in the
 * same transaction), and returns the group.
 */
export async function changeGroup(
  deps: GroupDeps,
  caller: Caller,
  groupId: number,
  need: Need,
  change: (trx: Db, group: GroupRow) => Updateable<GroupsTable> | Promise<Updateable<GroupsTable>>,
  after?: (trx: Db) => Promise<unknown>,
): Promise<Group> {
  await deps.db.transaction().execute(async (trx) => {
    await authoriseGroup(trx, caller, groupId, need, 'update');
    const [row] = await groupRows(trx, [groupId], false);
    const changes = await change(trx, row);
    await updateGroupRow(trx, groupId, { ...changes, update_timestamp: secondsOf(deps.clock), update_user_id: caller.id });
    await after?.(trx);
  });
  return groupFor(deps.db, caller, groupId);
}

export const holdsSubscriptionsMessage = 'This account holds subscriptions to plans: it cannot be deleted';

/** DELETE /groups: a group with nothing under it (no groups, no subscriptions), by an owner or staff; its memberships go with it. */
export async function deleteGroup(deps: GroupDeps, caller: Caller, input: { id: number }): Promise<{ msg: string }> {
  await deps.db.transaction().execute(async (trx) => {
    // The row lock makes a child being added at the same time wait, then fail to find its parent.
    await authoriseGroup(trx, caller, input.id, 'manage', 'update');
    if (await hasChildren(trx, input.id)) throw conflict('This group still has groups under it: delete them first');
    // Its bundles were paid for and its usage is its history: neither goes with a click.
    if (await holdsSubscriptions(trx, input.id)) throw conflict(holdsSubscriptionsMessage);
    await deleteGroupRow(trx, input.id);
  });
  return { msg: 'Group deleted' };
}
