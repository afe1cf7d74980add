// Real server processes for tests that need more than an app in the test's own process: several
// processes over one database, or a process killed outright (SIGKILL) and started again over the
// same database and file storage. Each is `node --import tsx server/main.ts`, as `npm start` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migrate, openDb, type Db } from '../../server/db';
import { dropSchema } from '../../server/db/postgres';

const root = resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  /** http://127.0.0.1:<port> */
  origin: string;
  child: ChildProcess;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
};

/** What every test server gets unless the caller says otherwise: quiet, no address preload, no SPA build. */
export const testServerEnv: Record<string, string> = {
  PORT: '0',
  HOST: '127.0.0.1',
  SEED_DEMO: '0',
  ADDRESS_PRELOAD: '0',
  STATIC_DIR: '/nonexistent-portal-dist',
  LOG_LEVEL: 'error',
  SMTP_URL: '',
};

// Every process started here dies with the test process, whatever became of the test (a failed
// beforeAll cannot stop what it never got back).
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Starts server/main.ts and resolves once it prints its URL; fails if it exits or takes longer than `timeoutMs`. */
export function startServerProcess(env: Record<string, string>, script = 'server/main.ts', timeoutMs = 120_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...testServerEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let out = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`server did not start in ${timeoutMs} ms: ${out}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        done({ origin: `http://127.0.0.1:${match[1]}`, child, output: () => out });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code ?? signal}: ${out}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => child.once('exit', () => done()));

/** Stops a server the polite way (SIGTERM: it closes its database) and waits until it has gone. */
export function stopServerProcess(child: ChildProcess): Promise<void> {
  const gone = exited(child);
  child.kill('SIGTERM');
  return gone;
}

/** Kills a server outright (SIGKILL: nothing of it runs after this) and waits until it has gone. */
export function killServerProcess(child: ChildProcess): Promise<void> {
  const gone = exited(child);
  child.kill('SIGKILL');
  return gone;
}

/**
 * A database for server processes: with `databaseUrl`, a fresh PostgreSQL schema, migrated, that any
 * number of processes share; without, a PGlite data folder, which one process at a time may open.
 * `use` runs `fn` on it from the test's own process: on PGlite only while no server has it open.
 */
export async function processDatabase(databaseUrl: string | undefined): Promise<{
  env: Record<string, string>;
  use<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}> {
  if (!databaseUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'portal-process-db-'));
    return {
      env: { DATABASE_URL: '', DATA_DIR: dir },
      async use(fn) {
        const db = await openDb({ dataDir: dir });
        try {
          await migrate(db);
          return await fn(db);
        } finally {
          await db.destroy();
        }
      },
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const db = await openDb({ databaseUrl, schema });
  await migrate(db);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString() },
    use: (fn) => fn(db),
    async drop() {
      await dropSchema(db, schema);
      await db.destroy();
    },
  };
}

/**
 * Signs in a user with one of their accounts, found by name in their group tree (the demo owner of
 * SEED_DEMO=1 and Acme UK, say); returns the bearer headers of that session.
 */
export async function signInWithAccount(origin: string, user: string, password: string, accountName: string): Promise<Record<string, string>> {
  type Group = { id: number; name: string; type: string; children?: Group[] };
  const ok = async <T>(response: Promise<Response>): Promise<T> => {
    const r = await response;
    if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const basic = { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  const first = await ok<{ jwt: string }>(fetch(`${origin}/api/users/auth`, { headers: basic }));
  const trees = await ok<Group[]>(fetch(`${origin}/api/users/groups?recurse=true`, { headers: { authorization: `Bearer ${first.jwt}` } }));
  const all = (groups: Group[]): Group[] => groups.flatMap((g) => [g, ...all(g.children ?? [])]);
  const account = all(trees).find((g) => g.name === accountName && g.type === 'account');
  if (!account) throw new Error(`${accountName} is not among ${user}'s accounts`);
  const auth = await ok<{ jwt: string; accountId?: number }>(fetch(`${origin}/api/users/auth?accId=${account.id}`, { headers: basic }));
  if (auth.accountId !== account.id) throw new Error(`The session did not take ${accountName}`);
  return { authorization: `Bearer ${auth.jwt}` };
}

/**
 * POSTs `body` with node's http client (no copy of the bytes, unlike fetch), answering the status and
 * the text of the response. With `cut`, only the first `cut` bytes are written and the request is
 * left open (the caller kills the server mid-body); it then resolves with status 0 when the
 * connection drops.
 */
export function postBytes(url: string, headers: Record<string, string>, body: Uint8Array, cut?: number): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      res.on('error', () => done({ status: 0, text }));
    });
    req.on('error', (error) => (cut === undefined ? fail(error) : done({ status: 0, text: error.message })));
    if (cut === undefined) req.end(body);
    else req.write(body.subarray(0, cut));
  });
}

/** A port nothing listens on now, for a process or proxy the test starts on a port of its choosing. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
