import { randomBytes } from 'node:crypto';
import type { Db } from '../db';

// Secrets the portal makes for itself when none is configured: random, created once per
// installation and kept in the settings table, so restarts and every process sharing the database
// use the same one. No secret has a value in the source.

/** The installation's secret under `key`, created on first use (a concurrent first use keeps one). */
export async function storedSecret(db: Db, key: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const { value } = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return value;
}

/**
 * The configured secret, else the stored one under `key`; read once per process. A failed read
 * (a database hiccup) is not kept, so the next call tries again.
 */
export function secretOf(db: Db, key: string, configured: string | null): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () =>
    (secret ??= configured ? Promise.resolve(configured) : storedSecret(db, key)).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
}
