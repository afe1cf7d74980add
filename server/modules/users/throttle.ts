import type { ThrottleLimits } from '../../config';
import type { Db, Trx } from '../../db';
import { lockKeys } from '../../db/locks';
import { tooManyRequests } from '../../errors';
import {
  countAttemptsAfter,
  deleteAttemptsById,
  deleteAttemptsByKey,
  deleteAttemptsByKeyOrPrefix,
  deleteAttemptsUntil,
  insertAttempts,
  nthLatestAttemptAfter,
} from './throttleQueries';

export type LoginSource = { userName: string; ip: string };

// Three counters, each a set of rows (one per failure) in login_attempts:
//  - 'src:<user>|<ip>' the account from one source: the tight limit (accountFailures);
//  - 'ip:<ip>' the source over every account (ipFailures);
//  - 'user:<user>' the account from everywhere: a much higher limit (accountWideFailures), so an
//    attacker in one place slows only that place, never the real user somewhere else.
const accountKey = (userName: string) => `user:${userName.toLowerCase()}`;
const sourcePrefix = (userName: string) => `src:${userName.toLowerCase()}|`;
const sourceKey = (source: LoginSource) => `${sourcePrefix(source.userName)}${source.ip}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** A try that passed the limits: it is counted as a failure until `settleLogin` says it succeeded. */
export type LoginTicket = { ids: number[]; accountWideCount: number };

/**
 * Checks the limits and counts the try in one step, so any number of tries in flight (in any number
 * of processes) cannot all pass the same check: under an advisory lock per key, held until commit,
 * the failures in the window are counted and, when below every limit, a failure row per key is
 * written before the password is looked at. A refused try (429) writes nothing, so the wait is not
 * extended by tries made while throttled. The window slides: once the attack stops, the oldest
 * failures age out.
 */
export async function reserveLoginTry(
  db: Db,
  limits: ThrottleLimits,
  source: LoginSource,
  nowSeconds: number,
): Promise<LoginTicket> {
  const keys: [string, number][] = [
    [sourceKey(source), limits.accountFailures],
    [ipKey(source.ip), limits.ipFailures],
    [accountKey(source.userName), limits.accountWideFailures],
  ];
  const outcome = await db.transaction().execute(async (trx): Promise<{ wait: number } | { ticket: LoginTicket }> => {
    // Always in the same (sorted) order, so two tries never wait on each other's locks in a cycle.
    await lockKeys(trx, keys.map(([k]) => k));
    const waits = await Promise.all(
      keys.map(([key, limit]) => secondsUntilBelowLimit(trx, key, limit, limits.windowSeconds, nowSeconds)),
    );
    const wait = Math.max(...waits);
    if (wait > 0) return { wait };
    const ids = await insertAttempts(trx, keys.map(([key]) => key), nowSeconds);
    const accountWideCount = await countAttemptsAfter(trx, accountKey(source.userName), nowSeconds - limits.windowSeconds);
    return { ticket: { ids, accountWideCount } };
  });
  if ('wait' in outcome) {
    const minutes = Math.max(1, Math.ceil(outcome.wait / 60));
    throw tooManyRequests(
      `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      outcome.wait,
    );
  }
  // Keeps the table small; failures older than the window no longer count.
  await deleteAttemptsUntil(db, nowSeconds - limits.windowSeconds);
  return outcome.ticket;
}

/** How long until fewer than `limit` failures remain in the window; 0 when already below it. */
async function secondsUntilBelowLimit(
  db: Trx,
  key: string,
  limit: number,
  windowSeconds: number,
  nowSeconds: number,
): Promise<number> {
  // The limit-th most recent failure: when it leaves the window, limit - 1 remain.
  const attemptedAt = await nthLatestAttemptAfter(db, key, limit, nowSeconds - windowSeconds);
  return attemptedAt === undefined ? 0 : attemptedAt + windowSeconds - nowSeconds;
}

/**
 * A successful login: its own try no longer counts, and the account from this source starts afresh.
 * The IP's other failures and the account's failures from elsewhere stay.
 */
export async function settleLogin(db: Db, ticket: LoginTicket, source: LoginSource): Promise<void> {
  await deleteAttemptsById(db, ticket.ids);
  await deleteAttemptsByKey(db, sourceKey(source));
}

/** After a password reset the account starts afresh everywhere; the IP counts stay. */
export async function clearAccountFailures(db: Db, userName: string): Promise<void> {
  await deleteAttemptsByKeyOrPrefix(db, accountKey(userName), sourcePrefix(userName));
}

/**
 * A generic limit of `limit` events per key within the window, checked and counted in one step (an
 * advisory lock per key until commit). Returns 0 when the event is counted, else the seconds to wait.
 */
export async function takeSlot(db: Db, key: string, limit: number, windowSeconds: number, nowSeconds: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, [key]);
    const wait = await secondsUntilBelowLimit(trx, key, limit, windowSeconds, nowSeconds);
    if (wait > 0) return wait;
    await insertAttempts(trx, [key], nowSeconds);
    return 0;
  });
}
