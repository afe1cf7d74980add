import { sql } from 'kysely';
import type { Trx } from './handle';

/** Serialises, until commit, every transaction that takes one of these keys (sorted: no lock cycles). */
export async function lockKeys(trx: Trx, keys: readonly string[]): Promise<void> {
  for (const key of [...keys].sort()) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
