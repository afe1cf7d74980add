// Throughput and tail latency of an authenticated read (GET /api/users/user with a bearer token) next
// to a bare Fastify hello world measured in the same run with the same load (autocannon), on PGlite and,
// when it is reachable, on PostgreSQL. Each server is its own process, as in production, and so is the
// load generator (tools/bench-load.ts). Next to each: the server's CPU time per request, and for
// PostgreSQL the database's, which say where the time goes even on a machine busy with other work.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
export const connections = 100;
export const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const p99TargetMs = 50;

/** cpu: the server's CPU milliseconds per request; dbCpu: its database's (PostgreSQL on this machine). */
export type Result = { rps: number; p99: number; errors: number; cpu: number | null; dbCpu?: number | null };

/** Starts `script` with tsx and resolves with its port once it prints "listening <port>" or the portal URL. */
export function startProcess(script: string, env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    // The address data loads on first use: its background indexing would skew these measurements.
    env: { ADDRESS_PRELOAD: '0', ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)|running at http:\/\/localhost:(\d+)/.exec(out);
      if (match) done({ port: Number(match[1] ?? match[2]), child });
    });
    child.once('exit', (code) => fail(new Error(`${script} exited with ${code}: ${out}`)));
  });
}

/** Stops a server process and waits until it has gone (its database connections with it). */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return gone;
}

/** CPU milliseconds (user and system) a process has used so far, from /proc; null where there is none. */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return null;
  }
}

const sum = (values: Array<number | null>) => (values.includes(null) ? null : values.reduce<number>((total, v) => total + v!, 0));

/** One autocannon run in its own process. */
function autocannon(url: string, headers: Record<string, string>, method: 'GET' | 'POST'): Promise<{ rps: number; total: number; p99: number; errors: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/bench-load.ts', JSON.stringify({ url, headers, connections, seconds, method })], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((done, fail) =>
    child.once('exit', (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`bench-load exited with ${code}: ${out}`)))),
  );
}

/** Warms up, then loads `url` and measures; `watch` lists the processes whose CPU is the database's. */
export async function load(
  server: ChildProcess,
  url: string,
  headers: Record<string, string>,
  watch?: () => Promise<number[]>,
  method: 'GET' | 'POST' = 'GET',
): Promise<Result> {
  await autocannon(url, headers, method);
  const db = watch ? await watch() : [];
  const before = { server: cpuMs(server.pid), db: sum(db.map(cpuMs)) };
  const result = await autocannon(url, headers, method);
  const after = { server: cpuMs(server.pid), db: sum(db.map(cpuMs)) };
  const perRequest = (a: number | null, b: number | null) => (a === null || b === null || result.total === 0 ? null : (b - a) / result.total);
  return {
    rps: result.rps,
    p99: result.p99,
    errors: result.errors,
    cpu: perRequest(before.server, after.server),
    ...(watch ? { dbCpu: perRequest(before.db, after.db) } : {}),
  };
}

async function portalRead(env: Record<string, string>, watch?: () => Promise<number[]>): Promise<Result> {
  const { port, child } = await startProcess('server/main.ts', { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env });
  try {
    const base = `http://127.0.0.1:${port}`;
    const basic = Buffer.from('owner@example.com:Demo-Password-1').toString('base64');
    const login = await fetch(`${base}/api/users/auth`, { headers: { authorization: `Basic ${basic}` } });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { jwt, id } = (await login.json()) as { jwt: string; id: number };
    return await load(child, `${base}/api/users/user?id=${id}`, { authorization: `Bearer ${jwt}` }, watch);
  } finally {
    await stop(child);
  }
}

async function helloWorld(): Promise<Result> {
  const { port, child } = await startProcess('tools/bench-hello.ts', {});
  try {
    return await load(child, `http://127.0.0.1:${port}/hello`, {});
  } finally {
    await stop(child);
  }
}

/**
 * A throw-away PostgreSQL database for the run, or null when none is reachable. `backends` lists the
 * processes serving it, when the database runs on this machine (their CPU is then measurable).
 */
export async function scratchDatabase(): Promise<{ url: string; backends(): Promise<number[]>; drop(): Promise<void> } | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    await admin.end().catch(() => undefined);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return {
    url: url.toString(),
    async backends() {
      if (!local) return [];
      const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
      return rows.map((row) => row.pid);
    },
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const ms = (value: number | null | undefined) => (value === null || value === undefined ? '   n/a' : value.toFixed(3));

export const line = (label: string, r: Result) =>
  `  ${label.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(6)} ms   ${ms(r.cpu)} ms` +
  (r.dbCpu !== undefined ? ` + ${ms(r.dbCpu)} ms in PostgreSQL` : '') +
  (r.errors ? `  (${r.errors} errors)` : '');

/** Throughput and CPU per request of `r` as multiples of hello world's. */
const ratio = (name: string, r: Result, hello: Result) => {
  const cpu = (value: number | null | undefined) => (value == null || !hello.cpu ? 'n/a' : `${(value / hello.cpu).toFixed(1)}x`);
  return `${name} ${(r.rps / hello.rps).toFixed(3)}x the throughput, ${cpu(r.cpu)} the CPU per request` + (r.dbCpu !== undefined ? ` (+${cpu(r.dbCpu)} in PostgreSQL)` : '');
};

const verdict = (name: string, r: Result) => `${name} ${r.p99} ms ${r.p99 < p99TargetMs && !r.errors ? 'OK' : 'OVER TARGET'}`;

export async function benchHttp(staticDir: string): Promise<void> {
  const busy = loadavg()[0];
  const hello = await helloWorld();
  const work = mkdtempSync(join(tmpdir(), 'portal-bench-http-'));
  try {
    const pglite = await portalRead({ DATA_DIR: join(work, 'data'), STATIC_DIR: staticDir, DATABASE_URL: '' });
    const database = await scratchDatabase();
    let postgres: Result | null = null;
    if (database) {
      try {
        postgres = await portalRead({ DATABASE_URL: database.url, SEED_DEMO: '1', STATIC_DIR: staticDir }, () => database.backends());
      } finally {
        await database.drop();
      }
    }
    const cpus = availableParallelism();
    console.log(`Authenticated read, GET /api/users/user (${connections} connections, ${seconds} s each; load average ${busy.toFixed(2)} on ${cpus} CPUs before the run)`);
    console.log(`  ${''.padEnd(28)} ${'req/s'.padStart(7)} ${'p99'.padStart(9)}   CPU per request`);
    console.log(line('bare Fastify hello world', hello));
    console.log(line('portal on PGlite', pglite));
    console.log(postgres ? line('portal on PostgreSQL', postgres) : '  portal on PostgreSQL: skipped (no PostgreSQL at 127.0.0.1:5432)');
    console.log(`  ratio to hello world: ${ratio('PGlite', pglite, hello)}${postgres ? `; ${ratio('PostgreSQL', postgres, hello)}` : ''}`);
    console.log(
      `  target p99 < ${p99TargetMs} ms at ${connections} connections: ${verdict('PGlite', pglite)}` +
        `${postgres ? `, ${verdict('PostgreSQL', postgres)}` : ''} (hello world's own p99: ${hello.p99} ms)`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What the login page costs over the wire with the server's compression, next to its decoded size. */
export async function loginTransfer(portalUrl: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const responses: Array<Promise<{ wire: number; decoded: number; js: boolean }>> = [];
    page.on('response', (response) => {
      responses.push(
        (async () => {
          const sizes = await response.request().sizes();
          const body = await response.body().catch(() => Buffer.alloc(0));
          return { wire: sizes.responseBodySize + sizes.responseHeadersSize, decoded: body.length, js: response.url().endsWith('.js') };
        })(),
      );
    });
    await page.goto(`${portalUrl}/login`);
    await page.waitForSelector('button[type=submit]');
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(responses);
    const sum = (items: typeof all, key: 'wire' | 'decoded') => items.reduce((total, item) => total + item[key], 0) / 1024;
    const js = all.filter((item) => item.js);
    console.log('Login page over the wire (the server compresses; headers included in transferred)');
    console.log(`  everything: ${sum(all, 'wire').toFixed(1)} KB transferred for ${sum(all, 'decoded').toFixed(1)} KB decoded in ${all.length} responses`);
    console.log(`  JavaScript: ${sum(js, 'wire').toFixed(1)} KB transferred for ${sum(js, 'decoded').toFixed(1)} KB decoded in ${js.length} files`);
  } finally {
    await browser.close();
  }
}
