// A rolling restart behind a real load balancer under steady load: Debian's HAProxy, started here with
// a configuration of its own (the one docs/deployment.md shows), shares requests between two server
// processes over one PostgreSQL schema and one storage folder, and polls GET /readyz every 500 ms.
// While clients keep calling (authenticated reads, and an upload's chunks one after another), each
// process in turn is stopped with SIGTERM (it answers not ready for SHUTDOWN_DRAIN_MS, then finishes
// what it has in flight and exits) and started again on its port. No request may fail and the upload
// must complete with its SHA-256. PostgreSQL only (a PGlite database is one process's); skipped
// without DATABASE_URL, and without HAProxy (apt-get install haproxy; .ci/run installs it).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, processDatabase, signInWithAccount, startServerProcess, stopServerProcess, type ServerProcess } from '../../support/serverProcess';
import { fixturePassword, insertOwnerWithAccount } from '../support/harness';
import { hasHaproxy, startHaproxy } from '../../support/haproxy';

const databaseUrl = process.env.DATABASE_URL;
const chunkBytes = 1024 * 1024;

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** One request through the balancer on a kept-alive connection; status 0 when the connection failed. */
function send(url: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((done) => {
    const req = request(url, { method: body ? 'POST' : 'GET', agent, headers: body ? { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(body.length) } : headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      res.on('error', (error) => done({ status: 0, text: error.message }));
    });
    req.on('error', (error) => done({ status: 0, text: error.message }));
    req.end(body);
  });
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  agent.destroy();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(!databaseUrl || !hasHaproxy())('a rolling restart of two processes behind HAProxy', () => {
  it('loses no request and no upload chunk', { timeout: 300_000 }, async () => {
    const database = await processDatabase(databaseUrl);
    cleanups.push(() => database.drop());
    const storageDir = await mkdtemp(join(tmpdir(), 'portal-rolling-'));
    cleanups.push(() => rm(storageDir, { recursive: true, force: true }));
    const owner = `rolling-${randomBytes(4).toString('hex')}@example.com`;
    const ownerId = await database.use((db) => insertOwnerWithAccount(db, owner, 'Rolling UK'));

    const [portA, portB] = [await freePort(), await freePort()];
    const env = {
      ...database.env,
      FILE_STORAGE_DIR: storageDir,
      UPLOAD_CHUNK_BYTES: String(chunkBytes),
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
      // Longer than HAProxy needs to see /readyz fail (fall 2 at inter 500 ms) and stop sending.
      SHUTDOWN_DRAIN_MS: '2000',
    };
    const servers: Record<'a' | 'b', ServerProcess> = {
      a: await startServerProcess({ ...env, PORT: String(portA) }),
      b: await startServerProcess({ ...env, PORT: String(portB) }),
    };
    cleanups.push(async () => {
      for (const server of Object.values(servers)) server.child.kill('SIGKILL');
    });

    const haproxy = await startHaproxy({ s0: portA, s1: portB });
    cleanups.push(() => haproxy.stop());
    const { origin } = haproxy;
    for (let tries = 0; (await send(`${origin}/readyz`, {})).status !== 200; tries++) {
      if (tries > 100) throw new Error(`HAProxy did not come up: ${haproxy.output()}`);
      await sleep(100);
    }

    const headers = await signInWithAccount(origin, owner, fixturePassword, 'Rolling UK');
    const tally = { sent: 0, answered: 0, failed: [] as string[] };
    let running = true;
    const count = (what: string, answer: { status: number; text: string }) => {
      tally.sent++;
      if (answer.status === 200) tally.answered++;
      else tally.failed.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    };

    // Eight clients reading, one uploading chunk after chunk, until both restarts are done.
    const readers = Array.from({ length: 8 }, async () => {
      while (running) count('GET /api/users/user', await send(`${origin}/api/users/user?id=${ownerId}`, headers));
    });
    // Uploads one after another, each of ten chunks and a bit, each ended with its SHA-256.
    const ends: string[] = [];
    const uploader = (async () => {
      for (let upload = 0; running; upload++) {
        const file = randomBytes(chunkBytes * 10 + 12_345);
        const begin = await send(`${origin}/api/files/uk/upload/begin?filePrefix=rolling-${upload}.csv&size=${file.length}`, headers);
        count('begin', begin);
        if (begin.status !== 200) return;
        const { fileId } = JSON.parse(begin.text) as { fileId: string };
        const chunks = Math.ceil(file.length / chunkBytes);
        for (let idx = 0; idx < chunks; idx++) {
          count(`upload ${upload} chunk ${idx}`, await send(`${origin}/api/files/uk/upload/chunk?fileId=${fileId}&idx=${idx}`, headers, file.subarray(idx * chunkBytes, (idx + 1) * chunkBytes)));
        }
        const hash = createHash('sha256').update(file).digest('hex');
        const end = await send(`${origin}/api/files/uk/upload/end?fileId=${fileId}&hash=${hash}`, headers);
        count(`upload ${upload} end`, end);
        ends.push(end.status === 200 && (JSON.parse(end.text) as { sha256: string; bytes: number }).sha256 === hash ? 'complete' : `${end.status} ${end.text}`);
      }
    })();

    await sleep(1000);
    for (const [name, port] of [['a', portA], ['b', portB]] as const) {
      await stopServerProcess(servers[name].child);
      servers[name] = await startServerProcess({ ...env, PORT: String(port) });
      // Back in rotation once HAProxy's check passes twice.
      await sleep(2000);
    }
    running = false;
    await Promise.all(readers);
    await uploader;

    console.log(`rolling restart: ${tally.sent} requests sent, ${tally.answered} answered, ${tally.failed.length} failed`);
    expect(tally.failed).toEqual([]);
    expect(tally.answered).toBe(tally.sent);
    expect(tally.sent).toBeGreaterThan(100);
    expect(ends.length).toBeGreaterThan(1);
    expect(ends.every((status) => status === 'complete'), ends.join(', ')).toBe(true);
  });
});
