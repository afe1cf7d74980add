import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Token, TokenAuditEntry } from '../../../contract/tokens/entities';
import type { Db } from '../../db';
import type { TokenAction, TokensTable } from '../../db/schema';

// The rows of the tokens module: a token as the contract names it, and the audit log.

export type TokenRow = Selectable<TokensTable>;

export function toToken(row: TokenRow): Token {
  return {
    id: row.id,
    parentId: row.account_id,
    type: row.type,
    tag: row.tag,
    locked: row.locked,
    ipRange: row.ip_ranges,
    referrer: row.referrer,
    expiry: Number(row.expiry),
    services: row.services,
    dailyCap: row.daily_cap,
    createTimestamp: Number(row.created_at),
    updateTimestamp: Number(row.updated_at),
    creationUserId: row.created_by,
    updateUserId: row.updated_by,
  };
}

/** The account's undeleted tokens, by tag. */
export async function accountTokens(db: Db, accountId: number): Promise<TokenRow[]> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy(({ fn }) => fn('lower', ['tag']))
    .orderBy('id')
    .execute();
}

/** An undeleted token by id, locked for update when a writer asks (held until its transaction ends). */
export async function liveToken(db: Db, id: number, lock = false): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export type AuditLine = { tokenId: number; tag: string; action: TokenAction; detail?: string };

/** Audit rows of one caller's change, written in the change's own transaction. */
export async function writeAudit(db: Db, accountId: number, userId: number, at: number, lines: AuditLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('token_audit')
    .values(lines.map((l) => ({ account_id: accountId, token_id: l.tokenId, token_tag: l.tag, user_id: userId, action: l.action, detail: l.detail ?? '', at })))
    .execute();
}

/** The account's audit log, newest first. */
export async function auditRows(db: Db, accountId: number, limit: number): Promise<TokenAuditEntry[]> {
  const rows = await db
    .selectFrom('token_audit')
    .leftJoin('users', 'users.id', 'token_audit.user_id')
    .select([
      'token_audit.id',
      'token_audit.token_id',
      'token_audit.token_tag',
      'token_audit.user_id',
      'users.personal_name',
      'users.email',
      'token_audit.action',
      'token_audit.detail',
      'token_audit.at',
    ])
    .where('token_audit.account_id', '=', accountId)
    .orderBy('token_audit.at', 'desc')
    .orderBy('token_audit.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    tokenId: r.token_id,
    tokenTag: r.token_tag,
    userId: r.user_id,
    userName: r.personal_name ?? null,
    userEmail: r.email ?? null,
    action: r.action,
    detail: r.detail,
    at: Number(r.at),
  }));
}

/** The account of an undeleted token, unlocked; undefined when there is no such token. */
export function liveTokenAccount(db: Db, id: number): Promise<{ account_id: number } | undefined> {
  return db.selectFrom('tokens').select('account_id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Does another undeleted token of the account (not `exceptId`) have the tag, in any case? */
export async function tagTaken(db: Db, accountId: number, tag: string, exceptId?: number): Promise<boolean> {
  const clash = await db
    .selectFrom('tokens')
    .select('id')
    .where('account_id', '=', accountId)
    .where(({ fn }) => fn('lower', ['tag']), '=', tag.toLowerCase())
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return clash !== undefined;
}

/** Writes a token; its row. */
export function insertToken(db: Db, values: Insertable<TokensTable>): Promise<TokenRow> {
  return db.insertInto('tokens').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes the token's row; the row as it is now. */
export function updateTokenRow(db: Db, id: number, changes: Updateable<TokensTable>): Promise<TokenRow> {
  return db.updateTable('tokens').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Marks the token deleted now, by whom. */
export async function markTokenDeleted(db: Db, id: number, nowSeconds: number, by: number): Promise<void> {
  await db.updateTable('tokens').set({ deleted_at: nowSeconds, updated_at: nowSeconds, updated_by: by }).where('id', '=', id).execute();
}

/** Deletes the sessions bound to the token (its exported copies); how many there were. */
export async function deleteTokenSessions(db: Db, tokenId: number): Promise<number> {
  const ended = await db.deleteFrom('sessions').where('token_id', '=', tokenId).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** The account's undeleted tokens of these ids, by id, locked for update until the transaction ends. */
export function liveTokensForUpdate(db: Db, accountId: number, ids: readonly number[]): Promise<TokenRow[]> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('id', 'in', ids)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Changes the rows of the tokens with these ids alike; the rows as they are now. */
export function updateTokenRows(db: Db, ids: readonly number[], changes: Updateable<TokensTable>): Promise<TokenRow[]> {
  return db.updateTable('tokens').set(changes).where('id', 'in', ids).returningAll().execute();
}

/**
 * The live exported copies (unrevoked, unexpired 'api' sessions) of one user's (`userId`) or of the
 * tokens of these accounts (`accounts`; null: any), with the token's account and the user's roles and lock.
 */
export function liveExportSessions(db: Db, scope: { userId?: number; accounts: readonly number[] | null }, now: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('tokens as t', 't.id', 's.token_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id as userId', 't.account_id as accountId', 'u.roles', 'u.locked'])
    .where('s.kind', '=', 'api')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .$if(scope.userId !== undefined, (qb) => qb.where('s.user_id', '=', scope.userId!))
    .$if(scope.accounts !== null, (qb) => qb.where('t.account_id', 'in', scope.accounts!))
    .execute();
}

/** Revokes the unrevoked sessions among these ids. */
export async function revokeSessionsById(db: Db, ids: readonly string[], now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', 'in', ids).where('revoked_at', 'is', null).execute();
}
