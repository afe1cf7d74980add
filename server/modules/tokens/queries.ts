import type { Selectable } from 'kysely';
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
