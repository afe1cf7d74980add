import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { InvitesTable } from '../../db/schema';

// The SQL of invitations to a group: their rows in the invites table make each signed link single use.
// Db is the database or a transaction alike: writers pass their `trx`.

/** Writes an invitation. */
export async function insertInvite(db: Db, values: Insertable<InvitesTable>): Promise<void> {
  await db.insertInto('invites').values(values).execute();
}

/** Deletes the invitation. */
export async function deleteInvite(db: Db, jti: string): Promise<void> {
  await db.deleteFrom('invites').where('jti', '=', jti).execute();
}

/** An invitation with its group and who sent it. */
export function invitation(db: Db, jti: string) {
  return db
    .selectFrom('invites')
    .innerJoin('groups', 'groups.id', 'invites.group_id')
    .leftJoin('users as inviter', 'inviter.id', 'invites.invited_by')
    .select([
      'invites.group_id as groupId',
      'invites.email',
      'invites.access_level as accessLevel',
      'invites.take_ownership as takeOwnership',
      'invites.expires_at as expiresAt',
      'invites.used_at as usedAt',
      'groups.name as groupName',
      'groups.type as groupType',
      'inviter.personal_name as inviterName',
      'inviter.email as inviterEmail',
    ])
    .where('invites.jti', '=', jti)
    .executeTakeFirst();
}

/** The invitation's row, locked (for update) until the transaction ends; undefined when there is none. */
export function inviteForUpdate(trx: Db, jti: string) {
  return trx.selectFrom('invites').select(['used_at', 'email', 'group_id']).where('jti', '=', jti).forUpdate().executeTakeFirst();
}

/** Marks the invitation used now, by whom. */
export async function markInviteUsed(trx: Db, jti: string, nowSeconds: number, by: number): Promise<void> {
  await trx.updateTable('invites').set({ used_at: nowSeconds, used_by: by }).where('jti', '=', jti).execute();
}
