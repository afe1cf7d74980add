import { randomBytes } from 'node:crypto';
import { exportSeconds } from '../../../contract/shared/tokens';
import type { TokenAction } from '../../db/schema';
import { conflict, unauthorised } from '../../errors';
import { invalidCredentials } from '../../http/route';
import { secondsOf, utcDate } from '../../platform/clock';
import type { Deps } from '../deps';
import { isRowId } from '../groups/access';
import { userByReentry } from '../users/reentry';
import { insertCheckedSession } from '../users/queries';
import { issueSession } from '../users/service';
import { liveToken, writeAudit } from './queries';
import { authoriseAccount, tokenNotFound } from './service';

/**
 * GET /tokens/export ?accountId, tokenId with the owner's user name and password (spec section 7,
 * "Export an API token"; section 5 asks for the password again). Counted like a login. Makes a
 * session of kind 'api' bound to the token, lasting a year (spec section 9: recycle time and expiry
 * 31,536,000 s), signed like a login's with the account id in its claims, and answers its token.
 */
export async function exportToken(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'tokens'>,
  input: { credentials: { userName: string; password: string } | null; ip: string; query: { accountId: number; tokenId: number } },
): Promise<{ token: string }> {
  const { db } = deps;
  const { accountId, tokenId } = input.query;
  const now = secondsOf(deps.clock);
  const user = await userByReentry(deps, input.credentials, input.ip);
  const sessionId = randomBytes(18).toString('base64url');
  const action: TokenAction = 'export';
  await db.transaction().execute(async (trx) => {
    // Staff are not enough: a credential of the account is handed out by its own owners.
    await authoriseAccount(trx, user, accountId, 'own', 'share');
    if (!isRowId(tokenId)) throw tokenNotFound();
    const row = await liveToken(trx, tokenId, true);
    if (!row || row.account_id !== accountId) throw tokenNotFound();
    if (row.locked) throw conflict(`The token ${row.tag} is locked: unlock it before exporting it`);
    const expiry = Number(row.expiry);
    if (expiry !== 0 && expiry <= now) throw conflict(`The token ${row.tag} expired on ${utcDate(expiry)}: give it a later expiry before exporting it`);
    // A lock of the owner since the password was checked: refused as if it had come after it.
    const made = await insertCheckedSession(trx, user, { id: sessionId, kind: 'api', token_id: row.id, created_at: now, expires_at: now + exportSeconds });
    if (made !== 'ok') throw unauthorised(made === 'locked' ? 'This user is locked' : invalidCredentials);
    await writeAudit(trx, accountId, user.id, now, [{ tokenId: row.id, tag: row.tag, action, detail: `valid until ${utcDate(now + exportSeconds)}` }]);
  });
  const lifetimes = { recycleSeconds: exportSeconds, expirySeconds: exportSeconds, sessionId };
  const { jwt } = await issueSession(deps, user, lifetimes, accountId, now);
  return { token: jwt };
}
