import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant shared by every process of the portal: they queue on it while one migrates.
const migrationLockKey = 7_246_001;

/**
 * Applies the numbered .sql files of migrations/ not yet recorded in schema_migrations, in order,
 * each in its own transaction. Several processes may start at once: the advisory lock makes the
 * others wait and then find the migration already recorded.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => /^\d+_[\w-]+\.sql$/.test(name)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(join(dir, file), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [migrationLockKey]);
      await tx.exec(
        'create table if not exists schema_migrations (version text primary key, applied_at bigint not null)',
      );
      const { rows } = await tx.query('select 1 from schema_migrations where version = $1', [file]);
      if (rows.length > 0) return false;
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version, applied_at) values ($1, $2)', [
        file,
        Math.floor(Date.now() / 1000),
      ]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}
