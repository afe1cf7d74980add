import { charityNotInVerification, corporateErrors, noIdProvided } from '../../contract/shared/messages';
import type { CharityBody, ConfirmCharityBody, CreateGroupBody, UpdateGroupBody } from '../../contract/groups/schemas';
import type { Group } from '../../contract/groups/entities';
import { territoryLabels, type Territory } from '../../contract/shared/territory';
import type { Db } from '../db';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { authoriseGroup, flagsOf, groupLevels, type Actor } from './access';
import { secondsOf, type DomainDeps } from './deps';
import { findUserById, isStaff } from './users';

type GroupDeps = Pick<DomainDeps, 'db' | 'clock'>;
type GroupRow = Omit<Group, 'isOwner' | 'isMember' | 'isManager' | 'children' | 'parent'>;

const groupColumns = `g.id, g.parent_id as "parentId", g.name, g.type, g.subtype, g.address1, g.address2, g.address3,
  g.address4, g.town, g.county, g.postcode, g.country, g.territory, g.pending_ownership as "pendingOwnership",
  g.charity_psl_number as "charityPSLNumber", g.is_in_verify_process as "isInVerifyProcess",
  g.is_royal_mail_discount as "isRoyalMailDiscount", g.is_os_discount as "isOSDiscount",
  g.charity_valid as "charityValid", g.creation_user_id as "creationUserId", g.update_user_id as "updateUserId",
  g.activity_timestamp as "activityTimestamp", g.create_timestamp as "createTimestamp",
  g.update_timestamp as "updateTimestamp"`;

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * The groups as the actor sees them (with their flags), sorted by id; with `recurse`, each with its
 * whole subtree nested in `children`, sorted by id at every level.
 */
export async function groupTrees(db: Db, actor: Actor, ids: readonly number[], recurse: boolean): Promise<Group[]> {
  if (ids.length === 0) return [];
  const { rows } = recurse
    ? await db.query<GroupRow>(
        `with recursive tree as (
           select id from groups where id = any($1::int[])
           union
           select g.id from groups g join tree t on g.parent_id = t.id
         )
         select ${groupColumns} from groups g join tree t on t.id = g.id order by g.id`,
        [ids],
      )
    : await db.query<GroupRow>(`select ${groupColumns} from groups g where g.id = any($1::int[]) order by g.id`, [ids]);
  const levels = await groupLevels(db, actor.id, rows.map((row) => row.id));
  const nodes = new Map<number, Group>(
    rows.map((row) => [row.id, { ...row, ...flagsOf(levels.get(row.id)!.level), ...(recurse ? { children: [] } : {}) }]),
  );
  if (recurse) {
    // Rows come sorted by id, so children are appended in id order.
    for (const node of nodes.values()) {
      if (node.parentId !== null) nodes.get(node.parentId)?.children!.push(node);
    }
  }
  return [...new Set(ids)].map((id) => nodes.get(id)).filter((node) => node !== undefined).sort(byId);
}

/** The group's parent as the actor sees it: one level, or with `chain` its own parents up to the root. */
async function parentOf(db: Db, actor: Actor, parentId: number | null, chain: boolean): Promise<Group | null> {
  if (parentId === null) return null;
  const { rows } = await db.query<GroupRow>(
    `with recursive up (id, parent_id, depth) as (
       select id, parent_id, 0 from groups where id = $1
       union all
       select g.id, g.parent_id, u.depth + 1 from groups g join up u on g.id = u.parent_id where $2::boolean
     )
     select ${groupColumns} from groups g join up u on u.id = g.id order by u.depth`,
    [parentId, chain],
  );
  const levels = await groupLevels(db, actor.id, rows.map((row) => row.id));
  let parent: Group | null = null;
  for (const row of [...rows].reverse()) {
    parent = { ...row, ...flagsOf(levels.get(row.id)!.level), ...(chain ? { parent } : {}) };
  }
  return parent;
}

async function groupFor(db: Db, actor: Actor, id: number): Promise<Group> {
  const [group] = await groupTrees(db, actor, [id], false);
  if (!group) throw notFound('Group not found');
  return group;
}

/** GET /group: the group, its parent one level up and, with recurse, its subtree. */
export async function getGroup(
  db: Db,
  actor: Actor,
  query: { id: number; recurse: boolean; returnInvalid: boolean },
): Promise<Group | null> {
  try {
    await authoriseGroup(db, actor, query.id, 'read');
  } catch (error) {
    // A saved group id may have gone since (spec section 4 restores saved groups): null, not an error.
    if (query.returnInvalid && (error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
  const [group] = await groupTrees(db, actor, [query.id], query.recurse);
  return { ...group, parent: await parentOf(db, actor, group.parentId, false) };
}

/**
 * GET /groups. With parentId: its children. Without: the groups the actor holds a level on directly
 * (staff without any: every root group); with recurse, a group already inside another returned
 * tree is not repeated at the top. recurseParents adds each top group's chain of parents.
 */
export async function listGroups(
  db: Db,
  actor: Actor,
  query: { parentId?: number; recurse: boolean; recurseParents: boolean },
): Promise<Group[]> {
  let ids: number[];
  if (query.parentId !== undefined) {
    await authoriseGroup(db, actor, query.parentId, 'read');
    ids = (await db.query<{ id: number }>('select id from groups where parent_id = $1', [query.parentId])).rows.map((r) => r.id);
  } else {
    ids = (await db.query<{ id: number }>('select group_id as id from group_users where user_id = $1', [actor.id])).rows.map(
      (r) => r.id,
    );
    if (ids.length === 0 && isStaff(actor.roles)) {
      ids = (await db.query<{ id: number }>('select id from groups where parent_id is null')).rows.map((r) => r.id);
    }
  }
  let groups = await groupTrees(db, actor, ids, query.recurse);
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
    for (const group of groups) group.parent = await parentOf(db, actor, group.parentId, true);
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
 * through an invitation with takeOwnership.
 */
export async function createGroup(
  deps: GroupDeps,
  actor: Actor,
  query: { userId?: number; parentId?: number },
  body: CreateGroupBody,
): Promise<{ id: number }> {
  const parentId = query.parentId ?? body.groupId;
  const userId = query.userId ?? body.userId;
  if (parentId === undefined && userId === undefined) throw badRequest(noIdProvided);
  const now = secondsOf(deps.clock);
  const insert = async (
    tx: Db,
    fields: { parentId: number | null; territory: Territory; country: string | null; ownerId: number | null; memberId: number | null },
  ) => {
    const { rows } = await tx.query<{ id: number }>(
      `insert into groups (parent_id, name, type, country, territory, pending_ownership, creation_user_id, update_user_id,
                           create_timestamp, update_timestamp)
       values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8) returning id`,
      [fields.parentId, body.name, body.type, fields.country, fields.territory, !body.owner, actor.id, now],
    );
    const id = rows[0].id;
    const holder = fields.ownerId ?? fields.memberId;
    if (holder !== null) {
      await tx.query('insert into group_users (group_id, user_id, access_level, create_timestamp) values ($1, $2, $3, $4)', [
        id,
        holder,
        fields.ownerId !== null ? 'owner' : 'member',
        now,
      ]);
    }
    return { id };
  };
  const countryOf = (territory: Territory, fallback: string | null) =>
    body.country || (body.territory ? territoryLabels[territory] : (fallback ?? territoryLabels[territory]));

  if (parentId !== undefined) {
    return deps.db.transaction(async (tx) => {
      // Shared lock: the parent cannot be deleted while its child is being added.
      const parent = await authoriseGroup(tx, actor, parentId, 'manage', 'for share');
      if (parent.type !== allowedParent[body.type]) throw badRequest(wrongParent[body.type]);
      const { rows } = await tx.query<{ territory: Territory; country: string | null }>(
        'select territory, country from groups where id = $1',
        [parentId],
      );
      const territory = body.territory ?? rows[0].territory;
      return insert(tx, {
        parentId,
        territory,
        country: countryOf(territory, rows[0].country),
        ownerId: body.owner ? actor.id : null,
        memberId: null,
      });
    });
  }
  if (userId !== actor.id && !actor.roles.includes('super')) throw forbidden('Only super can create groups for other users');
  if (body.type !== 'organisation') throw badRequest('Only an organisation can be created for a user; create accounts under it');
  const target = await findUserById(deps.db, userId!);
  if (!target) throw notFound('User not found');
  return deps.db.transaction((tx) => {
    const territory = body.territory ?? target.territory;
    return insert(tx, {
      parentId: null,
      territory,
      country: countryOf(territory, target.country),
      ownerId: body.owner ? target.id : null,
      memberId: body.owner ? null : target.id,
    });
  });
}

const updatable: Record<keyof UpdateGroupBody, string> = {
  name: 'name',
  address1: 'address1',
  address2: 'address2',
  address3: 'address3',
  address4: 'address4',
  town: 'town',
  county: 'county',
  postcode: 'postcode',
  country: 'country',
  territory: 'territory',
};

/** PUT /groups: name, address and territory, by an owner or staff. Empty texts clear a field. */
export function updateGroup(deps: GroupDeps, actor: Actor, groupId: number, changes: UpdateGroupBody): Promise<Group> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as [keyof UpdateGroupBody, unknown][];
  const sets = Object.fromEntries(entries.map(([key, value]) => [updatable[key], value === '' ? null : value]));
  return changeGroup(deps, actor, groupId, 'manage', () => sets);
}

/** DELETE /groups: a group with nothing under it, by an owner or staff; its memberships go with it. */
export async function deleteGroup(deps: GroupDeps, actor: Actor, groupId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // The row lock makes a child being added at the same time wait, then fail to find its parent.
    await authoriseGroup(tx, actor, groupId, 'manage', 'for update');
    if (await hasChildren(tx, groupId)) throw conflict('This group still has groups under it: delete them first');
    await tx.query('delete from groups where id = $1', [groupId]);
  });
}

const hasChildren = async (db: Db, groupId: number) =>
  (await db.query('select 1 from groups where parent_id = $1 limit 1', [groupId])).rows.length > 0;

/** GET /account/candelete (plans manager): true when nothing hangs below the account. */
export async function canDeleteAccount(db: Db, actor: Actor, accountId: number): Promise<boolean> {
  await authoriseGroup(db, actor, accountId, 'read');
  return !(await hasChildren(db, accountId));
}

type Need = Parameters<typeof authoriseGroup>[3];

/** Locks the group, checks the actor and the group's state, applies the update, and returns the group. */
async function changeGroup(
  deps: GroupDeps,
  actor: Actor,
  groupId: number,
  need: Need,
  change: (tx: Db, group: GroupRow) => Record<string, unknown> | Promise<Record<string, unknown>>,
): Promise<Group> {
  await deps.db.transaction(async (tx) => {
    await authoriseGroup(tx, actor, groupId, need, 'for update');
    const { rows } = await tx.query<GroupRow>(`select ${groupColumns} from groups g where g.id = $1`, [groupId]);
    const entries = Object.entries(await change(tx, rows[0]));
    await tx.query(
      `update groups set ${['update_timestamp = $2', 'update_user_id = $3', ...entries.map(([column], i) => `${column} = $${i + 4}`)].join(', ')}
        where id = $1`,
      [groupId, secondsOf(deps.clock), actor.id, ...entries.map(([, value]) => value)],
    );
  });
  return groupFor(deps.db, actor, groupId);
}

/** PUT /group/enablecorporate and /group/disablecorporate (spec sections 4 and 5). */
export function setCorporate(deps: GroupDeps, actor: Actor, groupId: number, enable: boolean): Promise<Group> {
  return changeGroup(deps, actor, groupId, 'manage', (_tx, group) => {
    if (group.type !== 'organisation') throw badRequest(corporateErrors.type);
    if (enable && group.subtype) throw badRequest(corporateErrors.enable);
    if (!enable && group.subtype !== 'corporate') throw badRequest(corporateErrors.disable);
    return { subtype: enable ? 'corporate' : null };
  });
}

const onlyOrganisationCharities = () => badRequest('Only organisations can be charities');

/** PUT /group/updatecharity: sets the charity number, to be verified by staff. */
export function updateCharity(deps: GroupDeps, actor: Actor, groupId: number, body: CharityBody): Promise<Group> {
  return changeGroup(deps, actor, groupId, 'manage', (_tx, group) => {
    if (group.type !== 'organisation') throw onlyOrganisationCharities();
    return {
      charity_psl_number: body.charityPSLNumber,
      is_in_verify_process: body.isInVerifyProcess,
      is_royal_mail_discount: body.isRoyalMailDiscount,
      is_os_discount: body.isOSDiscount,
      charity_valid: null,
    };
  });
}

/** PUT /group/confirmcharity (staff): settles a charity in verification as valid or invalid. */
export function confirmCharity(deps: GroupDeps, actor: Actor, groupId: number, body: ConfirmCharityBody): Promise<Group> {
  return changeGroup(deps, actor, groupId, 'staff', (_tx, group) => {
    if (!group.isInVerifyProcess) throw badRequest(charityNotInVerification);
    return {
      charity_psl_number: body.charityPSLNumber,
      is_in_verify_process: false,
      // An invalid charity gets no discount, whatever was asked.
      is_royal_mail_discount: body.isValid && body.isRoyalMailDiscount,
      is_os_discount: body.isValid && body.isOSDiscount,
      charity_valid: body.isValid,
    };
  });
}

/** PUT /group/disablecharity: the group is no longer a charity. */
export function disableCharity(deps: GroupDeps, actor: Actor, groupId: number): Promise<Group> {
  return changeGroup(deps, actor, groupId, 'manage', () => ({
    charity_psl_number: null,
    is_in_verify_process: false,
    is_royal_mail_discount: false,
    is_os_discount: false,
    charity_valid: null,
  }));
}

/** PUT /migrate/orgToPartner (admin, super): a root organisation becomes a partner, keeping its children. */
export function organisationToPartner(deps: GroupDeps, actor: Actor, groupId: number, partnerType: string): Promise<Group> {
  return changeGroup(deps, actor, groupId, 'admin', (_tx, group) => {
    if (group.type !== 'organisation') throw badRequest('Only organisations can be migrated to partners');
    if (group.parentId !== null) throw badRequest('Only an organisation without a partner can become a partner');
    return { type: 'partner', subtype: partnerType || null };
  });
}

/** PUT /migrate/removeFromPartner (admin, super): the organisation leaves its partner and becomes a root. */
export function removeFromPartner(deps: GroupDeps, actor: Actor, groupId: number): Promise<Group> {
  return changeGroup(deps, actor, groupId, 'admin', async (tx, group) => {
    const { rows } = await tx.query<{ type: string }>('select type from groups where id = $1', [group.parentId]);
    if (group.type !== 'organisation' || rows[0]?.type !== 'partner') {
      throw badRequest('Only an organisation under a partner can be removed from it');
    }
    return { parent_id: null };
  });
}
