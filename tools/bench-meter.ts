// The cost of the metering step per call: the test-only metered route (tests/server/support, a
// trivial piece of work behind the real authentication and the real meter) against its unmetered
// twin (the same authentication and work, no meter), in one run, on PGlite and on PostgreSQL (a
// throw-away database). The caller is the demo owner with a service JWT for Acme UK's address
// lookup, whose subscription gets a bundle large enough for the run; every metered call takes the
// subscription's row lock, so this is one hot account's calls queueing on their clicks.
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { meterTestServer } from '../tests/server/support/meterTestServer';
import { connections, line, load, scratchDatabase, seconds, startProcess, stop, type Result } from './bench-http';

const demo = 'Demo-Password-1';

async function json<T>(response: Promise<Response>): Promise<T> {
  const r = await response;
  if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** Logs in, gives Acme UK's address lookup a big free bundle, and returns a service JWT for it. */
async function prepare(base: string): Promise<string> {
  const login = (user: string) =>
    json<{ jwt: string }>(fetch(`${base}/api/users/auth`, { headers: { authorization: `Basic ${Buffer.from(`${user}:${demo}`).toString('base64')}` } }));
  const sales = { authorization: `Bearer ${(await login('sales@example.com')).jwt}` };
  const found = await json<{ groups: Array<{ id: number; parentId: number; name: string }> }>(fetch(`${base}/api/users/search?filter=Acme%20UK`, { headers: sales }));
  const account = found.groups.find((g) => g.name === 'Acme UK');
  if (!account) throw new Error('Acme UK is not in the demo data');
  const plans = await json<Array<{ planId: number; plan: string }>>(fetch(`${base}/api/plans/account/plans?accountId=${account.id}`, { headers: sales }));
  const plan = plans.find((p) => p.plan === 'Address Lookup UK');
  if (!plan) throw new Error('Acme UK has no Address Lookup UK subscription');
  await json(
    fetch(`${base}/api/plans/bundles?organisationId=${account.parentId}&accountId=${account.id}`, {
      method: 'POST',
      headers: { ...sales, 'content-type': 'application/json' },
      body: JSON.stringify({ planId: plan.planId, clicks: 500_000_000, price: 0 }),
    }),
  );
  const owner = { authorization: `Bearer ${(await login('owner@example.com')).jwt}` };
  const services = await json<Array<{ id: number; name: string }>>(fetch(`${base}/api/users/services`, { headers: owner }));
  const address = services.find((s) => s.name === 'address')!;
  const { jwt } = await json<{ jwt: string }>(fetch(`${base}/api/users/tokens/servicejwt?serviceId=${address.id}&groupId=${account.id}`, { headers: owner }));
  return jwt;
}

async function meteredPair(env: Record<string, string>, watch?: () => Promise<number[]>): Promise<{ metered: Result; unmetered: Result }> {
  const { port, child } = await startProcess(meterTestServer, { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env });
  try {
    const base = `http://127.0.0.1:${port}`;
    // A service JWT lasts five minutes: one for each load (warm-up and measure).
    const unmetered = await load(child, `${base}/api/metertest/addresslookup/unmetered`, { authorization: `Bearer ${await prepare(base)}` }, watch, 'POST');
    const metered = await load(child, `${base}/api/metertest/addresslookup`, { authorization: `Bearer ${await prepare(base)}` }, watch, 'POST');
    return { metered, unmetered };
  } finally {
    await stop(child);
  }
}

const ratioLine = (name: string, pair: { metered: Result; unmetered: Result }) => {
  const cpu = pair.metered.cpu !== null && pair.unmetered.cpu !== null ? `, ${(pair.metered.cpu - pair.unmetered.cpu).toFixed(3)} ms more server CPU per call` : '';
  const db = pair.metered.dbCpu != null && pair.unmetered.dbCpu != null ? ` (+${(pair.metered.dbCpu - pair.unmetered.dbCpu).toFixed(3)} ms in PostgreSQL)` : '';
  return `${name} ${(pair.metered.rps / pair.unmetered.rps).toFixed(3)}x the calls per second of the unmetered route${cpu}${db}`;
};

export async function benchMetering(staticDir: string): Promise<void> {
  const busy = loadavg()[0];
  const work = mkdtempSync(join(tmpdir(), 'portal-bench-meter-'));
  try {
    const pglite = await meteredPair({ DATA_DIR: join(work, 'data'), STATIC_DIR: staticDir, DATABASE_URL: '' });
    const database = await scratchDatabase();
    let postgres: { metered: Result; unmetered: Result } | null = null;
    if (database) {
      try {
        postgres = await meteredPair({ DATABASE_URL: database.url, SEED_DEMO: '1', STATIC_DIR: staticDir }, () => database.backends());
      } finally {
        await database.drop();
      }
    }
    console.log(`Metering, POST /api/metertest/addresslookup with a service JWT (${connections} connections, ${seconds} s each; load average ${busy.toFixed(2)} on ${availableParallelism()} CPUs before the run)`);
    console.log(`  ${''.padEnd(28)} ${'req/s'.padStart(7)} ${'p99'.padStart(9)}   CPU per request`);
    console.log(line('unmetered on PGlite', pglite.unmetered));
    console.log(line('metered on PGlite', pglite.metered));
    if (postgres) {
      console.log(line('unmetered on PostgreSQL', postgres.unmetered));
      console.log(line('metered on PostgreSQL', postgres.metered));
    } else {
      console.log('  PostgreSQL: skipped (no PostgreSQL at 127.0.0.1:5432)');
    }
    console.log(`  metering ratio: ${ratioLine('PGlite', pglite)}${postgres ? `; ${ratioLine('PostgreSQL', postgres)}` : ''}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// `npx tsx tools/bench-meter.ts [staticDir]` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchMetering(process.argv[2] ?? '/nonexistent-portal-dist');
