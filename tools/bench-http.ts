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
import { phases as phaseNames, type Phase, type PhaseCounts } from './bench-phases';

const root = resolve(import.meta.dirname, '..');
export const connections = 100;
export const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const p99TargetMs = 50;

/** cpu: the server's CPU milliseconds per request; dbCpu: its database's (PostgreSQL on this machine). */
export type Result = { rps: number; p99: number; errors: number; cpu: number | null; dbCpu?: number | null; phases?: PhaseCounts };

/** A server process started by startProcess: its port, and the lines it printed so far. */
export type Started = { port: number; child: ChildProcess; line(pattern: RegExp): Promise<RegExpExecArray> };

/**
 * Starts `script` with tsx and resolves with its port once it prints "listening <port>" or the portal
 * URL. With `phases`, tools/bench-phases.ts is loaded into it too (SIGUSR2 starts and stops its profiler).
 */
export function startProcess(script: string, env: Record<string, string>, options: { phases?: boolean } = {}): Promise<Started> {
  const probe = options.phases ? ['--import', './tools/bench-phases.ts'] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...probe, script], {
    cwd: root,
    // The address data loads on first use: its background indexing would skew these measurements.
    env: { ADDRESS_PRELOAD: '0', ...process.env, ...env, ...(options.phases ? { BENCH_PHASES: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const line = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((done, fail) => {
      const look = () => {
        const match = pattern.exec(out);
        if (!match) return false;
        child.stdout!.off('data', look);
        child.off('exit', gone);
        done(match);
        return true;
      };
      const gone = (code: number | null) => fail(new Error(`${script} exited with ${code}: ${out}`));
      if (look()) return;
      child.stdout!.on('data', look);
      child.once('exit', gone);
    });
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return line(/listening (\d+)|running at http:\/\/localhost:(\d+)/).then((match) => ({ port: Number(match[1] ?? match[2]), child, line }));
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

/** One autocannon run in its own process; a list of header sets spreads the calls over them (bench-load.ts). */
function autocannon(url: string, headers: Headers, method: 'GET' | 'POST'): Promise<{ rps: number; total: number; p99: number; errors: number }> {
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

type Headers = Record<string, string> | Array<Record<string, string>>;

/**
 * CPU milliseconds the database's processes use while `run` runs. Its backends come and go (the
 * pool closes idle connections), so they are read every quarter second: one that ends counts what
 * it had used when last read, one that starts counts from its start.
 */
async function databaseCpu<T>(watch: () => Promise<number[]>, run: () => Promise<T>): Promise<{ result: T; ms: number | null }> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const read = async (starting: boolean) => {
    for (const pid of await watch()) {
      const ms = cpuMs(pid);
      if (ms === null) continue;
      if (!first.has(pid)) first.set(pid, starting ? ms : 0);
      last.set(pid, ms);
    }
  };
  await read(true);
  if (first.size === 0) return { result: await run(), ms: null };
  let reading = Promise.resolve();
  const timer = setInterval(() => (reading = reading.then(() => read(false))), 250);
  try {
    const result = await run();
    clearInterval(timer);
    await reading;
    await read(false);
    return { result, ms: [...last].reduce((total, [pid, ms]) => total + ms - first.get(pid)!, 0) };
  } finally {
    clearInterval(timer);
  }
}

export type LoadOptions = {
  /** The processes whose CPU is the database's. */
  watch?: () => Promise<number[]>;
  method?: 'GET' | 'POST';
  /** Profile the server during the warm-up (it was started with `phases`) and report where its CPU went. */
  phases?: boolean;
};

/** Warms up, then loads `url` and measures. */
export async function load(server: Started, url: string, headers: Headers, options: LoadOptions = {}): Promise<Result> {
  const method = options.method ?? 'GET';
  let phases: PhaseCounts | undefined;
  if (options.phases) {
    // The profile leaves out the warm-up's first quarter, while V8 is still compiling the hot code.
    const profiled = server.line(/^phases (.*)$/m);
    const start = setTimeout(() => server.child.kill('SIGUSR2'), (seconds * 1000) / 4);
    await autocannon(url, headers, method);
    clearTimeout(start);
    server.child.kill('SIGUSR2');
    phases = JSON.parse((await profiled)[1]) as PhaseCounts;
  } else {
    await autocannon(url, headers, method);
  }
  const before = cpuMs(server.child.pid);
  const { result, ms: db } = options.watch ? await databaseCpu(options.watch, () => autocannon(url, headers, method)) : { result: await autocannon(url, headers, method), ms: undefined };
  const after = cpuMs(server.child.pid);
  const perRequest = (ms: number | null) => (ms === null || result.total === 0 ? null : ms / result.total);
  return {
    rps: result.rps,
    p99: result.p99,
    errors: result.errors,
    cpu: perRequest(before === null || after === null ? null : after - before),
    ...(db !== undefined ? { dbCpu: perRequest(db) } : {}),
    ...(phases ? { phases } : {}),
  };
}

async function portalRead(env: Record<string, string>, watch?: () => Promise<number[]>): Promise<Result> {
  const server = await startProcess('server/main.ts', { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env }, { phases: true });
  const { port, child } = server;
  try {
    const base = `http://127.0.0.1:${port}`;
    const basic = Buffer.from('owner@example.com:Demo-Password-1').toString('base64');
    const login = await fetch(`${base}/api/users/auth`, { headers: { authorization: `Basic ${basic}` } });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { jwt, id } = (await login.json()) as { jwt: string; id: number };
    return await load(server, `${base}/api/users/user?id=${id}`, { authorization: `Bearer ${jwt}` }, { watch, phases: true });
  } finally {
    await stop(child);
  }
}

async function helloWorld(): Promise<Result> {
  const server = await startProcess('tools/bench-hello.ts', {});
  const { port, child } = server;
  try {
    return await load(server, `http://127.0.0.1:${port}/hello`, {});
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

/**
 * Where the server's CPU per request went: each part's share of the busy samples of the warm-up's
 * profile (tools/bench-phases.ts), and that share of the CPU per request the measured run used.
 */
export function phaseTable(columns: Array<[string, Result | null]>): string[] {
  const shown = columns.filter((column): column is [string, Result & { phases: PhaseCounts }] => !!column[1]?.phases);
  if (shown.length === 0) return [];
  const cell = (r: Result & { phases: PhaseCounts }, phase: Phase) => {
    const share = (r.phases.counts[phase] ?? 0) / r.phases.busy;
    return `${(share * 100).toFixed(0).padStart(3)} % ${r.cpu == null ? '' : `${(share * r.cpu).toFixed(3)} ms`}`.padEnd(20);
  };
  const used = (Object.keys(phaseNames) as Phase[]).filter((phase) => shown.some(([, r]) => r.phases.counts[phase]));
  return [
    `  where the server's CPU per request goes (profile of the warm-up, share of busy samples; that share of the CPU per request above):`,
    `    ${''.padEnd(44)} ${shown.map(([label]) => label.padEnd(20)).join(' ')}`,
    ...used.map((phase) => `    ${phaseNames[phase].padEnd(44)} ${shown.map(([, r]) => cell(r, phase)).join(' ')}`),
    `    ${'(idle: share of all samples)'.padEnd(44)} ${shown.map(([, r]) => `${((100 * r.phases.idle) / (r.phases.idle + r.phases.busy)).toFixed(0).padStart(3)} %`.padEnd(20)).join(' ')}`,
  ];
}

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
    const share = (name: string, r: Result | null, target: number) =>
      r ? `${name} ${((100 * r.rps) / hello.rps).toFixed(1)} % (target ${target} %) ${r.rps >= (target / 100) * hello.rps && !r.errors ? 'OK' : 'UNDER TARGET'}` : `${name} skipped`;
    console.log(`  target throughput against hello world: ${share('PGlite', pglite, 20)}, ${share('PostgreSQL', postgres, 30)}`);
    for (const text of phaseTable([['PGlite', pglite], ['PostgreSQL', postgres]])) console.log(text);
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

// `npx tsx tools/bench-http.ts [staticDir]` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchHttp(process.argv[2] ?? '/nonexistent-portal-dist');
