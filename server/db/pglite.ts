import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, PGlite, protocol, types, type messages, type Results } from '@electric-sql/pglite';
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

/** The PGlite under each handle openPglite made, for `archiveOf`. */
const engines = new WeakMap<Kysely<Database>, PGlite>();

/**
 * A data folder, or undefined / 'memory://' for a throw-away database (tests), which starts from
 * `from` (an archive made by `archiveOf`) when given, else from a copy of a fresh cluster.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Kysely<Database>> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(inMemory ? undefined : dataDir, {
    // Seconds timestamps and counts are bigint; numbers keep both back ends alike (see postgres.ts).
    parsers: { [types.INT8]: (value: string) => Number(value) },
    // A throw-away database starts from an archive rather than running initdb. It holds little, and
    // PGlite sets up the whole buffer pool at each start: 16 MB rather than PostgreSQL's 128 MB halves
    // the start (0.35 s against 0.7 s), which a test suite pays hundreds of times.
    ...(inMemory ? { loadDataDir: await quickArchive(from ?? (await freshCluster())), startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pg) });
  engines.set(db, pg);
  return db;
}

/** The whole database of a handle openPglite made, as a tar archive `openPglite(undefined, archive)` loads. */
export function archiveOf(db: Kysely<Database>): Promise<Blob> {
  const pg = engines.get(db);
  if (!pg) throw new Error('archiveOf: not a PGlite handle of openPglite');
  return pg.dumpDataDir('none');
}

/**
 * An archive whose bytes are read once: PGlite reads the whole archive with `arrayBuffer()`, which
 * for a plain Blob streams and joins the pieces again at every load (about 0.1 s for a cluster's 40 MB).
 */
class QuickArchive extends Blob {
  constructor(private readonly whole: ArrayBuffer) {
    super([whole]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy, so nothing PGlite does to it reaches the next load.
    return Promise.resolve(this.whole.slice(0));
  }
}

const quickArchives = new WeakMap<Blob, Promise<QuickArchive>>();
function quickArchive(archive: Blob): Promise<Blob> {
  if (archive instanceof QuickArchive) return Promise.resolve(archive);
  let quick = quickArchives.get(archive);
  if (!quick) {
    quick = archive.arrayBuffer().then((whole) => new QuickArchive(whole));
    quickArchives.set(archive, quick);
  }
  return quick;
}

// The package's exports hide its package.json: it is read beside the resolved entry (dist/..).
const pgliteVersion = (
  JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string }
).version;
let cluster: Promise<Blob> | undefined;

/**
 * The data folder of a fresh cluster as PGlite's initdb leaves it, as a tar archive. initdb costs
 * seconds of CPU and a test suite opens hundreds of throw-away databases in many processes: the
 * archive is made once per PGlite version and kept in the system's temporary folder (written under
 * another name and renamed, so a process never reads a half-written one), and once per process in
 * memory. Loading it takes a fraction of the time.
 */
function freshCluster(): Promise<Blob> {
  cluster ??= (async () => {
    const file = join(tmpdir(), `portal-pglite-${pgliteVersion}-cluster.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const pg = await PGlite.create();
      const archive = await pg.dumpDataDir('none');
      await pg.close();
      const part = `${file}.${process.pid}.${Date.now()}`;
      await writeFile(part, new Uint8Array(await archive.arrayBuffer()));
      await rename(part, file);
      return archive;
    }
  })();
  return cluster;
}

// Our own small dialect rather than kysely-pglite-dialect 1.3.1. That package works with PGlite 0.5
// for ordinary queries, but its connection sends every statement through PGlite's query(), the
// extended protocol, which refuses a script of several statements: the migrations could not run.
// This one sends a statement without parameters through exec() (the simple protocol, as pg does for
// a query without values) and everything else as a named prepared statement (below).

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

/** A named statement: its parameter types, and the row description to read its results by. */
type Statement = { name: string; paramTypes: number[]; rows: messages.BackendMessage[] };

/** How many SQL texts stay prepared; the server has a few hundred at most, `in (...)` lists aside. */
const maxStatements = 500;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

// 0A000 "cached plan must not change result type": a table under a prepared `select *` changed.
const stalePlan = (error: unknown) => (error as { code?: string }).code === '0A000';

/**
 * PGlite runs in this thread, so every round trip into it costs the event loop. Its query() takes
 * six (parse, describe, bind, describe, execute, sync) and parses and plans the SQL every time:
 * about 0.7 ms for the session check of an authenticated call. Here each SQL
 * text is parsed once as a named statement, its parameter types (to serialise values as query()
 * does) and row description learnt then; each execution is one message, bind, execute and sync,
 * about 0.2 ms. A change of a table's columns under a statement makes PostgreSQL refuse it (0A000):
 * it is prepared again.
 */
class PgliteConnection implements DatabaseConnection {
  /** SQL text to its prepared statement, least recently used first. */
  private readonly statements = new Map<string, Statement>();
  /** Names of statements pushed out of the map, closed with the next message. */
  private closing: string[] = [];
  private named = 0;

  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const results =
      query.parameters.length === 0 ? await this.pg.exec(query.sql) : [await this.runPrepared(query.sql, query.parameters, true)];
    const last = results[results.length - 1];
    const rows = (last?.rows ?? []) as R[];
    return last?.affectedRows !== undefined ? { rows, numAffectedRows: BigInt(last.affectedRows) } : { rows };
  }

  private async runPrepared(text: string, parameters: readonly unknown[], mayRetry: boolean): Promise<Results> {
    const statement = this.statements.get(text) ?? (await this.prepare(text));
    this.statements.delete(text);
    this.statements.set(text, statement);
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialise = this.pg.serializers[statement.paramTypes[i]];
      return serialise ? serialise(value) : String(value);
    });
    const closes = this.closing.map((name) => protocol.serialize.close({ type: 'S', name }));
    this.closing = [];
    const { serialize } = protocol;
    const message = concat([...closes, serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]);
    try {
      return parse.parseResults([...statement.rows, ...(await this.pg.execProtocolStream(message))], this.pg.parsers)[0];
    } catch (error) {
      if (!stalePlan(error)) throw Object.assign(error as object, { query: text });
      this.forget(text);
      // Outside a transaction nothing is lost: prepare it again and run it once more.
      if (mayRetry && !this.pg.isInTransaction()) return this.runPrepared(text, parameters, false);
      throw Object.assign(error as object, { query: text });
    }
  }

  private async prepare(text: string): Promise<Statement> {
    const name = `kysely_${++this.named}`;
    const { serialize } = protocol;
    let messages;
    try {
      messages = await this.pg.execProtocolStream(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]));
    } catch (error) {
      throw Object.assign(error as object, { query: text });
    }
    const rows = messages.filter((message) => message.name === 'rowDescription');
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages), rows };
    this.statements.set(text, statement);
    const oldest = this.statements.keys().next().value;
    if (this.statements.size > maxStatements && oldest !== undefined) this.forget(oldest);
    return statement;
  }

  private forget(text: string) {
    const statement = this.statements.get(text);
    if (!statement) return;
    this.statements.delete(text);
    this.closing.push(statement.name);
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
