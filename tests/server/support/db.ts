// A fresh database per test file: PGlite in memory by default (loaded from a migrated archive made once
// per process); with DATABASE_URL, PostgreSQL in a schema of its own, dropped at the end.
import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { migrate, openDb, type Db } from '../../../server/db';
import { archiveOf, openPglite } from '../../../server/db/pglite';
import { dropSchema } from '../../../server/db/postgres';

/**
 * Raw SQL with $1-style parameters, for tests that look at or set up rows directly (the server
 * itself builds every query with Kysely).
 */
export function query<T = Record<string, unknown>>(db: Db, text: string, params: readonly unknown[] = []): Promise<{ rows: T[] }> {
  return db.executeQuery<T>(CompiledQuery.raw(text, [...params]));
}

let migratedPglite: Promise<Blob> | undefined;

/** A migrated PGlite database as an archive, made once per test process: each fresh database loads it. */
function migratedArchive(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const db = await openPglite();
    await migrate(db);
    const archive = await archiveOf(db);
    await db.destroy();
    return archive;
  })();
  return migratedPglite;
}

/** A fresh database: PGlite in memory, or a new PostgreSQL schema when DATABASE_URL is set. */
export async function freshDb(options: { migrate?: boolean } = {}): Promise<{
  db: Db;
  /** Opens another connection pool on the same PostgreSQL schema, as a second process would; null on PGlite. */
  openAnother: () => Promise<Db> | null;
  drop: () => Promise<void>;
}> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `test_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  const migrated = options.migrate ?? true;
  const db = !databaseUrl && migrated ? await openPglite(undefined, await migratedArchive()) : await openDb({ databaseUrl, schema });
  // On a migrated archive this only finds every migration recorded.
  if (migrated) await migrate(db);
  return {
    db,
    openAnother: () => (databaseUrl ? openDb({ databaseUrl, schema }) : null),
    drop: async () => {
      if (schema) await dropSchema(db, schema);
      await db.destroy();
    },
  };
}
