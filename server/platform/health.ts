import { sql } from 'kysely';
import { pendingMigrations, type Db } from '../db';
import type { AddressDatasets } from '../engines/address/datasets';
import type { JobsHandle } from '../jobs/handle';

// Whether this process should be sent requests (GET /readyz, server/http/operations.ts): its
// database answers, every migration this code knows is applied, the address data it serves is
// loaded, and its job queue runs. A load balancer polls it every second or so, so a check costs two
// small queries, and checks that arrive together share one run.

export type Check = { ok: boolean; detail: string };
export type Readiness = { ready: boolean; reason: string | null; checks: Record<'database' | 'migrations' | 'address' | 'jobs', Check> };

/** How long the database may take to answer before the process is called not ready. */
const databaseTimeoutMs = 1_000;

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`${what} did not answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const failed = (error: unknown): Check => ({ ok: false, detail: error instanceof Error ? error.message : String(error) });

export function createReadiness(deps: { db: Db; addressDatasets: AddressDatasets; jobs: JobsHandle; addressPreload: boolean }) {
  let closing = false;
  let running: Promise<Readiness> | null = null;

  async function database(): Promise<Check> {
    try {
      await within(sql`select 1`.execute(deps.db), databaseTimeoutMs, 'the database');
      return { ok: true, detail: 'answers' };
    } catch (error) {
      return failed(error);
    }
  }

  async function migrations(): Promise<Check> {
    try {
      const pending = await within(pendingMigrations(deps.db), databaseTimeoutMs, 'the database');
      return pending.length === 0 ? { ok: true, detail: 'all applied' } : { ok: false, detail: `not applied: ${pending.join(', ')}` };
    } catch (error) {
      return failed(error);
    }
  }

  function address(): Check {
    const states = deps.addressDatasets.list();
    const broken = states.find((s) => s.status === 'failed');
    if (broken) return { ok: false, detail: `${broken.dataset} failed to load: ${broken.error}` };
    const loading = states.filter((s) => s.status === 'loading' || (s.status === 'idle' && deps.addressPreload));
    if (loading.length > 0) return { ok: false, detail: `loading ${loading.map((s) => `${s.dataset} (${s.count} addresses so far)`).join(', ')}` };
    const idle = states.filter((s) => s.status === 'idle');
    if (idle.length > 0) return { ok: true, detail: 'loaded on the first address call (ADDRESS_PRELOAD=0)' };
    return { ok: true, detail: states.map((s) => `${s.dataset} ${s.count} addresses`).join(', ') };
  }

  function jobs(): Check {
    const status = deps.jobs.status();
    return status === 'running' ? { ok: true, detail: 'running' } : { ok: false, detail: status === 'stopped' ? 'stopped' : `not running yet (${status})` };
  }

  async function run(): Promise<Readiness> {
    const [db, applied] = await Promise.all([database(), migrations()]);
    const checks = { database: db, migrations: applied, address: address(), jobs: jobs() };
    const broken = Object.entries(checks).find(([, check]) => !check.ok);
    const reason = closing ? 'shutting down' : broken ? `${broken[0]}: ${broken[1].detail}` : null;
    return { ready: reason === null, reason, checks };
  }

  return {
    check(): Promise<Readiness> {
      running ??= run().finally(() => (running = null));
      return running;
    },
    /** From now on the process answers not ready, so load balancers stop sending it requests. */
    close() {
      closing = true;
    },
    get closing() {
      return closing;
    },
  };
}

export type ReadinessCheck = ReturnType<typeof createReadiness>;
