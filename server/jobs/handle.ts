import { sql } from 'kysely';
import type { Db } from '../db';
import { startJobs, type JobHandler, type Jobs, type JobsOptions, type QueueDefinition } from './queue';

// The Jobs handle the app hands to its services. buildApp is synchronous and pg-boss starts
// asynchronously (it creates its tables on first use), so the handle starts it when asked: at once
// on app ready (`start`, the real server) or on the first `send` (the Vitest apps, most of which
// never queue a job and so never pay for pg-boss). Workers named before the start begin with it.

export interface JobsHandle extends Jobs {
  /** Starts pg-boss (once) and the workers registered so far; later calls wait for the same start. */
  start(): Promise<void>;
  /** Where the queue is: not started yet, starting, running, or stopped (the process is closing). */
  status(): 'idle' | 'starting' | 'running' | 'stopped';
  /** Jobs waiting (created or retry) and running (active), by queue: for the metrics. */
  depth(): Promise<Array<{ queue: string; state: 'waiting' | 'active'; count: number }>>;
}

/**
 * pg-boss's schema beside the portal's: `pgboss` for the default schema, `<schema>_pgboss` when the
 * database handle works in a schema of its own (the PostgreSQL test runs, one schema per file), so
 * each portal schema has its own queue. dropSchema (db/postgres.ts) drops the pair.
 */
export async function jobsSchemaOf(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(db);
  const current = rows[0]?.name ?? 'public';
  return current === 'public' ? 'pgboss' : `${current}_pgboss`;
}

export function createJobsHandle(options: {
  db: Db;
  queues: QueueDefinition[];
  /** false (JOBS_WORKER=0): `work` registers nothing; jobs are still queued for another process. */
  worker: boolean;
  log?: JobsOptions['log'];
  maintenanceSeconds?: number;
  observe?: JobsOptions['observe'];
}): JobsHandle {
  const workers: Array<{ queue: string; handler: JobHandler<object>; options?: { pollingIntervalSeconds?: number } }> = [];
  let started: Promise<Jobs> | undefined;
  let running = false;
  let stopped = false;

  const start = () => {
    // Closed: a late send (after the app closed) must not start a queue no one will stop.
    if (stopped) return Promise.reject(new Error('The job queue has stopped'));
    return (started ??= (async () => {
      const jobs = await startJobs({ db: options.db, schema: await jobsSchemaOf(options.db), queues: options.queues, log: options.log, maintenanceSeconds: options.maintenanceSeconds, observe: options.observe });
      for (const worker of workers) await jobs.work(worker.queue, worker.handler, worker.options);
      running = true;
      return jobs;
    })().catch((error: unknown) => {
      // A failed start (database down) is tried again by the next send rather than remembered.
      started = undefined;
      throw error;
    }));
  };

  return {
    start: async () => {
      await start();
    },
    status: () => (stopped ? 'stopped' : running ? 'running' : started ? 'starting' : 'idle'),
    depth: async () => {
      // Before pg-boss made its tables there is nothing queued (and nothing to read).
      if (!running) return [];
      const schema = await jobsSchemaOf(options.db);
      const { rows } = await sql<{ queue: string; state: 'waiting' | 'active'; count: number }>`
        select name as queue, case when state = 'active' then 'active' else 'waiting' end as state, count(*)::integer as count
          from ${sql.id(schema, 'job')} where state in ('created', 'retry', 'active') group by 1, 2`.execute(options.db);
      return rows;
    },
    send: async (queue, data, jobOptions) => (await start()).send(queue, data, jobOptions),
    work: async <T extends object>(queue: string, handler: JobHandler<T>, workOptions?: { pollingIntervalSeconds?: number }) => {
      if (!options.worker) return;
      // A handler of T is called only with the data queued on its queue, which its senders type as T.
      const entry = { queue, handler: handler as JobHandler<object>, options: workOptions };
      workers.push(entry);
      if (started) await (await started).work(entry.queue, entry.handler, entry.options);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      running = false;
      if (started) await (await started).stop();
    },
  };
}
