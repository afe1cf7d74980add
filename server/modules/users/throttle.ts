import { sql } from 'kysely';
import type { ThrottleLimits } from '../../config';
import type { Db, Trx } from '../../db';
import { tooManyRequests } from '../../errors';

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
    for (const key of keys.map(([k]) => k).sort()) {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    }
    const waits = await Promise.all(
      keys.map(([key, limit]) => secondsUntilBelowLimit(trx, key, limit, limits.windowSeconds, nowSeconds)),
    );
    const wait = Math.max(...waits);
    if (wait > 0) return { wait };
    const rows = await trx
      .insertInto('login_attempts')
      .values(keys.map(([key]) => ({ key, attempted_at: nowSeconds })))
      .returning('id')
      .execute();
    const { count } = await trx
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('key', '=', accountKey(source.userName))
      .where('attempted_at', '>', nowSeconds - limits.windowSeconds)
      .executeTakeFirstOrThrow();
    return { ticket: { ids: rows.map((row) => row.id), accountWideCount: Number(count) } };
  });
  if ('wait' in outcome) {
    const minutes = Math.max(1, Math.ceil(outcome.wait / 60));
    throw tooManyRequests(
      `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      outcome.wait,
    );
  }
  // Keeps the table small; failures older than the window no longer count.
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', nowSeconds - limits.windowSeconds).execute();
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

/**
 * A successful login: its own try no longer counts, and the account from this source starts afresh.
 * The IP's other failures and the account's failures from elsewhere stay.
 */
export async function settleLogin(db: Db, ticket: LoginTicket, source: LoginSource): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', 'in', ticket.ids).execute();
  await db.deleteFrom('login_attempts').where('key', '=', sourceKey(source)).execute();
}

/** After a password reset the account starts afresh everywhere; the IP counts stay. */
export async function clearAccountFailures(db: Db, userName: string): Promise<void> {
  const prefix = sourcePrefix(userName);
  await db
    .deleteFrom('login_attempts')
    .where((eb) => eb.or([eb('key', '=', accountKey(userName)), eb(sql<boolean>`starts_with(key, ${prefix})`, '=', true)]))
    .execute();
}

/**
 * A generic limit of `limit` events per key within the window, checked and counted in one step (an
 * advisory lock per key until commit). Returns 0 when the event is counted, else the seconds to wait.
 */
export async function takeSlot(db: Db, key: string, limit: number, windowSeconds: number, nowSeconds: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const wait = await secondsUntilBelowLimit(trx, key, limit, windowSeconds, nowSeconds);
    if (wait > 0) return wait;
    await trx.insertInto('login_attempts').values({ key, attempted_at: nowSeconds }).execute();
    return 0;
  });
}
