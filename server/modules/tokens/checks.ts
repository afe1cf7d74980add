import type { Token } from '../../../contract/tokens/entities';
import type { TokenType } from '../../../contract/shared/tokens';
import type { Db, Trx } from '../../db';
import { AppError, badRequest, conflict, tokenNotFound } from '../../errors';
import { utcDate } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { authoriseGroup, isRowId, type Caller } from '../access/index';
import { isUniqueViolation } from '../../db/errors';
import { reserveLoginTry, settleLogin, verifyPassword, type SessionUser } from '../users/index';
import { liveToken, liveTokenAccount, tagTaken, type AuditLine, type TokenRow } from './queries';

// The rules every token write follows: who may manage the account's tokens, what a token may say
// (expiry, referrer, a free tag), what the audit log writes of a change, and the password re-entered
// before a credential is made or exported.

export type TokenDeps = Pick<Deps, 'db' | 'clock'>;

export { tokenNotFound };
export const wrongPassword = 'password: The password is not correct';
export const notAnAccount = 'Tokens belong to accounts: choose an account';
export const browserNeedsReferrer = 'referrer: A browser token needs the host of the pages that call with it, such as *.example.com';
export const pastExpiry = 'expiry: The expiry has passed: choose a day after today, or none for a token that never expires';
export const duplicateTag = (tag: string) => `tag: A token tagged "${tag}" already exists on this account`;


// What the audit log says of each field's value.
export const shown = {
  tag: (v: string) => v,
  type: (v: TokenType) => v,
  ipRange: (v: readonly string[]) => (v.length ? v.join(', ') : 'anywhere'),
  referrer: (v: string | null) => v ?? 'any',
  expiry: (v: number) => (v === 0 ? 'never' : utcDate(v)),
  services: (v: readonly string[]) => v.join(', '),
  dailyCap: (v: number | null) => (v === null ? 'none' : v.toLocaleString('en-GB')),
};
const labels = { tag: 'tag', type: 'type', ipRange: 'IP ranges', referrer: 'referrer', expiry: 'expiry', services: 'services', dailyCap: 'daily cap' };
export type Editable = Pick<Token, keyof typeof shown>;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const same = (a: unknown, b: unknown) => (Array.isArray(a) && Array.isArray(b) ? sameList(a, b) : a === b);

/** The audit lines of turning `before` into `after`: a cap change is its own action, the rest one 'update'. */
export function changeLines(before: Token, after: Editable, prefix = ''): AuditLine[] {
  const fields = (Object.keys(shown) as (keyof Editable)[]).filter((key) => !same(before[key], after[key]));
  const describe = (key: keyof Editable) =>
    `${labels[key]}: ${(shown[key] as (v: unknown) => string)(before[key])} → ${(shown[key] as (v: unknown) => string)(after[key])}`;
  const lines: AuditLine[] = [];
  const updates = fields.filter((key) => key !== 'dailyCap');
  if (updates.length) lines.push({ tokenId: before.id, tag: after.tag, action: 'update', detail: prefix + updates.map(describe).join('; ') });
  if (fields.includes('dailyCap')) lines.push({ tokenId: before.id, tag: after.tag, action: 'cap', detail: prefix + describe('dailyCap') });
  return lines;
}

export async function authoriseAccount(db: Db, caller: Caller, accountId: number, need: 'manage' | 'own', lock?: 'share' | 'chain') {
  const group = await authoriseGroup(db, caller, accountId, need, lock);
  if (group.type !== 'account') throw badRequest(notAnAccount);
  return group;
}

/**
 * The undeleted token `id`, locked for update, once the caller may manage its account (whose row is
 * held first, as every writer holds it). An unknown id, a deleted token and a token of an account the
 * caller may not manage all answer 404 'Token not found', so ids cannot be probed.
 */
export async function tokenToChange(trx: Trx, caller: Caller, id: number): Promise<TokenRow> {
  if (!isRowId(id)) throw tokenNotFound();
  const found = await liveTokenAccount(trx, id);
  if (!found) throw tokenNotFound();
  try {
    await authoriseGroup(trx, caller, found.account_id, 'manage', 'share');
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) throw tokenNotFound();
    throw error;
  }
  const row = await liveToken(trx, id, true);
  if (!row || row.account_id !== found.account_id) throw tokenNotFound();
  return row;
}

export function checkExpiry(expiry: number, now: number): void {
  if (expiry !== 0 && expiry <= now) throw badRequest(pastExpiry);
}

export function checkReferrer(token: { type: TokenType; referrer: string | null; tag: string }, bulk = false): void {
  if (token.type === 'browser' && token.referrer === null) throw badRequest(bulk ? `${browserNeedsReferrer} (${token.tag} is a browser token)` : browserNeedsReferrer);
}

export async function assertTagFree(trx: Db, accountId: number, tag: string, exceptId?: number): Promise<void> {
  if (await tagTaken(trx, accountId, tag, exceptId)) throw conflict(duplicateTag(tag));
}

/** Two writers may pass assertTagFree at once; the unique index decides, and says it the same way. */
export async function tagSafe<T>(tag: string | undefined, work: () => Promise<T>): Promise<T> {
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
export async function confirmPassword(deps: Pick<Deps, 'db' | 'config'>, caller: SessionUser, password: string, ip: string, now: number) {
  const source = { userName: caller.userName, ip };
  const ticket = await reserveLoginTry(deps.db, deps.config.throttle, source, now);
  if (!(await verifyPassword(caller.passwordHash, password))) throw badRequest(wrongPassword);
  await settleLogin(deps.db, ticket, source);
}
