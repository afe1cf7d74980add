import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../db';

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
export type JobMeta = { id: string; name: string; retryCount: number; retryLimit: number };
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
  log?: { error(obj: unknown, msg?: string): void };
  /** How often expired active jobs (their worker died) are failed and retried: pg-boss's 120 s unless set (JOBS_MAINTENANCE_SECONDS). */
  maintenanceSeconds?: number;
};

/**
 * The options without their undefined entries: pg-boss checks options with `in`, so a key present
 * but undefined ("retryDelay must be an integer >= 0") fails where a missing one takes the default.
 */
function defined<T extends object>(options: T): Partial<T> {
  // Object.fromEntries types its result loosely; the entries are T's own, less the undefined ones.
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Starts pg-boss (creating its tables on first use) and the queues the portal uses. */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const { db } = options;
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[] = []) => ({ rows: (await db.executeQuery(CompiledQuery.raw(text, values))).rows }),
    },
    schema: options.schema ?? 'pgboss',
    // Cron schedules are not used: periodic work is a worker of its own that re-queues itself.
    schedule: false,
    supervise: true,
    migrate: true,
    ...defined({ maintenanceIntervalSeconds: options.maintenanceSeconds }),
  });
  boss.on('error', (error) => options.log?.error(error, 'job queue error'));
  // Two processes starting at once would both create pg-boss's schema (its CREATE SCHEMA runs before
  // its own lock, and one fails on a duplicate key): make it first, under the migrations' advisory lock.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${7_246_001})`.execute(trx);
    await sql`create schema if not exists ${sql.id(options.schema ?? 'pgboss')}`.execute(trx);
  });
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  for (const queue of options.queues) {
    if (!existing.has(queue.name)) await boss.createQueue(queue.name, { name: queue.name, policy: queue.policy ?? 'standard', ...defined({ retryLimit: queue.retryLimit, retryDelay: queue.retryDelaySeconds, retryBackoff: queue.retryBackoff, expireInSeconds: queue.expireInSeconds }) });
  }
  return {
    send: (queue, data, jobOptions = {}) =>
      boss.send(queue, data, defined({
        singletonKey: jobOptions.singletonKey,
        startAfter: jobOptions.startAfterSeconds,
        retryLimit: jobOptions.retryLimit,
        retryDelay: jobOptions.retryDelaySeconds,
        retryBackoff: jobOptions.retryBackoff,
        expireInSeconds: jobOptions.expireInSeconds,
      })),
    work: async <T extends object>(queue: string, handler: JobHandler<T>, workOptions: { pollingIntervalSeconds?: number } = {}) => {
      await boss.work<T>(queue, { pollingIntervalSeconds: workOptions.pollingIntervalSeconds ?? 1, batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) await handler(job.data, { id: job.id, name: job.name, retryCount: job.retryCount, retryLimit: job.retryLimit });
      });
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
