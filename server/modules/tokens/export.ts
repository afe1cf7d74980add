import { randomBytes } from 'node:crypto';
import { can } from '../../../contract/shared/access';
import { exportSeconds } from '../../../contract/shared/tokens';
import type { Db } from '../../db';
import type { TokenAction } from '../../db/schema';
import { conflict, unauthorised } from '../../errors';
import { invalidCredentials } from '../../errors';
import { secondsOf, utcDate } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { isRowId, levels, subtreeIds } from '../access/index';
import { insertCheckedSession, issueSession, userByReentry } from '../users/index';
import { liveExportSessions, liveToken, revokeSessionsById, writeAudit } from './queries';
import { authoriseAccount, tokenNotFound } from './checks';

/** What the exporter needs on the token's account: the export checks it, endExportsNoLongerAllowed re-checks it. */
export const exportNeed = 'own' as const;

/**
 * GET /tokens/export ?accountId, tokenId with the owner's user name and password (spec section 7,
 * "Export an API token"; section 5 asks for the password again). Counted like a login. Makes a
 * session of kind 'api' bound to the token, lasting a year (spec section 9: recycle time and expiry
 * 31,536,000 s), signed like a login's with the account id in its claims, and answers its token.
 */
export async function exportToken(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'jwt'>,
  input: { credentials: { userName: string; password: string } | null; ip: string; query: { accountId: number; tokenId: number } },
): Promise<{ token: string }> {
  const { db } = deps;
  const { accountId, tokenId } = input.query;
  const now = secondsOf(deps.clock);
  const user = await userByReentry(deps, input.credentials, input.ip);
  const sessionId = randomBytes(18).toString('base64url');
  const action: TokenAction = 'export';
  await db.transaction().execute(async (trx) => {
    // Staff are not enough: a credential of the account is handed out by its own owners. The level
    // is read under a share lock of the account and every group above it, so a demotion or removal
    // either waits for this export (and then ends it, endExportsNoLongerAllowed) or is seen here.
    await authoriseAccount(trx, user, accountId, exportNeed, 'chain');
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

/** Whose exported copies to re-check: one user's, or those of the tokens of the accounts under a group (the group moved). */
export type ExportScope = { userId: number } | { underGroupId: number };

/**
 * Ends at once, in the caller's transaction, every live exported copy (an 'api' session bound to a
 * token) in `scope` whose exporter may no longer export that token: the same rule as the export
 * (exportNeed on the token's account, from their level on it or on a group above it), and an
 * unlocked user. Called after every change that can take the right away (a level lowered or
 * removed, a group moved from under its partner), so no path has to know which exports it touched.
 * The tokens stay: the owners left may export them again. Answers how many copies it ended.
 */
export async function endExportsNoLongerAllowed(trx: Db, scope: ExportScope, now: number): Promise<number> {
  const accounts = 'underGroupId' in scope ? await subtreeIds(trx, scope.underGroupId) : null;
  if (accounts !== null && accounts.length === 0) return 0;
  const live = await liveExportSessions(trx, { userId: 'userId' in scope ? scope.userId : undefined, accounts }, now);
  const byUser = new Map<number, typeof live>();
  for (const session of live) byUser.set(session.userId, [...(byUser.get(session.userId) ?? []), session]);
  const ended: string[] = [];
  for (const [userId, sessions] of byUser) {
    const found = await levels(trx, userId, [...new Set(sessions.map((session) => session.accountId))]);
    for (const session of sessions) {
      if (session.locked || !can(session, { level: found.get(session.accountId)!.level }, exportNeed)) ended.push(session.id);
    }
  }
  if (ended.length === 0) return 0;
  await revokeSessionsById(trx, ended, now);
  return ended.length;
}
