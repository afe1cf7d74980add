import type { Kysely, Transaction } from 'kysely';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './schema';

export type { Database } from './schema';
export { migrate } from './migrate';

/**
 * The one database handle the server uses: Kysely over PGlite (embedded) or PostgreSQL alike.
 * Multi-writes run in `db.transaction().execute(async (trx) => ...)`; inside, use only `trx`:
 * PGlite serves one connection at a time, so a query on the outer `db` would wait for ever.
 */
export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

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
