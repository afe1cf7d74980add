import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db } from './types';
export { migrate } from './migrate';

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
