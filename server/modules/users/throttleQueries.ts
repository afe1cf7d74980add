import { sql } from 'kysely';
import type { Db, Trx } from '../../db';

// The SQL of the login and event limits: rows in login_attempts, one per counted event under a key.

/** Writes one counted event per key at `nowSeconds`; the new rows' ids. */
export async function insertAttempts(trx: Trx, keys: readonly string[], nowSeconds: number): Promise<number[]> {
  const rows = await trx
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key, attempted_at: nowSeconds })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** How many events under the key were counted after `since`. */
export async function countAttemptsAfter(trx: Trx, key: string, since: number): Promise<number> {
  const { count } = await trx
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('key', '=', key)
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** When the `rank`-th most recent event under the key after `since` was counted; undefined when there are fewer. */
export async function nthLatestAttemptAfter(trx: Trx, key: string, rank: number, since: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('login_attempts')
    .select('attempted_at')
    .where('key', '=', key)
    .where('attempted_at', '>', since)
    .orderBy('attempted_at', 'desc')
    .offset(rank - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.attempted_at;
}

/** Deletes the events counted at or before `until`. */
export async function deleteAttemptsUntil(db: Db, until: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', until).execute();
}

/** Deletes the events with these ids. */
export async function deleteAttemptsById(db: Db, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
}

/** Deletes every event under the key. */
export async function deleteAttemptsByKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Deletes every event under the key or under any key starting with `prefix`. */
export async function deleteAttemptsByKeyOrPrefix(db: Db, key: string, prefix: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where((eb) => eb.or([eb('key', '=', key), eb(sql<boolean>`starts_with(key, ${prefix})`, '=', true)]))
    .execute();
}
