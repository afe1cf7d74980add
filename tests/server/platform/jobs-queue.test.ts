import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { jobsSchemaOf } from '../../../server/jobs/handle';
import { startJobs } from '../../../server/jobs/queue';
import { freshDb } from '../support/harness';

// The job queue's stop: once it resolves, the queue sends nothing more to the database (a test then
// drops its schema, a server its pool). pg-boss alone lets a fetch in flight at stop run its job and
// complete it afterwards, un-awaited: "relation ..._pgboss.job does not exist" as an unhandled rejection.

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

describe('job queue stop', () => {
  it('waits for a fetch in flight, its job and its completion, then sends no query', async () => {
    const fresh = await freshDb();
    drop = fresh.drop;
    let results = 0;
    let slowFetch = false;
    // Every answer the queue's queries get passes here; a fetched job's answer is held back 400 ms,
    // so the stop below comes while the worker's fetch is still under way.
    const watch: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult({ result }) {
        results++;
        const row: unknown = result.rows[0];
        if (slowFetch && typeof row === 'object' && row !== null && 'data' in row) await sleep(400);
        return result;
      },
    };
    const schema = await jobsSchemaOf(fresh.db);
    const jobs = await startJobs({ db: fresh.db.withPlugin(watch), schema, queues: [{ name: 'stop-test' }] });
    const id = await jobs.send('stop-test', { n: 1 });
    const ran: unknown[] = [];
    slowFetch = true;
    await jobs.work<{ n: number }>('stop-test', async (data) => {
      ran.push(data);
    }, { pollingIntervalSeconds: 0.5 });
    await sleep(100);

    await jobs.stop();
    const atStop = results;
    await sleep(1_000);

    expect(results).toBe(atStop);
    expect(ran).toEqual([{ n: 1 }]);
    const { rows } = await sql<{ state: string }>`select state from ${sql.id(schema, 'job')} where id = ${id}`.execute(fresh.db);
    expect(rows.map((row) => row.state)).toEqual(['completed']);
  });

  it('refuses a job sent after stop, without reaching the database', async () => {
    const fresh = await freshDb();
    drop = fresh.drop;
    let results = 0;
    const count: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async ({ result }) => {
        results++;
        return result;
      },
    };
    const schema = await jobsSchemaOf(fresh.db);
    const jobs = await startJobs({ db: fresh.db.withPlugin(count), schema, queues: [{ name: 'after-stop' }] });
    await jobs.stop();
    const atStop = results;
    await expect(jobs.send('after-stop', {})).rejects.toThrow('The job queue has stopped');
    expect(results).toBe(atStop);
  });
});
