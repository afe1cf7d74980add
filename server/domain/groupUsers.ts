import type { AccessLevel } from '../../contract/shared/access';
import { managerOnlyForPartners } from '../../contract/shared/messages';
import type { Group, GroupUser } from '../../contract/groups/entities';
import type { InviteBody } from '../../contract/groups/schemas';
import type { InviteTokens } from '../auth/inviteTokens';
import type { Db } from '../db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors';
import { authoriseGroup, groupLevels, strongest, type Actor } from './access';
import { secondsOf, type DomainDeps } from './deps';
import { groupTrees } from './groups';
import { inviteMail } from './inviteMail';

const notAMember = () => notFound('This user is not a member of this group');

function assertLevelFits(level: AccessLevel, groupType: string): void {
  if (level === 'manager' && groupType !== 'partner') throw badRequest(managerOnlyForPartners);
}

/**
 * GET /groupusers: everyone with access to the group, with their effective level and whether it comes
 * from a group above (inherited); with excludeParents, only the levels held on the group itself.
 */
export async function listGroupUsers(
  db: Db,
  actor: Actor,
  query: { groupId: number; accessLevel?: AccessLevel; excludeParents: boolean },
): Promise<GroupUser[]> {
  await authoriseGroup(db, actor, query.groupId, 'read');
  const { rows } = await db.query<Omit<GroupUser, 'inherited'> & { direct: boolean }>(
    `with recursive chain (id, parent_id, depth) as (
       select id, parent_id, 0 from groups where id = $1
       union all
       select g.id, g.parent_id, c.depth + 1 from groups g join chain c on g.id = c.parent_id where not $2::boolean
     )
     select u.id, u.user_name as name, u.email, u.personal_name as "personalName",
            gu.access_level as "accessLevel", c.depth = 0 as direct
       from chain c join group_users gu on gu.group_id = c.id join users u on u.id = gu.user_id
      order by u.id`,
    [query.groupId, query.excludeParents],
  );
  const users = new Map<number, GroupUser & { direct: AccessLevel | null }>();
  for (const { direct, ...row } of rows) {
    const entry = users.get(row.id) ?? { ...row, direct: null };
    entry.accessLevel = strongest(entry.accessLevel, row.accessLevel)!;
    if (direct) entry.direct = row.accessLevel;
    users.set(row.id, entry);
  }
  return [...users.values()]
    .filter((user) => !query.accessLevel || user.accessLevel === query.accessLevel)
    .map(({ direct, ...user }) => (query.excludeParents ? user : { ...user, inherited: user.accessLevel !== direct }));
}

export type GroupUserAccess = { groupId: number; userId: number; accessLevel: AccessLevel | null; inherited: boolean };

/** GET /groupuseraccess: the user's effective level on the group (null: none). */
export async function getGroupUserAccess(db: Db, actor: Actor, groupId: number, userId: number): Promise<GroupUserAccess> {
  await authoriseGroup(db, actor, groupId, 'read');
  const { level, direct } = (await groupLevels(db, userId, [groupId])).get(groupId)!;
  return { groupId, userId, accessLevel: level, inherited: level !== null && level !== direct };
}

/** Refuses to take away the last owner of a group (on it or above it): nobody could manage it after. */
async function assertKeepsAnOwner(tx: Db, groupId: number, userId: number): Promise<void> {
  const { rows } = await tx.query(
    `with recursive chain (id, parent_id) as (
       select id, parent_id from groups where id = $1
       union all
       select g.id, g.parent_id from groups g join chain c on g.id = c.parent_id
     )
     select 1 from chain c join group_users gu on gu.group_id = c.id
      where gu.access_level = 'owner' and not (gu.group_id = $1 and gu.user_id = $2)
      limit 1`,
    [groupId, userId],
  );
  if (rows.length === 0) throw conflict('A group must keep at least one owner');
}

async function directLevel(tx: Db, groupId: number, userId: number): Promise<AccessLevel | undefined> {
  const { rows } = await tx.query<{ accessLevel: AccessLevel }>(
    'select access_level as "accessLevel" from group_users where group_id = $1 and user_id = $2 for update',
    [groupId, userId],
  );
  return rows[0]?.accessLevel;
}

/** PUT /groupuseraccess: changes the level a member holds on the group itself (owners and staff). */
export async function setGroupUserAccess(
  db: Db,
  actor: Actor,
  groupId: number,
  userId: number,
  accessLevel: AccessLevel,
): Promise<GroupUserAccess> {
  await db.transaction(async (tx) => {
    const group = await authoriseGroup(tx, actor, groupId, 'manage', 'for update');
    assertLevelFits(accessLevel, group.type);
    const current = await directLevel(tx, groupId, userId);
    if (!current) throw notAMember();
    if (current === 'owner' && accessLevel !== 'owner') await assertKeepsAnOwner(tx, groupId, userId);
    await tx.query('update group_users set access_level = $3 where group_id = $1 and user_id = $2', [groupId, userId, accessLevel]);
  });
  return getGroupUserAccess(db, actor, groupId, userId);
}

/** DELETE /groupusers and /groupuseraccess: removes the user's own level on the group (owners, staff, or the user leaving). */
export async function removeGroupUser(db: Db, actor: Actor, groupId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await authoriseGroup(tx, actor, groupId, userId === actor.id ? 'read' : 'manage', 'for update');
    const current = await directLevel(tx, groupId, userId);
    if (!current) throw notAMember();
    if (current === 'owner') await assertKeepsAnOwner(tx, groupId, userId);
    await tx.query('delete from group_users where group_id = $1 and user_id = $2', [groupId, userId]);
  });
}

export type InviteDeps = Pick<DomainDeps, 'db' | 'clock' | 'mailer' | 'log'> & { inviteTokens: InviteTokens };

/**
 * POST /groupusers: emails `email` a signed, single-use link to join the group. The invitation row
 * is removed again if the mail cannot be sent, so a failed call leaves nothing behind.
 */
export async function inviteToGroup(
  deps: InviteDeps,
  actor: Actor & { personalName: string | null; email: string },
  query: { groupId: number; email: string },
  body: InviteBody,
  baseUrl: string,
): Promise<void> {
  const group = await authoriseGroup(deps.db, actor, query.groupId, 'manage');
  assertLevelFits(body.accessLevel, group.type);
  const now = secondsOf(deps.clock);
  const { rows } = await deps.db.query<{ name: string }>('select name from groups where id = $1', [group.id]);
  const { jwt, jti } = await deps.inviteTokens.sign(
    { groupId: group.id, email: query.email, accessLevel: body.accessLevel, takeOwnership: body.takeOwnership },
    now,
    body.expiry,
  );
  await deps.db.query(
    `insert into invites (jti, group_id, email, access_level, take_ownership, invited_by, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [jti, group.id, query.email, body.accessLevel, body.takeOwnership, actor.id, now, now + body.expiry],
  );
  const link = `${baseUrl}/portal/acceptinvite?jwt=${encodeURIComponent(jwt)}`;
  try {
    await deps.mailer.send(
      inviteMail(query.email, {
        groupName: rows[0].name,
        inviter: actor.personalName || actor.email,
        link,
        takeOwnership: body.takeOwnership,
        expirySeconds: body.expiry,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, groupId: group.id }, 'Could not send the invitation email');
    await deps.db.query('delete from invites where jti = $1', [jti]);
    throw new AppError(502, 'The invitation email could not be sent');
  }
}

const invalidInvitation = () => badRequest('Invalid invitation');

/**
 * POST /groupinvite: the signed-in user accepts an invitation addressed to their email. The
 * membership and the invitation's use are written together; takeOwnership makes them owner and
 * ends the group's pending ownership.
 */
export async function acceptInvite(
  deps: InviteDeps,
  user: Actor & { email: string },
  jwt: string,
): Promise<Group> {
  const check = await deps.inviteTokens.verify(jwt, deps.clock());
  if (!check.ok) throw check.reason === 'expired' ? badRequest('This invitation has expired') : invalidInvitation();
  const { claims } = check;
  const now = secondsOf(deps.clock);
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ usedAt: number | null; email: string; groupId: number }>(
      'select used_at as "usedAt", email, group_id as "groupId" from invites where jti = $1 for update',
      [claims.jti],
    );
    const invite = rows[0];
    // No row: the group was deleted since, or the token never came from here.
    if (!invite || invite.groupId !== claims.groupId) throw invalidInvitation();
    if (invite.usedAt !== null) throw badRequest('This invitation has already been used');
    if (invite.email.toLowerCase() !== user.email.toLowerCase()) throw forbidden('This invitation is for another user');
    const invited: AccessLevel = claims.takeOwnership ? 'owner' : claims.accessLevel;
    const current = await directLevel(tx, invite.groupId, user.id);
    const level = strongest(current ?? null, invited)!;
    await tx.query(
      `insert into group_users (group_id, user_id, access_level, create_timestamp) values ($1, $2, $3, $4)
       on conflict (group_id, user_id) do update set access_level = excluded.access_level`,
      [invite.groupId, user.id, level, now],
    );
    if (claims.takeOwnership) {
      await tx.query('update groups set pending_ownership = false, update_timestamp = $2, update_user_id = $3 where id = $1', [
        invite.groupId,
        now,
        user.id,
      ]);
    }
    await tx.query('update invites set used_at = $2, used_by = $3 where jti = $1', [claims.jti, now, user.id]);
  });
  const [group] = await groupTrees(deps.db, user, [claims.groupId], false);
  return group;
}
