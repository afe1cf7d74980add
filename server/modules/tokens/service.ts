import type { z } from 'zod';
import type { Token, TokenAuditEntry } from '../../../contract/tokens/entities';
import type { createTokenBody, tokenUpdate } from '../../../contract/tokens/schemas';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import type { Caller } from '../access/index';
import type { SessionUser } from '../users/index';
import { normaliseIpRanges } from './ranges';
import { accountTokens, auditRows, deleteTokenSessions, insertToken, markTokenDeleted, toToken, updateTokenRow, writeAudit } from './queries';
import { authoriseAccount, shown, checkExpiry, checkReferrer, changeLines, tokenToChange, assertTagFree, tagSafe, confirmPassword, type TokenDeps, type Editable } from './checks';

// API tokens of spec section 7 (Tokens); their export is in export.ts. Owners of the account (or of a group above
// it) and staff manage them; only an owner exports one, with their password, as the ellipsis menu
// offers it. Every change writes its audit rows in its own transaction, so the log cannot miss one.

export { browserNeedsReferrer, duplicateTag, notAnAccount, pastExpiry, tokenNotFound, wrongPassword } from './checks';
export { bulkUpdateTokens } from './serviceBulk';

// ---- Reads ---------------------------------------------------------------------------------------

/** GET /tokens ?parentId: the account's undeleted tokens by tag. */
export async function listTokens(deps: TokenDeps, caller: Caller, query: { parentId: number }): Promise<Token[]> {
  await authoriseAccount(deps.db, caller, query.parentId, 'manage');
  return (await accountTokens(deps.db, query.parentId)).map(toToken);
}

/** GET /tokens/audit ?parentId, limit: the audit log, newest first. */
export async function tokenAudit(deps: TokenDeps, caller: Caller, query: { parentId: number; limit: number }): Promise<TokenAuditEntry[]> {
  await authoriseAccount(deps.db, caller, query.parentId, 'manage');
  return auditRows(deps.db, query.parentId, query.limit);
}

// ---- Writes --------------------------------------------------------------------------------------

/** POST /tokens/password ?parentId: a new token, after the caller's password. Answers 201. */
export async function createToken(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  caller: SessionUser,
  input: { query: { parentId: number }; body: z.output<typeof createTokenBody>; ip: string },
): Promise<Token> {
  const { db } = deps;
  const accountId = input.query.parentId;
  const now = secondsOf(deps.clock);
  const t = { ...input.body.token, ipRange: normaliseIpRanges(input.body.token.ipRange) };
  await authoriseAccount(db, caller, accountId, 'manage');
  checkExpiry(t.expiry, now);
  checkReferrer(t);
  await confirmPassword(deps, caller, input.body.password, input.ip, now);
  const row = await tagSafe(t.tag, () =>
    db.transaction().execute(async (trx) => {
      await authoriseAccount(trx, caller, accountId, 'manage', 'share');
      await assertTagFree(trx, accountId, t.tag);
      const inserted = await insertToken(trx, {
        account_id: accountId,
        type: t.type,
        tag: t.tag,
        ip_ranges: t.ipRange,
        referrer: t.referrer,
        expiry: t.expiry,
        services: t.services,
        daily_cap: t.dailyCap,
        created_at: now,
        created_by: caller.id,
        updated_at: now,
        updated_by: caller.id,
      });
      const detail = `${t.type} token; services: ${shown.services(t.services)}; IP ranges: ${shown.ipRange(t.ipRange)}; referrer: ${shown.referrer(t.referrer)}; expiry: ${shown.expiry(t.expiry)}; daily cap: ${shown.dailyCap(t.dailyCap)}`;
      await writeAudit(trx, accountId, caller.id, now, [{ tokenId: inserted.id, tag: t.tag, action: 'create', detail }]);
      return inserted;
    }),
  );
  return toToken(row);
}

/** PUT /tokens ?id: changes the fields given; the rest keep their values. */
export async function updateToken(
  deps: TokenDeps,
  caller: Caller,
  input: { query: { id: number }; body: z.output<typeof tokenUpdate> },
): Promise<Token> {
  const now = secondsOf(deps.clock);
  const body = { ...input.body, ...(input.body.ipRange && { ipRange: normaliseIpRanges(input.body.ipRange) }) };
  const row = await tagSafe(body.tag, () =>
    deps.db.transaction().execute(async (trx) => {
      const stored = await tokenToChange(trx, caller, input.query.id);
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
      const updated = await updateTokenRow(trx, stored.id, {
        tag: after.tag,
        type: after.type,
        ip_ranges: after.ipRange,
        referrer: after.referrer,
        expiry: after.expiry,
        services: after.services,
        daily_cap: after.dailyCap,
        updated_at: now,
        updated_by: caller.id,
      });
      await writeAudit(trx, stored.account_id, caller.id, now, lines);
      return updated;
    }),
  );
  return toToken(row);
}

/** PUT /tokens/lock ?id {lock}: a locked token is refused by the meter until unlocked. */
export async function lockToken(deps: TokenDeps, caller: Caller, input: { query: { id: number }; body: { lock: boolean } }): Promise<Token> {
  const now = secondsOf(deps.clock);
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await tokenToChange(trx, caller, input.query.id);
    if (stored.locked === input.body.lock) return stored;
    const updated = await updateTokenRow(trx, stored.id, { locked: input.body.lock, updated_at: now, updated_by: caller.id });
    await writeAudit(trx, stored.account_id, caller.id, now, [{ tokenId: stored.id, tag: stored.tag, action: input.body.lock ? 'lock' : 'unlock' }]);
    return updated;
  });
  return toToken(row);
}

/**
 * DELETE /tokens ?id: marks the token deleted (its tag stays on the usage reports) and deletes the
 * sessions exported from it, so every copy of it stops working at once.
 */
export async function deleteToken(deps: TokenDeps, caller: Caller, query: { id: number }): Promise<{ msg: string }> {
  const now = secondsOf(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const stored = await tokenToChange(trx, caller, query.id);
    await markTokenDeleted(trx, stored.id, now, caller.id);
    const exported = await deleteTokenSessions(trx, stored.id);
    await writeAudit(trx, stored.account_id, caller.id, now, [
      { tokenId: stored.id, tag: stored.tag, action: 'delete', detail: exported ? `${exported} exported token${exported === 1 ? '' : 's'} ended` : '' },
    ]);
  });
  return { msg: 'Token deleted' };
}
