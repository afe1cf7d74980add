import type { Db } from './handle';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { Database } from './schema';
export type { Db, Trx } from './handle';
export { migrate, pendingMigrations } from './migrate';
export { poolStats } from './postgres';

export type OpenDbOptions = {
  /** postgres://...: use PostgreSQL; otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; undefined or 'memory://' keeps the database in memory. */
  dataDir?: string;
  /** PostgreSQL only: work inside this schema (created if missing). */
  schema?: string;
};

export function openDb(options: OpenDbOptions = {}): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, { schema: options.schema })
    : openPglite(options.dataDir);
}
