// Behind a real reverse proxy: Debian's nginx, started here with a configuration of its own, shares
// requests round-robin between two server processes (server/main.ts, as npm start runs it) over one
// PostgreSQL schema, and appends the client's address to X-Forwarded-For as the guides say
// ($proxy_add_x_forwarded_for: whatever the client sent, then its address). The client connects
// from 127.0.0.2, nginx reaches the servers from 127.0.0.1, so the address that reaches the login
// throttle says who was believed. One server names its proxy (TRUST_PROXY=127.0.0.1), the other
// counts it (TRUST_PROXY=1). Were every hop trusted, a client writing a new X-Forwarded-For each
// time would be a new address each time, and the per-address login limit would never come. PostgreSQL only (a PGlite database is one process's); skipped without DATABASE_URL, and
// without nginx (apt-get install nginx-light; .ci/run installs it).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, processDatabase, startServerProcess, stopServerProcess, type ServerProcess } from '../../support/serverProcess';
import { fixtureHash, fixturePassword, query, uniqueEmail } from '../support/harness';

const nginxBinary = '/usr/sbin/nginx';
const hasNginx = existsSync(nginxBinary);
const noNginx = `nginx is not installed (${nginxBinary}): apt-get install nginx-light to run the reverse proxy test`;
const databaseUrl = process.env.DATABASE_URL;
/** Where the test's client connects from: not the proxy's own address (127.0.0.1). */
const clientAddress = '127.0.0.2';

const accepting = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request from clientAddress, on a connection of its own. */
function send(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(url, { headers, localAddress: clientAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (body += piece));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe.runIf(databaseUrl)('behind nginx, two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof processDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;
  let dir: string | undefined;
  let origin = '';

  beforeAll(async () => {
    if (!hasNginx) return;
    database = await processDatabase(databaseUrl);
    const common = { ...database.env, JWT_SECRET: randomBytes(32).toString('base64url'), LOGIN_MAX_FAILURES_IP: '3' };
    servers.push(...(await Promise.all([
      startServerProcess({ ...common, TRUST_PROXY: '127.0.0.1' }),
      startServerProcess({ ...common, TRUST_PROXY: '1' }),
    ])));

    dir = await mkdtemp(join(tmpdir(), 'portal-nginx-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const conf = join(dir, 'nginx.conf');
    // Everything nginx writes is in `dir`, so it runs without root; one process in the foreground,
    // so killing it leaves nothing behind.
    await writeFile(conf, `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
    ${servers.map((s) => `server ${new URL(s.origin).host};`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`);
    const child = spawn(nginxBinary, ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx = child;
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    process.once('exit', () => child.kill('SIGKILL'));
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
        throw new Error(`nginx did not start: ${out}${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const gone = new Promise((done) => nginx!.once('exit', done));
      nginx.kill('SIGTERM');
      await gone;
    }
    await Promise.all(servers.map((s) => stopServerProcess(s.child)));
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const login = (userName: string, password: string, forged: string) =>
    send(`${origin}/api/users/auth`, {
      authorization: `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}`,
      'x-forwarded-for': forged,
    });

  it('counts login failures under the real client\'s address on both processes, so forging X-Forwarded-For does not reset the limit', async (ctx) => {
    ctx.skip(!hasNginx, noNginx);
    const db = await database!.use(async (handle) => handle);
    const email = uniqueEmail('behindnginx');
    const now = Math.floor(Date.now() / 1000);
    await query(db,
      `insert into users (user_name, email, password_hash, personal_name, validated, create_timestamp, update_timestamp)
       values ($1, $1, $2, 'Behind Nginx', true, $3, $3)`, [email, fixtureHash, now]);
    const upstreams = (answers: Answer[]) => new Set(answers.map((a) => String(a.headers['x-upstream'])));
    const backends = new Set(servers.map((s) => new URL(s.origin).host));

    // LOGIN_MAX_FAILURES_IP=3 wrong passwords, each for another user name and behind another forged address.
    const failures: Answer[] = [];
    for (let i = 1; i <= 3; i++) failures.push(await login(uniqueEmail('spray'), 'Wrong-Password-1', `203.0.113.${i}`));
    expect(failures.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(upstreams(failures)).toEqual(backends);

    // Then even the right password is refused, on either process, whatever the client writes.
    const refused: Answer[] = [];
    for (const forged of ['203.0.113.9', '198.51.100.1, 203.0.113.10', '10.0.0.1', '127.0.0.1']) refused.push(await login(email, fixturePassword, forged));
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429, 429]);
    expect(JSON.parse(refused[0].body).msg).toBe('Too many failed login attempts. Try again in 15 minutes.');
    expect(upstreams(refused)).toEqual(backends);

    // The throttle saw the client's own address, never the proxy's (127.0.0.1) nor a forged one.
    const { rows } = await query<{ key: string; n: number }>(db,
      `select key, count(*)::int as n from login_attempts where key like 'ip:%' group by key`);
    expect(rows).toEqual([{ key: `ip:${clientAddress}`, n: 3 }]);
  }, 60_000);
});
