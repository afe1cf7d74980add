// The cost of the metering step per call: the test-only metered route (tests/server/support, a
// trivial piece of work behind the real authentication and the real meter) against its unmetered
// twin (the same authentication and work, no meter), in one run, on PGlite and on PostgreSQL (a
// throw-away database). Two cases:
//   - one hot subscription: the demo owner with a service JWT for Acme UK's address lookup, whose
//     subscription gets a bundle large enough for the run; every metered call takes the
//     subscription's row lock, so this is one busy account's calls queueing on their clicks;
//   - spread: `spreadAccounts` accounts made through the API under Acme's organisation, each with
//     its own Address Lookup UK subscription and bundle and its own service JWT, the connections
//     going round them (tools/bench-load.ts), as a deployment with many customers sees its calls.
// Target: on PostgreSQL, spread, the metered route makes at least 0.90x the calls of the unmetered one.
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { meterTestServer } from '../tests/server/support/meterTestServer';
import { connections, line, load, phaseTable, scratchDatabase, seconds, startProcess, stop, type Result, type Started } from './bench-http';

const demo = 'Demo-Password-1';
const spreadAccounts = Number(process.env.BENCH_METER_ACCOUNTS ?? 100);
const target = 0.9;

async function json<T>(response: Promise<Response>): Promise<T> {
  const r = await response;
  if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

type Bearer = { authorization: string };
type Demo = { base: string; sales: Bearer; owner: Bearer; organisationId: number; hotAccountId: number; planId: number; serviceId: number };

async function demoOf(base: string): Promise<Demo> {
  const login = async (user: string) =>
    ({ authorization: `Bearer ${(await json<{ jwt: string }>(fetch(`${base}/api/users/auth`, { headers: { authorization: `Basic ${Buffer.from(`${user}:${demo}`).toString('base64')}` } }))).jwt}` });
  const sales = await login('sales@example.com');
  const found = await json<{ groups: Array<{ id: number; parentId: number; name: string }> }>(fetch(`${base}/api/users/search?filter=Acme%20UK`, { headers: sales }));
  const account = found.groups.find((g) => g.name === 'Acme UK');
  if (!account) throw new Error('Acme UK is not in the demo data');
  const plans = await json<Array<{ planId: number; plan: string }>>(fetch(`${base}/api/plans/account/plans?accountId=${account.id}`, { headers: sales }));
  const plan = plans.find((p) => p.plan === 'Address Lookup UK');
  if (!plan) throw new Error('Acme UK has no Address Lookup UK subscription');
  const owner = await login('owner@example.com');
  const services = await json<Array<{ id: number; name: string }>>(fetch(`${base}/api/users/services`, { headers: owner }));
  const serviceId = services.find((s) => s.name === 'address')!.id;
  return { base, sales, owner, organisationId: account.parentId, hotAccountId: account.id, planId: plan.planId, serviceId };
}

/** Gives the account's Address Lookup UK subscription (made with it if missing) a big free bundle. */
const fillUp = (d: Demo, accountId: number) =>
  json(
    fetch(`${d.base}/api/plans/bundles?organisationId=${d.organisationId}&accountId=${accountId}`, {
      method: 'POST',
      headers: { ...d.sales, 'content-type': 'application/json' },
      body: JSON.stringify({ planId: d.planId, clicks: 500_000_000, price: 0 }),
    }),
  );

/** Accounts under the demo organisation, made by its owner, each with a subscription of its own. */
async function spreadOver(d: Demo, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const { id } = await json<{ id: number }>(
      fetch(`${d.base}/api/users/groups?parentId=${d.organisationId}`, {
        method: 'POST',
        headers: { ...d.owner, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'account', name: `Bench account ${i}` }),
      }),
    );
    await fillUp(d, id);
    ids.push(id);
  }
  return ids;
}

/** A service JWT for each account's address lookup; one lasts five minutes, so each load gets new ones. */
const serviceJwts = (d: Demo, accountIds: number[]) =>
  Promise.all(
    accountIds.map(async (accountId) => {
      const { jwt } = await json<{ jwt: string }>(fetch(`${d.base}/api/users/tokens/servicejwt?serviceId=${d.serviceId}&groupId=${accountId}`, { headers: d.owner }));
      return { authorization: `Bearer ${jwt}` };
    }),
  );

type Pair = { metered: Result; unmetered: Result };

async function pair(server: Started, d: Demo, accountIds: number[], options: { watch?: () => Promise<number[]>; phases?: boolean }): Promise<Pair> {
  const headers = async () => {
    const sets = await serviceJwts(d, accountIds);
    return sets.length === 1 ? sets[0] : sets;
  };
  const url = (path: string) => `${d.base}/api/metertest/addresslookup${path}`;
  const unmetered = await load(server, url('/unmetered'), await headers(), { watch: options.watch, method: 'POST' });
  const metered = await load(server, url(''), await headers(), { watch: options.watch, method: 'POST', phases: options.phases });
  return { metered, unmetered };
}

async function meteredPairs(env: Record<string, string>, watch?: () => Promise<number[]>): Promise<{ hot: Pair; spread: Pair }> {
  const server = await startProcess(meterTestServer, { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env }, { phases: true });
  try {
    const d = await demoOf(`http://127.0.0.1:${server.port}`);
    await fillUp(d, d.hotAccountId);
    const hot = await pair(server, d, [d.hotAccountId], { watch });
    const spread = await pair(server, d, await spreadOver(d, spreadAccounts), { watch, phases: true });
    return { hot, spread };
  } finally {
    await stop(server.child);
  }
}

const ratioOf = (p: Pair) => p.metered.rps / p.unmetered.rps;

const ratioLine = (name: string, p: Pair) => {
  const cpu = p.metered.cpu !== null && p.unmetered.cpu !== null ? `, ${(p.metered.cpu - p.unmetered.cpu).toFixed(3)} ms more server CPU per call` : '';
  const db = p.metered.dbCpu != null && p.unmetered.dbCpu != null ? ` (+${(p.metered.dbCpu - p.unmetered.dbCpu).toFixed(3)} ms in PostgreSQL)` : '';
  return `${name} ${ratioOf(p).toFixed(3)}x the calls per second of the unmetered route${cpu}${db}`;
};

export async function benchMetering(staticDir: string): Promise<void> {
  const busy = loadavg()[0];
  const work = mkdtempSync(join(tmpdir(), 'portal-bench-meter-'));
  try {
    const pglite = await meteredPairs({ DATA_DIR: join(work, 'data'), STATIC_DIR: staticDir, DATABASE_URL: '' });
    const database = await scratchDatabase();
    let postgres: { hot: Pair; spread: Pair } | null = null;
    if (database) {
      try {
        postgres = await meteredPairs({ DATABASE_URL: database.url, SEED_DEMO: '1', STATIC_DIR: staticDir }, () => database.backends());
      } finally {
        await database.drop();
      }
    }
    console.log(`Metering, POST /api/metertest/addresslookup with service JWTs (${connections} connections, ${seconds} s each; load average ${busy.toFixed(2)} on ${availableParallelism()} CPUs before the run)`);
    console.log(`  ${''.padEnd(40)} ${'req/s'.padStart(7)} ${'p99'.padStart(9)}   CPU per request`);
    const spreadLabel = `${spreadAccounts} accounts`;
    for (const [db, pairs] of [['PGlite', pglite], ['PostgreSQL', postgres]] as const) {
      if (!pairs) {
        console.log('  PostgreSQL: skipped (no PostgreSQL at 127.0.0.1:5432)');
        continue;
      }
      console.log(line(`unmetered on ${db}, one account`.padEnd(40), pairs.hot.unmetered));
      console.log(line(`metered on ${db}, one account`.padEnd(40), pairs.hot.metered));
      console.log(line(`unmetered on ${db}, ${spreadLabel}`.padEnd(40), pairs.spread.unmetered));
      console.log(line(`metered on ${db}, ${spreadLabel}`.padEnd(40), pairs.spread.metered));
    }
    console.log(`  metering ratio, one account: ${ratioLine('PGlite', pglite.hot)}${postgres ? `; ${ratioLine('PostgreSQL', postgres.hot)}` : ''}`);
    console.log(`  metering ratio, ${spreadLabel}: ${ratioLine('PGlite', pglite.spread)}${postgres ? `; ${ratioLine('PostgreSQL', postgres.spread)}` : ''}`);
    console.log(
      postgres
        ? `  target: metered >= ${target.toFixed(2)}x unmetered on PostgreSQL over ${spreadLabel}: ${ratioOf(postgres.spread).toFixed(3)}x ${ratioOf(postgres.spread) >= target && !postgres.spread.metered.errors ? 'OK' : 'UNDER TARGET'}`
        : `  target: metered >= ${target.toFixed(2)}x unmetered on PostgreSQL over ${spreadLabel}: not measured (no PostgreSQL)`,
    );
    for (const text of phaseTable([[`PGlite, metered`, pglite.spread.metered], [`PostgreSQL, metered`, postgres?.spread.metered ?? null]])) console.log(text.replace(/^ {2}where/, `  over ${spreadLabel}, where`));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// `npx tsx tools/bench-meter.ts [staticDir]` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchMetering(process.argv[2] ?? '/nonexistent-portal-dist');
