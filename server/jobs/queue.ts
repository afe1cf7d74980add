import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../db';
import { requestContext } from '../platform/requestContext';

// The job queue: pg-boss 10 (its newest major needs Node 22) over the portal's own database handle,
// so the same queue runs in the embedded PGlite (one process, worker in-process) and in PostgreSQL
// (any number of processes share it: a job is fetched with FOR UPDATE SKIP LOCKED by exactly one
// worker, and a worker that dies leaves it to expire and be retried by another).
// pg-boss takes a `db` with executeSql(text, values); ours sends it through Kysely, so PGlite's one
// connection is shared in turn with the rest of the server rather than opened twice.

export type JobOptions = {
  /** With a 'stately' or 'singleton' queue: one job per key queued (and one running). */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job not finished within this is failed (and retried). */
  expireInSeconds?: number;
};

export type QueueDefinition = {
  name: string;
  /** standard: any number; stately: one queued and one active per singleton key (pg-boss policies). */
  policy?: 'standard' | 'stately' | 'singleton' | 'short';
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
};

/** What a handler learns of its job: retryCount of retryLimit tells the last try (then a handler may record the failure). */
/** A job as its handler sees it; `requestId` names the HTTP request that queued it, when one did. */
export type JobMeta = { id: string; name: string; retryCount: number; retryLimit: number; requestId: string | null };
export type JobHandler<T> = (data: T, job: JobMeta) => Promise<void>;

export interface Jobs {
  /** Queues a job; null when a singleton key already holds one. */
  send<T extends object>(queue: string, data: T, options?: JobOptions): Promise<string | null>;
  /** Runs the queue's jobs in this process, one at a time per poll. */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: { pollingIntervalSeconds?: number }): Promise<void>;
  stop(): Promise<void>;
}

export type JobsOptions = {
  db: Db;
  /** pg-boss's own schema (its tables); one per portal database schema. */
  schema?: string;
  queues: QueueDefinition[];
  log?: { error(obj: unknown, msg?: string): void; warn?(obj: unknown, msg?: string): void };
  /** How often expired active jobs (their worker died) are failed and retried: pg-boss's 120 s unless set (JOBS_MAINTENANCE_SECONDS). */
  maintenanceSeconds?: number;
  /** Told of every run of a handler: its queue, whether it completed, how long it took. */
  observe?: (queue: string, outcome: 'completed' | 'failed', seconds: number) => void;
};

/** The key under which send() stores the queuing request's id in a job's data; the handler never sees it. */
const requestIdKey = '__requestId';

/**
 * The options without their undefined entries: pg-boss checks options with `in`, so a key present
 * but undefined ("retryDelay must be an integer >= 0") fails where a missing one takes the default.
 */
function defined<T extends object>(options: T): Partial<T> {
  // Object.fromEntries types its result loosely; the entries are T's own, less the undefined ones.
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * One statement (or pg-boss's "BEGIN; ...; COMMIT" script) on one connection of ours. A script that
 * fails part way leaves its connection inside an aborted transaction, and every later query there
 * would fail ("current transaction is aborted"): it is rolled back before the connection goes back.
 */
async function executeSql(db: Db, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  return db.connection().execute(async (connection) => {
    try {
      return { rows: (await connection.executeQuery(CompiledQuery.raw(text, values))).rows };
    } catch (error) {
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * pg-boss's stop does not wait for everything it set going: a worker's fetch in flight carries on,
 * and the job it fetched is run, then completed or failed without being awaited. After stop the
 * database may be gone (a test drops its schema), so one of those queries failed as an unhandled
 * rejection. Here stop waits (a while) for the handlers and queries under way; after that, pg-boss's queries
 * are answered with no rows and never reach the database: a job fetched then is left active, to
 * expire and be retried by a worker still running (pg-boss's own recovery for a worker that died).
 */
function quiescence() {
  const pending = new Set<Promise<unknown>>();
  let settled = false;
  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  };
  return {
    stopped: () => settled,
    query: (run: () => Promise<{ rows: unknown[] }>) => (settled ? Promise.resolve({ rows: [] }) : track(run())),
    /** A handler's run: a handler reached after stop does nothing (its job is left to expire). */
    handle: (run: () => Promise<void>) => (settled ? Promise.resolve() : track(run())),
    /** Waits (at most `limitMs`: a handler may run for minutes) for what is under way, then answers no more. */
    async settle(limitMs: number) {
      const deadline = Date.now() + limitMs;
      // A completion is sent a turn after its handler ends: let it start, then wait for it too.
      while (pending.size > 0 && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
        await Promise.race([Promise.allSettled([...pending]), late]);
        clearTimeout(timer);
        await new Promise((resolve) => setImmediate(resolve));
      }
      settled = true;
    },
  };
}

/**
 * pg-boss started with the portal's queues. Two processes starting together on one PostgreSQL may
 * still race in pg-boss's own install or in creating a queue (one of them then fails, "current
 * transaction is aborted" or a duplicate key): the loser stops and starts again, and finds both done.
 */
async function startedBoss(make: () => PgBoss, options: JobsOptions): Promise<PgBoss> {
  for (let attempt = 1; ; attempt++) {
    const boss = make();
    try {
      await boss.start();
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      for (const queue of options.queues) {
        if (!existing.has(queue.name)) await boss.createQueue(queue.name, { name: queue.name, policy: queue.policy ?? 'standard', ...defined({ retryLimit: queue.retryLimit, retryDelay: queue.retryDelaySeconds, retryBackoff: queue.retryBackoff, expireInSeconds: queue.expireInSeconds }) });
      }
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => undefined);
      if (attempt >= 5) throw error;
      options.log?.warn?.({ err: error, attempt }, 'job queue start raced another process: starting again');
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.floor(Math.random() * 200)));
    }
  }
}

/** The job's data with the id of the request queuing it (when a request is): see requestContext. */
function withRequestId<T extends object>(data: T): T {
  const requestId = requestContext.getStore();
  return requestId ? { ...data, [requestIdKey]: requestId } : data;
}

/** Starts pg-boss (creating its tables on first use) and the queues the portal uses. */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const { db } = options;
  const quiet = quiescence();
  const make = () => {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[] = []) => quiet.query(() => executeSql(db, text, values)) },
      schema: options.schema ?? 'pgboss',
      // Cron schedules are not used: periodic work is a worker of its own that re-queues itself.
      schedule: false,
      supervise: true,
      migrate: true,
      ...defined({ maintenanceIntervalSeconds: options.maintenanceSeconds }),
    });
    boss.on('error', (error) => options.log?.error(error, 'job queue error'));
    return boss;
  };
  // Two processes starting at once would both create pg-boss's schema (its CREATE SCHEMA runs before
  // its own lock, and one fails on a duplicate key): make it first, under the migrations' advisory lock.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${7_246_001})`.execute(trx);
    await sql`create schema if not exists ${sql.id(options.schema ?? 'pgboss')}`.execute(trx);
  });
  const boss = await startedBoss(make, options);
  return {
    send: (queue, data, jobOptions = {}) =>
      // Refused rather than answered with no rows (which pg-boss would take as "not queued").
      quiet.stopped() ? Promise.reject(new Error('The job queue has stopped')) : boss.send(queue, withRequestId(data), defined({
        singletonKey: jobOptions.singletonKey,
        startAfter: jobOptions.startAfterSeconds,
        retryLimit: jobOptions.retryLimit,
        retryDelay: jobOptions.retryDelaySeconds,
        retryBackoff: jobOptions.retryBackoff,
        expireInSeconds: jobOptions.expireInSeconds,
      })),
    work: async <T extends object>(queue: string, handler: JobHandler<T>, workOptions: { pollingIntervalSeconds?: number } = {}) => {
      await boss.work<T>(queue, { pollingIntervalSeconds: workOptions.pollingIntervalSeconds ?? 1, batchSize: 1, includeMetadata: true }, (jobs) =>
        quiet.handle(async () => {
          for (const job of jobs) {
            const { [requestIdKey]: requestId, ...data } = job.data as T & { [requestIdKey]?: string };
            const meta = { id: job.id, name: job.name, retryCount: job.retryCount, retryLimit: job.retryLimit, requestId: requestId ?? null };
            const began = performance.now();
            try {
              // The queuing request's id goes on with the job, into its log lines and any job it queues.
              await requestContext.run(requestId ?? null, () => handler(data as T, meta));
              options.observe?.(queue, 'completed', (performance.now() - began) / 1000);
            } catch (error) {
              options.observe?.(queue, 'failed', (performance.now() - began) / 1000);
              options.log?.error({ err: error, requestId: meta.requestId, job: job.id, queue, retryCount: job.retryCount }, 'job failed');
              throw error;
            }
          }
        }),
      );
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await quiet.settle(5_000);
    },
  };
}
