import type { z } from 'zod';
import type { Token } from '../../../contract/tokens/entities';
import type { bulkBody } from '../../../contract/tokens/schemas';
import { secondsOf } from '../../platform/clock';
import { isRowId, type Caller } from '../access/index';
import { normaliseIpRanges } from './ranges';
import { liveTokensForUpdate, toToken, updateTokenRows, writeAudit, type AuditLine } from './queries';
import { authoriseAccount, changeLines, checkExpiry, checkReferrer, tokenNotFound, type TokenDeps, type Editable } from './checks';

// PUT /tokens/bulk: one change to several tokens of an account, all or nothing.

/**
 * PUT /tokens/bulk ?groupId: one change to several tokens of the account, all or nothing: every id
 * must be an undeleted token of that account, else 404 and nothing is written.
 */
export async function bulkUpdateTokens(
  deps: TokenDeps,
  caller: Caller,
  input: { query: { groupId: number }; body: z.output<typeof bulkBody> },
): Promise<Token[]> {
  const now = secondsOf(deps.clock);
  const body = { ...input.body, ...(input.body.ipRange && { ipRange: normaliseIpRanges(input.body.ipRange) }) };
  const accountId = input.query.groupId;
  const ids = [...new Set(body.ids)];
  const rows = await deps.db.transaction().execute(async (trx) => {
    await authoriseAccount(trx, caller, accountId, 'manage', 'share');
    if (!ids.every(isRowId)) throw tokenNotFound();
    if (body.expiry !== undefined) checkExpiry(body.expiry, now);
    const stored = await liveTokensForUpdate(trx, accountId, ids);
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
    const updated = await updateTokenRows(trx, ids, {
      ...(body.lock === undefined ? {} : { locked: body.lock }),
      ...(body.ipRange === undefined ? {} : { ip_ranges: body.ipRange }),
      ...(body.referrer === undefined ? {} : { referrer: body.referrer }),
      ...(body.expiry === undefined ? {} : { expiry: body.expiry }),
      ...(body.services === undefined ? {} : { services: body.services }),
      ...(body.dailyCap === undefined ? {} : { daily_cap: body.dailyCap }),
      updated_at: now,
      updated_by: caller.id,
    });
    await writeAudit(trx, accountId, caller.id, now, lines);
    return updated.sort((a, b) => a.tag.localeCompare(b.tag) || a.id - b.id);
  });
  return rows.map(toToken);
}
