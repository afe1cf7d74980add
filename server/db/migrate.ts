import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './handle';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant shared by every process of the portal: they queue on it while one migrates.
const migrationLockKey = 7_246_001;

/**
 * Applies the numbered .sql files of migrations/ not yet recorded in schema_migrations, in order,
 * each in its own transaction. Several processes may start at once: the advisory lock makes the
 * others wait and then find the migration already recorded.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const files = await migrationFiles(dir);
  const applied: string[] = [];
  for (const file of files) {
    const script = await readFile(join(dir, file), 'utf8');
    const done = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${migrationLockKey})`.execute(trx);
      await trx.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('version', 'text', (column) => column.primaryKey())
        .addColumn('applied_at', 'bigint', (column) => column.notNull())
        .execute();
      const found = await trx.selectFrom('schema_migrations').select('version').where('version', '=', file).executeTakeFirst();
      if (found) return false;
      // A whole script from the repository (several statements, no parameters): the one raw run.
      await sql.raw(script).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: file, applied_at: Math.floor(Date.now() / 1000) }).execute();
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

const migrationFiles = async (dir: string) => (await readdir(dir)).filter((name) => /^\d+_[\w-]+\.sql$/.test(name)).sort();

/** The migrations this code has that the database has not recorded (empty when it is up to date). */
export async function pendingMigrations(db: Db, dir = migrationsDir): Promise<string[]> {
  const files = await migrationFiles(dir);
  const applied = new Set((await db.selectFrom('schema_migrations').select('version').execute()).map((row) => row.version));
  return files.filter((file) => !applied.has(file));
}
