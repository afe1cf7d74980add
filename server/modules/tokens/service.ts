import type { z } from 'zod';
import type { Token, TokenAuditEntry } from '../../../contract/tokens/entities';
import type { bulkBody, createTokenBody, tokenUpdate } from '../../../contract/tokens/schemas';
import type { TokenType } from '../../../contract/shared/tokens';
import type { Db, Trx } from '../../db';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { secondsOf, utcDate } from '../../platform/clock';
import type { Deps } from '../deps';
import { authoriseGroup, isRowId, type Actor } from '../groups/index';
import { isUniqueViolation } from '../../db/errors';
import { reserveLoginTry, settleLogin, verifyPassword, type SessionUser } from '../users/index';
import { normaliseIpRanges } from './ranges';
import { accountTokens, auditRows, liveToken, toToken, writeAudit, type AuditLine, type TokenRow } from './queries';

// API tokens of spec section 7 (Tokens); their export is in export.ts. Owners of the account (or of a group above
// it) and staff manage them; only an owner exports one, with their password, as the ellipsis menu
// offers it. Every change writes its audit rows in its own transaction, so the log cannot miss one.

type TokenDeps = Pick<Deps, 'db' | 'clock'>;

export const tokenNotFound = () => notFound('Token not found');
export const wrongPassword = 'password: The password is not correct';
export const notAnAccount = 'Tokens belong to accounts: choose an account';
export const browserNeedsReferrer = 'referrer: A browser token needs the host of the pages that call with it, such as *.example.com';
export const pastExpiry = 'expiry: The expiry has passed: choose a day after today, or none for a token that never expires';
export const duplicateTag = (tag: string) => `tag: A token tagged "${tag}" already exists on this account`;


// What the audit log says of each field's value.
const shown = {
  tag: (v: string) => v,
  type: (v: TokenType) => v,
  ipRange: (v: readonly string[]) => (v.length ? v.join(', ') : 'anywhere'),
  referrer: (v: string | null) => v ?? 'any',
  expiry: (v: number) => (v === 0 ? 'never' : utcDate(v)),
  services: (v: readonly string[]) => v.join(', '),
  dailyCap: (v: number | null) => (v === null ? 'none' : v.toLocaleString('en-GB')),
};
const labels = { tag: 'tag', type: 'type', ipRange: 'IP ranges', referrer: 'referrer', expiry: 'expiry', services: 'services', dailyCap: 'daily cap' };
type Editable = Pick<Token, keyof typeof shown>;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const same = (a: unknown, b: unknown) => (Array.isArray(a) && Array.isArray(b) ? sameList(a, b) : a === b);

/** The audit lines of turning `before` into `after`: a cap change is its own action, the rest one 'update'. */
function changeLines(before: Token, after: Editable, prefix = ''): AuditLine[] {
  const fields = (Object.keys(shown) as (keyof Editable)[]).filter((key) => !same(before[key], after[key]));
  const describe = (key: keyof Editable) =>
    `${labels[key]}: ${(shown[key] as (v: unknown) => string)(before[key])} → ${(shown[key] as (v: unknown) => string)(after[key])}`;
  const lines: AuditLine[] = [];
  const updates = fields.filter((key) => key !== 'dailyCap');
  if (updates.length) lines.push({ tokenId: before.id, tag: after.tag, action: 'update', detail: prefix + updates.map(describe).join('; ') });
  if (fields.includes('dailyCap')) lines.push({ tokenId: before.id, tag: after.tag, action: 'cap', detail: prefix + describe('dailyCap') });
  return lines;
}

export async function authoriseAccount(db: Db, actor: Actor, accountId: number, need: 'manage' | 'own', lock?: 'share' | 'chain') {
  const group = await authoriseGroup(db, actor, accountId, need, lock);
  if (group.type !== 'account') throw badRequest(notAnAccount);
  return group;
}

/**
 * The undeleted token `id`, locked for update, once the actor may manage its account (whose row is
 * held first, as every writer holds it). An unknown id, a deleted token and a token of an account the
 * actor may not manage all answer 404 'Token not found', so ids cannot be probed.
 */
async function tokenToChange(trx: Trx, actor: Actor, id: number): Promise<TokenRow> {
  if (!isRowId(id)) throw tokenNotFound();
  const found = await trx.selectFrom('tokens').select('account_id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!found) throw tokenNotFound();
  try {
    await authoriseGroup(trx, actor, found.account_id, 'manage', 'share');
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) throw tokenNotFound();
    throw error;
  }
  const row = await liveToken(trx, id, true);
  if (!row || row.account_id !== found.account_id) throw tokenNotFound();
  return row;
}

function checkExpiry(expiry: number, now: number): void {
  if (expiry !== 0 && expiry <= now) throw badRequest(pastExpiry);
}

function checkReferrer(token: { type: TokenType; referrer: string | null; tag: string }, bulk = false): void {
  if (token.type === 'browser' && token.referrer === null) throw badRequest(bulk ? `${browserNeedsReferrer} (${token.tag} is a browser token)` : browserNeedsReferrer);
}

async function assertTagFree(trx: Db, accountId: number, tag: string, exceptId?: number): Promise<void> {
  const clash = await trx
    .selectFrom('tokens')
    .select('id')
    .where('account_id', '=', accountId)
    .where(({ fn }) => fn('lower', ['tag']), '=', tag.toLowerCase())
    .where('deleted_at', 'is', null)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  if (clash) throw conflict(duplicateTag(tag));
}

/** Two writers may pass assertTagFree at once; the unique index decides, and says it the same way. */
async function tagSafe<T>(tag: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (tag !== undefined && isUniqueViolation(error)) throw conflict(duplicateTag(tag));
    throw error;
  }
}

/**
 * The signed-in user's password re-entered, counted like a login (spec section 5 asks for it before
 * an export; creating a credential is as sensitive): a wrong one counts against the login limits.
 */
async function confirmPassword(deps: Pick<Deps, 'db' | 'config'>, actor: SessionUser, password: string, ip: string, now: number) {
  const source = { userName: actor.userName, ip };
  const ticket = await reserveLoginTry(deps.db, deps.config.throttle, source, now);
  if (!(await verifyPassword(actor.passwordHash, password))) throw badRequest(wrongPassword);
  await settleLogin(deps.db, ticket, source);
}

// ---- Reads ---------------------------------------------------------------------------------------

/** GET /tokens ?parentId: the account's undeleted tokens by tag. */
export async function listTokens(deps: TokenDeps, actor: Actor, query: { parentId: number }): Promise<Token[]> {
  await authoriseAccount(deps.db, actor, query.parentId, 'manage');
  return (await accountTokens(deps.db, query.parentId)).map(toToken);
}

/** GET /tokens/audit ?parentId, limit: the audit log, newest first. */
export async function tokenAudit(deps: TokenDeps, actor: Actor, query: { parentId: number; limit: number }): Promise<TokenAuditEntry[]> {
  await authoriseAccount(deps.db, actor, query.parentId, 'manage');
  return auditRows(deps.db, query.parentId, query.limit);
}

// ---- Writes --------------------------------------------------------------------------------------

/** POST /tokens/password ?parentId: a new token, after the caller's password. Answers 201. */
export async function createToken(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  actor: SessionUser,
  input: { query: { parentId: number }; body: z.output<typeof createTokenBody>; ip: string },
): Promise<Token> {
  const { db } = deps;
  const accountId = input.query.parentId;
  const now = secondsOf(deps.clock);
  const t = { ...input.body.token, ipRange: normaliseIpRanges(input.body.token.ipRange) };
  await authoriseAccount(db, actor, accountId, 'manage');
  checkExpiry(t.expiry, now);
  checkReferrer(t);
  await confirmPassword(deps, actor, input.body.password, input.ip, now);
  const row = await tagSafe(t.tag, () =>
    db.transaction().execute(async (trx) => {
      await authoriseAccount(trx, actor, accountId, 'manage', 'share');
      await assertTagFree(trx, accountId, t.tag);
      const inserted = await trx
        .insertInto('tokens')
        .values({
          account_id: accountId,
          type: t.type,
          tag: t.tag,
          ip_ranges: t.ipRange,
          referrer: t.referrer,
          expiry: t.expiry,
          services: t.services,
          daily_cap: t.dailyCap,
          created_at: now,
          created_by: actor.id,
          updated_at: now,
          updated_by: actor.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const detail = `${t.type} token; services: ${shown.services(t.services)}; IP ranges: ${shown.ipRange(t.ipRange)}; referrer: ${shown.referrer(t.referrer)}; expiry: ${shown.expiry(t.expiry)}; daily cap: ${shown.dailyCap(t.dailyCap)}`;
      await writeAudit(trx, accountId, actor.id, now, [{ tokenId: inserted.id, tag: t.tag, action: 'create', detail }]);
      return inserted;
    }),
  );
  return toToken(row);
}

/** PUT /tokens ?id: changes the fields given; the rest keep their values. */
export async function updateToken(
  deps: TokenDeps,
  actor: Actor,
  input: { query: { id: number }; body: z.output<typeof tokenUpdate> },
): Promise<Token> {
  const now = secondsOf(deps.clock);
  const body = { ...input.body, ...(input.body.ipRange && { ipRange: normaliseIpRanges(input.body.ipRange) }) };
  const row = await tagSafe(body.tag, () =>
    deps.db.transaction().execute(async (trx) => {
      const stored = await tokenToChange(trx, actor, input.query.id);
      const before = toToken(stored);
      const after: Editable = {
        tag: body.tag ?? before.tag,
        type: body.type ?? before.type,
        ipRange: body.ipRange ?? before.ipRange,
        referrer: body.referrer === undefined ? before.referrer : body.referrer,
        expiry: body.expiry ?? before.expiry,
        services: body.services ?? before.services,
        dailyCap: body.dailyCap === undefined ? before.dailyCap : body.dailyCap,
      };
      if (after.expiry !== before.expiry) checkExpiry(after.expiry, now);
      checkReferrer(after);
      if (after.tag.toLowerCase() !== before.tag.toLowerCase()) await assertTagFree(trx, stored.account_id, after.tag, stored.id);
      const lines = changeLines(before, after);
      if (lines.length === 0) return stored;
      const updated = await trx
        .updateTable('tokens')
        .set({
          tag: after.tag,
          type: after.type,
          ip_ranges: after.ipRange,
          referrer: after.referrer,
          expiry: after.expiry,
          services: after.services,
          daily_cap: after.dailyCap,
          updated_at: now,
          updated_by: actor.id,
        })
        .where('id', '=', stored.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, stored.account_id, actor.id, now, lines);
      return updated;
    }),
  );
  return toToken(row);
}

/** PUT /tokens/lock ?id {lock}: a locked token is refused by the meter until unlocked. */
export async function lockToken(deps: TokenDeps, actor: Actor, input: { query: { id: number }; body: { lock: boolean } }): Promise<Token> {
  const now = secondsOf(deps.clock);
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await tokenToChange(trx, actor, input.query.id);
    if (stored.locked === input.body.lock) return stored;
    const updated = await trx
      .updateTable('tokens')
      .set({ locked: input.body.lock, updated_at: now, updated_by: actor.id })
      .where('id', '=', stored.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, stored.account_id, actor.id, now, [{ tokenId: stored.id, tag: stored.tag, action: input.body.lock ? 'lock' : 'unlock' }]);
    return updated;
  });
  return toToken(row);
}

/**
 * DELETE /tokens ?id: marks the token deleted (its tag stays on the usage reports) and deletes the
 * sessions exported from it, so every copy of it stops working at once.
 */
export async function deleteToken(deps: TokenDeps, actor: Actor, query: { id: number }): Promise<{ msg: string }> {
  const now = secondsOf(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const stored = await tokenToChange(trx, actor, query.id);
    await trx.updateTable('tokens').set({ deleted_at: now, updated_at: now, updated_by: actor.id }).where('id', '=', stored.id).execute();
    const ended = await trx.deleteFrom('sessions').where('token_id', '=', stored.id).executeTakeFirst();
    const exported = Number(ended.numDeletedRows);
    await writeAudit(trx, stored.account_id, actor.id, now, [
      { tokenId: stored.id, tag: stored.tag, action: 'delete', detail: exported ? `${exported} exported token${exported === 1 ? '' : 's'} ended` : '' },
    ]);
  });
  return { msg: 'Token deleted' };
}

/**
 * PUT /tokens/bulk ?groupId: one change to several tokens of the account, all or nothing: every id
 * must be an undeleted token of that account, else 404 and nothing is written.
 */
export async function bulkUpdateTokens(
  deps: TokenDeps,
  actor: Actor,
  input: { query: { groupId: number }; body: z.output<typeof bulkBody> },
): Promise<Token[]> {
  const now = secondsOf(deps.clock);
  const body = { ...input.body, ...(input.body.ipRange && { ipRange: normaliseIpRanges(input.body.ipRange) }) };
  const accountId = input.query.groupId;
  const ids = [...new Set(body.ids)];
  const rows = await deps.db.transaction().execute(async (trx) => {
    await authoriseAccount(trx, actor, accountId, 'manage', 'share');
    if (!ids.every(isRowId)) throw tokenNotFound();
    if (body.expiry !== undefined) checkExpiry(body.expiry, now);
    const stored = await trx
      .selectFrom('tokens')
      .selectAll()
      .where('id', 'in', ids)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (stored.length !== ids.length) throw tokenNotFound();
    const lines: AuditLine[] = [];
    for (const row of stored) {
      const before = toToken(row);
      const after: Editable = {
        ...before,
        ipRange: body.ipRange ?? before.ipRange,
        referrer: body.referrer === undefined ? before.referrer : body.referrer,
        expiry: body.expiry ?? before.expiry,
        services: body.services ?? before.services,
        dailyCap: body.dailyCap === undefined ? before.dailyCap : body.dailyCap,
      };
      checkReferrer(after, true);
      if (body.lock !== undefined && body.lock !== before.locked) lines.push({ tokenId: row.id, tag: row.tag, action: body.lock ? 'lock' : 'unlock', detail: 'bulk change' });
      lines.push(...changeLines(before, after, 'bulk change: '));
    }
    const updated = await trx
      .updateTable('tokens')
      .set({
        ...(body.lock === undefined ? {} : { locked: body.lock }),
        ...(body.ipRange === undefined ? {} : { ip_ranges: body.ipRange }),
        ...(body.referrer === undefined ? {} : { referrer: body.referrer }),
        ...(body.expiry === undefined ? {} : { expiry: body.expiry }),
        ...(body.services === undefined ? {} : { services: body.services }),
        ...(body.dailyCap === undefined ? {} : { daily_cap: body.dailyCap }),
        updated_at: now,
        updated_by: actor.id,
      })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
    await writeAudit(trx, accountId, actor.id, now, lines);
    return updated.sort((a, b) => a.tag.localeCompare(b.tag) || a.id - b.id);
  });
  return rows.map(toToken);
}
