import type { Insertable, Updateable } from 'kysely';
import type { User } from '../../../contract/users/entities';
import type { Db } from '../../db';
import type { SessionsTable, UsersTable } from '../../db/schema';
import { isRowId } from '../access/index';

/** The users row as the server reads it; `toUser` turns it into the contract shape without the hash. */
export const userColumns = [
  'users.id',
  'users.user_name as userName',
  'users.email',
  'users.password_hash as passwordHash',
  'users.personal_name as personalName',
  'users.company_name as companyName',
  'users.address1',
  'users.address2',
  'users.address3',
  'users.address4',
  'users.town',
  'users.county',
  'users.postcode',
  'users.country',
  'users.territory',
  'users.roles',
  'users.validated',
  'users.locked',
  'users.is_group as isGroup',
  'users.type',
  'users.sub_type as subType',
  'users.create_timestamp as createTimestamp',
  'users.update_timestamp as updateTimestamp',
  'users.activity_timestamp as activityTimestamp',
] as const;

const selectUsers = (db: Db) => db.selectFrom('users').select(userColumns);
export type UserRecord = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

export function toUser(record: UserRecord): User {
  const { passwordHash: _hash, userName, ...rest } = record;
  return { ...rest, name: userName };
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  if (!isRowId(id)) return undefined;
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

export function findUserByName(db: Db, userName: string): Promise<UserRecord | undefined> {
  return selectUsers(db).where('users.user_name', '=', userName.trim().toLowerCase()).executeTakeFirst();
}

/** The ids of the users whose email, lower-cased, is `email` (accounts keep the address as it was typed). */
export async function userIdsByEmail(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email))
    .execute();
  return rows.map((row) => row.id);
}

export function listUserRecords(db: Db, limit: number): Promise<UserRecord[]> {
  return selectUsers(db).orderBy('users.id').limit(limit).execute();
}

/** Users whose name, email, personal or company name contains the pattern (ilike), or with the id. */
export function searchUserRecords(db: Db, pattern: string, id: number | null, limit: number): Promise<UserRecord[]> {
  return selectUsers(db)
    .where((eb) =>
      eb.or([
        eb('users.user_name', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
        eb('users.personal_name', 'ilike', pattern),
        eb('users.company_name', 'ilike', pattern),
        ...(id === null ? [] : [eb('users.id', '=', id)]),
      ]),
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

export function insertUser(db: Db, values: Insertable<UsersTable>): Promise<UserRecord> {
  return db.insertInto('users').values(values).returning(userColumns).executeTakeFirstOrThrow();
}

/** Updates the user's row; undefined when there is no such user. */
export function updateUserRow(db: Db, id: number, changes: Updateable<UsersTable>): Promise<UserRecord | undefined> {
  return db.updateTable('users').set(changes).where('users.id', '=', id).returning(userColumns).executeTakeFirst();
}

/**
 * Writes a session for a user whose password was just checked, in the caller's transaction, under a
 * share lock on the user's row and only if the password is still the one checked and the user is
 * still unlocked: 'changed' or 'locked' otherwise, writing nothing. A password change, a reset and
 * a lock change the row before they end the sessions, so one that committed while the password was
 * being checked is seen here, and one that comes after waits for this session and ends it too.
 * A browser login's row also keeps its IP address, user agent and last use (the sessions page).
 */
export async function insertCheckedSession(
  trx: Db,
  user: Pick<UserRecord, 'id' | 'passwordHash'>,
  session: Omit<Insertable<SessionsTable>, 'user_id'>,
): Promise<'ok' | 'changed' | 'locked'> {
  const row = await trx.selectFrom('users').select(['password_hash', 'locked']).where('id', '=', user.id).forShare().executeTakeFirst();
  if (!row || row.password_hash !== user.passwordHash) return 'changed';
  if (row.locked) return 'locked';
  await trx.insertInto('sessions').values({ ...session, user_id: user.id }).execute();
  return 'ok';
}

/**
 * Ends the live sessions of the user: all, all but one (`except`), and only the browser ones unless
 * `api`; how many it ended (an expired one is refused already, and is not counted).
 */
export async function revokeSessions(
  db: Db,
  userId: number,
  nowSeconds: number,
  options: { except?: string; includeApi: boolean },
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: nowSeconds })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowSeconds)
    .$if(options.except !== undefined, (qb) => qb.where('id', '<>', options.except!))
    .$if(!options.includeApi, (qb) => qb.where('kind', '=', 'session'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes every membership of the user. */
export async function removeMemberships(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('group_users').where('user_id', '=', userId).execute();
}

/** Does the account hold the undeleted API token? */
export async function accountHasToken(db: Db, accountId: number, tokenId: number): Promise<boolean> {
  const row = await db.selectFrom('tokens').select('id').where('id', '=', tokenId).where('account_id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** The groups the user is a member of (directly). */
export async function groupIdsOf(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom('group_users').select('group_id').where('user_id', '=', userId).execute()).map((row) => row.group_id);
}

/** Marks the user as active now. */
export async function touchUserActivity(db: Db, userId: number, nowSeconds: number): Promise<void> {
  await db.updateTable('users').set({ activity_timestamp: nowSeconds }).where('id', '=', userId).execute();
}

/** Deletes every session that has expired by now. */
export async function deleteExpiredSessions(db: Db, nowSeconds: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowSeconds).execute();
}

/** Sets when the session expires, and that it was used now (the sessions page's "last used"). */
export async function extendSession(db: Db, sessionId: string, expiresAt: number, nowSeconds: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt, last_used_at: nowSeconds }).where('id', '=', sessionId).execute();
}

/** Revokes the user's one session (logging out); another user's session id changes nothing. */
export async function revokeSession(db: Db, userId: number, sessionId: string, nowSeconds: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowSeconds }).where('id', '=', sessionId).where('user_id', '=', userId).execute();
}

/** Deletes the user's row; the id when there was one. */
export function deleteUserRow(trx: Db, userId: number): Promise<{ id: number } | undefined> {
  return trx.deleteFrom('users').where('id', '=', userId).returning('id').executeTakeFirst();
}

/** Sets the user's password hash. */
export async function setPasswordHash(trx: Db, userId: number, hash: string, nowSeconds: number): Promise<void> {
  await trx.updateTable('users').set({ password_hash: hash, update_timestamp: nowSeconds }).where('id', '=', userId).execute();
}

/** Sets the user's password hash only while it is still `currentHash`; the id when it was changed. */
export function replacePasswordHash(trx: Db, userId: number, currentHash: string, hash: string, nowSeconds: number): Promise<{ id: number } | undefined> {
  return trx
    .updateTable('users')
    .set({ password_hash: hash, update_timestamp: nowSeconds })
    .where('id', '=', userId)
    .where('password_hash', '=', currentHash)
    .returning('id')
    .executeTakeFirst();
}

/** Marks the user's email as validated. */
export async function setUserValidated(trx: Db, userId: number, nowSeconds: number): Promise<void> {
  await trx.updateTable('users').set({ validated: true, update_timestamp: nowSeconds }).where('id', '=', userId).execute();
}
