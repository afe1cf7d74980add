import type { ThrottleLimits } from '../../config';
import type { Db } from '../../db';
import { tooManyRequests } from '../../errors';

export type LoginSource = { userName: string; ip: string };

const accountKey = (userName: string) => `user:${userName.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Refuses a login (429) while the user name or the IP address has too many recent failures. The
 * window slides: once the attack stops, the oldest failures age out and the real user gets in again,
 * so an attacker can slow an account down but never lock it for good. Refused tries are not
 * recorded, for the same reason.
 */
export async function assertLoginAllowed(
  db: Db,
  limits: ThrottleLimits,
  source: LoginSource,
  nowSeconds: number,
): Promise<void> {
  const waits = await Promise.all([
    secondsUntilBelowLimit(db, accountKey(source.userName), limits.accountFailures, limits.windowSeconds, nowSeconds),
    secondsUntilBelowLimit(db, ipKey(source.ip), limits.ipFailures, limits.windowSeconds, nowSeconds),
  ]);
  const wait = Math.max(...waits);
  if (wait > 0) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    throw tooManyRequests(
      `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }
}

/** How long until fewer than `limit` failures remain in the window; 0 when already below it. */
async function secondsUntilBelowLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  nowSeconds: number,
): Promise<number> {
  // The limit-th most recent failure: when it leaves the window, limit - 1 remain.
  const row = await db
    .selectFrom('login_attempts')
    .select('attempted_at')
    .where('key', '=', key)
    .where('attempted_at', '>', nowSeconds - windowSeconds)
    .orderBy('attempted_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? row.attempted_at + windowSeconds - nowSeconds : 0;
}

export async function recordLoginFailure(
  db: Db,
  limits: ThrottleLimits,
  source: LoginSource,
  nowSeconds: number,
): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values([
      { key: accountKey(source.userName), attempted_at: nowSeconds },
      { key: ipKey(source.ip), attempted_at: nowSeconds },
    ])
    .execute();
  // Keeps the table small; failures older than the window no longer count.
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', nowSeconds - limits.windowSeconds).execute();
}

/** After a successful login or a password reset the account starts afresh; the IP count stays. */
export async function clearAccountFailures(db: Db, userName: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', accountKey(userName)).execute();
}
