import { mkdir } from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './schema';

/** A data folder, or undefined / 'memory://' for a throw-away database (tests). */
export async function openPglite(dataDir?: string): Promise<Kysely<Database>> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(inMemory ? undefined : dataDir, {
    // Seconds timestamps and counts are bigint; numbers keep both back ends alike (see postgres.ts).
    parsers: { [types.INT8]: (value: string) => Number(value) },
  });
  return new Kysely<Database>({ dialect: new PgliteDialect(pg) });
}

// Our own small dialect rather than kysely-pglite-dialect 1.3.1. That package works with PGlite 0.5
// for ordinary queries, but its connection sends every statement through PGlite's query(), the
// extended protocol, which refuses a script of several statements: the migrations could not run.
// This one sends a statement without parameters through exec() (the simple protocol, as pg does for
// a query without values) and everything else through query().

class PgliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const results =
      query.parameters.length === 0
        ? await this.pg.exec(query.sql)
        : [await this.pg.query<R>(query.sql, [...query.parameters])];
    const last = results[results.length - 1];
    const rows = (last?.rows ?? []) as R[];
    return last?.affectedRows !== undefined ? { rows, numAffectedRows: BigInt(last.affectedRows) } : { rows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}

/**
 * PGlite is one connection: the driver lends it to one caller at a time and queues the others, so
 * a transaction (begin ... commit on the lent connection) never interleaves with other queries.
 */
class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly pg: PGlite) {
    this.connection = new PgliteConnection(pg);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel) {
      // The level is one of Kysely's fixed words, never input.
      await this.pg.exec(`start transaction isolation level ${settings.isolationLevel}`);
    } else {
      await this.pg.exec('begin');
    }
  }

  async commitTransaction(): Promise<void> {
    await this.pg.exec('commit');
  }

  async rollbackTransaction(): Promise<void> {
    await this.pg.exec('rollback');
  }

  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}
