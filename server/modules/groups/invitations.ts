import { strongest, type AccessLevel } from '../../../contract/shared/access';
import type { Group } from '../../../contract/groups/entities';
import type { InvitationPreview, InviteBody } from '../../../contract/groups/schemas';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { baseUrlOf, type Deps } from '../../kernel/deps';
import { userIdsByEmail } from '../users/index';
import { assertMayChangeLevel, authoriseGroup, levels, type Caller, type GroupLevel } from '../access/index';
import { inviteMail } from './inviteMail';
import { deleteInvite, insertInvite, invitation, inviteForUpdate, markInviteUsed } from './inviteQueries';
import { directLevelForUpdate, groupName, putGroupUser, updateGroupRow } from './queries';
import { assertLevelFits, groupTrees } from './service';

// Invitations to a group: emailed as a signed link (./inviteTokens.ts) whose row in the invites
// table makes it single use; read before anyone clicks, then accepted once.

type InviteDeps = Pick<Deps, 'db' | 'clock' | 'mail' | 'log' | 'inviteTokens' | 'config'>;
type Offer = { accessLevel: AccessLevel; takeOwnership: boolean };

/** The level an invitation gives when accepted. */
const offered = (offer: Offer): AccessLevel => (offer.takeOwnership ? 'owner' : offer.accessLevel);

/**
 * Would accepting change nothing? The user already holds the offered level or a stronger one, on
 * the group or above it. A handover of ownership counts only on the group itself: the owner of the
 * organisation above may still take direct ownership of an account waiting for its owner.
 */
function alreadyHolds(level: GroupLevel, offer: Offer): boolean {
  if (offer.takeOwnership) return level.direct === 'owner';
  return level.level !== null && strongest(level.level, offer.accessLevel) === level.level;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * POST /groupusers: emails `email` a signed, single-use link to join the group. Someone who already
 * holds what the invitation offers is refused (409) and sent nothing. The invitation row is removed
 * again if the mail cannot be sent, so a failed call leaves nothing behind.
 */
export async function inviteToGroup(
  deps: InviteDeps,
  caller: Caller & { personalName: string | null; email: string },
  input: { query: { groupId: number; email: string }; body: InviteBody; origin: string },
): Promise<{ msg: string }> {
  const { query, body } = input;
  const group = await authoriseGroup(deps.db, caller, query.groupId, 'manage');
  assertLevelFits(body.accessLevel, group.type);
  assertMayChangeLevel(caller, group.level, null, offered(body));
  // The schema has lower-cased the address; accounts keep it as it was typed.
  const invitees = await userIdsByEmail(deps.db, query.email);
  for (const id of invitees) {
    if (alreadyHolds((await levels(deps.db, id, [group.id])).get(group.id)!, body)) {
      throw conflict(`${query.email} is already a member of this group`);
    }
  }
  const now = secondsOf(deps.clock);
  const name = await groupName(deps.db, group.id);
  const { jwt, jti } = await deps.inviteTokens.sign(
    { groupId: group.id, email: query.email, accessLevel: body.accessLevel, takeOwnership: body.takeOwnership },
    now,
    body.expiry,
  );
  await insertInvite(deps.db, {
    jti,
    group_id: group.id,
    email: query.email,
    access_level: body.accessLevel,
    take_ownership: body.takeOwnership,
    invited_by: caller.id,
    created_at: now,
    expires_at: now + body.expiry,
  });
  const link = `${baseUrlOf(deps, input.origin)}/portal/acceptinvite?jwt=${encodeURIComponent(jwt)}`;
  try {
    await deps.mail.send(
      inviteMail(query.email, {
        groupName: name,
        inviter: caller.personalName || caller.email,
        link,
        takeOwnership: body.takeOwnership,
        expirySeconds: body.expiry,
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, groupId: group.id }, 'Could not send the invitation email');
    await deleteInvite(deps.db, jti);
    throw new AppError(502, 'The invitation email could not be sent');
  }
  return { msg: 'Invitation sent' };
}

/**
 * GET /groupinvite: what the link offers and whether the signed-in user can accept it, changing
 * nothing. The checks run in the order that keeps a group private: a link that is not genuine is
 * only 'invalid', and one for another address names only that address; the invitee then learns
 * whether it was used, has expired, or would change nothing.
 */
export async function previewInvite(
  deps: Pick<Deps, 'db' | 'clock' | 'inviteTokens'>,
  user: Caller & { email: string },
  input: { jwt: string },
): Promise<InvitationPreview> {
  const check = await deps.inviteTokens.verify(input.jwt, deps.clock());
  if (!check.ok && check.reason === 'invalid') return { status: 'invalid' };
  const row = await invitation(deps.db, check.claims.jti);
  // No row: the group was deleted since (its invitations with it), or the token never came from here.
  if (!row || row.groupId !== check.claims.groupId) return { status: 'invalid' };
  if (!sameEmail(row.email, user.email)) return { status: 'otherUser', email: row.email };
  const details = {
    groupId: row.groupId,
    groupName: row.groupName,
    groupType: row.groupType,
    inviter: row.inviterName || row.inviterEmail || null,
    accessLevel: row.accessLevel,
    takeOwnership: row.takeOwnership,
    expiresAt: row.expiresAt,
  };
  if (row.usedAt !== null) return { ...details, status: 'used' };
  if (!check.ok) return { ...details, status: 'expired' };
  const level = (await levels(deps.db, user.id, [row.groupId])).get(row.groupId)!;
  return { ...details, status: alreadyHolds(level, row) ? 'member' : 'valid' };
}

const invalidInvitation = () => badRequest('Invalid invitation');

/**
 * POST /groupinvite: the signed-in user accepts an invitation addressed to their email. The
 * membership and the invitation's use are written together; takeOwnership makes them owner and
 * ends the group's pending ownership. A level the user already holds is never lowered.
 */
export async function acceptInvite(deps: InviteDeps, user: Caller & { email: string }, input: { jwt: string }): Promise<Group> {
  const check = await deps.inviteTokens.verify(input.jwt, deps.clock());
  if (!check.ok) throw check.reason === 'expired' ? badRequest('This invitation has expired') : invalidInvitation();
  const { claims } = check;
  const now = secondsOf(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const invite = await inviteForUpdate(trx, claims.jti);
    // No row: the group was deleted since, or the token never came from here.
    if (!invite || invite.group_id !== claims.groupId) throw invalidInvitation();
    if (invite.used_at !== null) throw badRequest('This invitation has already been used');
    if (!sameEmail(invite.email, user.email)) throw forbidden('This invitation is for another user');
    const current = await directLevelForUpdate(trx, invite.group_id, user.id);
    await putGroupUser(trx, invite.group_id, user.id, strongest(current ?? null, offered(claims))!, now);
    if (claims.takeOwnership) {
      await updateGroupRow(trx, invite.group_id, { pending_ownership: false, update_timestamp: now, update_user_id: user.id });
    }
    await markInviteUsed(trx, claims.jti, now, user.id);
  });
  const [group] = await groupTrees(deps.db, user, [claims.groupId], false);
  return group;
}
