// Throughput and tail latency of an authenticated read (GET /api/users/user with a bearer token) next
// to a bare Fastify hello world measured in the same run with the same load (autocannon), on PGlite and,
// when it is reachable, on PostgreSQL. Each server is its own process, as in production.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const connections = 100;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

type Result = { rps: number; p99: number; errors: number };

/** Starts `script` with tsx and resolves with its port once it prints "listening <port>" or the portal URL. */
function startProcess(script: string, env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
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
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return gone;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function portalRead(env: Record<string, string>): Promise<Result> {
  const { port, child } = await startProcess('server/main.ts', { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env });
  try {
    const base = `http://127.0.0.1:${port}`;
    const basic = Buffer.from('owner@example.com:Demo-Password-1').toString('base64');
    const login = await fetch(`${base}/api/users/auth`, { headers: { authorization: `Basic ${basic}` } });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { jwt, id } = (await login.json()) as { jwt: string; id: number };
    await load(`${base}/api/users/user?id=${id}`, { authorization: `Bearer ${jwt}` }); // warm-up
    return await load(`${base}/api/users/user?id=${id}`, { authorization: `Bearer ${jwt}` });
  } finally {
    await stop(child);
  }
}

async function helloWorld(): Promise<Result> {
  const { port, child } = await startProcess('tools/bench-hello.ts', {});
  try {
    await load(`http://127.0.0.1:${port}/hello`);
    return await load(`http://127.0.0.1:${port}/hello`);
  } finally {
    await stop(child);
  }
}

/** A throw-away PostgreSQL database for the run, or null when none is reachable. */
async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
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
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const line = (label: string, r: Result, base?: Result) =>
  `  ${label.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms` +
  (r.errors ? `  (${r.errors} errors)` : '') +
  (base ? `  ${(r.rps / base.rps).toFixed(3)}x hello world's throughput` : '');

export async function benchHttp(staticDir: string): Promise<void> {
  const hello = await helloWorld();
  const work = mkdtempSync(join(tmpdir(), 'portal-bench-http-'));
  try {
    const pglite = await portalRead({ DATA_DIR: join(work, 'data'), STATIC_DIR: staticDir, DATABASE_URL: '' });
    console.log(`Authenticated read, GET /api/users/user (${connections} connections, ${seconds} s each)`);
    console.log(line('bare Fastify hello world', hello));
    console.log(line('portal on PGlite', pglite, hello));
    const database = await scratchDatabase();
    if (database) {
      try {
        const postgres = await portalRead({ DATABASE_URL: database.url, SEED_DEMO: '1', STATIC_DIR: staticDir });
        console.log(line('portal on PostgreSQL', postgres, hello));
      } finally {
        await database.drop();
      }
    } else {
      console.log('  portal on PostgreSQL: skipped (no PostgreSQL at 127.0.0.1:5432)');
    }
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
