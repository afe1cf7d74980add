import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * The one database handle the server uses: Kysely over PGlite (embedded) or PostgreSQL alike.
 * Multi-writes run in `db.transaction().execute(async (trx) => ...)`; inside, use only `trx`:
 * PGlite serves one connection at a time, so a query on the outer `db` would wait for ever.
 */
export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
