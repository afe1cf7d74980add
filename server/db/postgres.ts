import { Kysely, PostgresDialect, sql, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

const INT8 = 20;
// Seconds timestamps and counts are bigint; pg returns them as strings by default, PGlite as numbers.
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * PostgreSQL through a pg Pool. With `schema`, the schema is created and every connection of the
 * pool works in it (search_path), which isolates test files sharing one database.
 */
export async function openPostgres(databaseUrl: string, options: { schema?: string } = {}): Promise<Kysely<Database>> {
  const { schema } = options;
  if (schema !== undefined && !schemaName.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  if (schema) {
    const setup = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }) });
    try {
      await setup.schema.createSchema(schema).ifNotExists().execute();
    } finally {
      await setup.destroy();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: typeParsers,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatements(pool) }) });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The connections of a PostgreSQL handle's pool (for the metrics); null for PGlite, which has one connection and no pool. */
export function poolStats(db: Kysely<Database>): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** How many SQL texts get a name; any more run unnamed, so no connection holds more statements. */
const maxNamed = 500;

/**
 * pg runs a query with values as an unnamed statement, which the server parses and plans every
 * time: 0.2 ms of its CPU for the session check of each authenticated call, against 0.07 ms when
 * the statement is named and so prepared once per connection (the database
 * shares the machine's cores with the server). Each SQL text with values gets one name for the
 * life of the process; pg parses it on each connection the first time it runs there.
 */
function namedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  let named = 0;
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < maxNamed) names.set(text, (name = `kysely_${++named}`));
    return name;
  };
  class Client implements PostgresPoolClient {
    constructor(private readonly client: pg.PoolClient) {}
    query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    query<R>(text: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof text !== 'string') throw new Error('No cursor is configured');
      return this.run<R>(text, parameters, true);
    }
    private async run<R>(text: string, parameters: ReadonlyArray<unknown>, mayRetry: boolean): Promise<PostgresQueryResult<R>> {
      const values = [...parameters];
      const name = values.length > 0 ? nameOf(text) : undefined;
      try {
        const { command, rowCount, rows } = await this.client.query(name === undefined ? { text, values } : { name, text, values });
        return { command: command as PostgresQueryResult<R>['command'], rowCount: rowCount ?? 0, rows: rows as R[] };
      } catch (error) {
        // 0A000: the columns of a table under the statement changed (a migration by another process).
        // A new name prepares it afresh; inside a transaction the retry fails as the transaction has.
        if (name === undefined || (error as { code?: string }).code !== '0A000' || !mayRetry) throw error;
        names.delete(text);
        return this.run<R>(text, parameters, false);
      }
    }
    release() {
      this.client.release();
    }
  }
  // One wrapper per pg client, so Kysely sees the same connection each time it gets that client.
  const wrappers = new WeakMap<pg.PoolClient, Client>();
  const wrap = (client: pg.PoolClient) => wrappers.get(client) ?? wrappers.set(client, new Client(client)).get(client)!;
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}

/** Drops a schema made by openPostgres (tests), and its job queue's schema if it has one (jobs/handle.ts). */
export async function dropSchema(db: Kysely<Database>, schema: string): Promise<void> {
  if (!schemaName.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  // Test files drop their schemas side by side, and PostgreSQL now and then finds two cascading
  // drops in a deadlock (seen in CI): the one it cancels is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`drop schema if exists ${sql.id(`${schema}_pgboss`)} cascade`.execute(db);
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
