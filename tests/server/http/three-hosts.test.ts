// Several hosts: three server processes with DATA_DIRs of their own and no folder in common, over one
// PostgreSQL schema and one object store (s3rver, FILE_STORAGE=s3), behind Debian's HAProxy started
// by tests/support/haproxy.ts (round robin, health checks on /readyz). A 200 MB file is uploaded through the balancer in
// 10 MB chunks; HAProxy names the process that answered each (X-Served-By), so the test sees the
// chunks land on different processes. Mid-upload one process is killed outright (SIGKILL) while
// chunks are in flight to all three: the chunk it held fails, the client asks the upload's status (as
// the SPA's upload machine does), sends what is missing again, and the upload ends with the file's
// SHA-256. The bureau file's results job is then run by the third process, the only one with a job
// worker (its metrics count the run; the other processes' count none). The results and the upload
// are downloaded from every live process, and from the killed one started again on an empty
// DATA_DIR, with the same bytes. PostgreSQL only, skipped without DATABASE_URL or HAProxy.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePassword, insertOwnerWithAccount, query } from '../support/harness';
import { startS3 } from '../support/s3';
import { hasHaproxy, startHaproxy } from '../../support/haproxy';
import { freePort, killServerProcess, processDatabase, signInWithAccount, startServerProcess, type ServerProcess } from '../../support/serverProcess';

const databaseUrl = process.env.DATABASE_URL;
const chunkBytes = 10_000_000;
const fileBytes = 200_000_000;
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

type Answer = { status: number; text: string; servedBy: string | null; body: Buffer };

/**
 * One request; with `pause`, the body's first half is written, then the request waits for `pause`
 * before writing the rest (a chunk in flight while a process is killed). Status 0: the connection failed.
 */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer; pause?: Promise<void> } = {}): Promise<Answer> {
  const { body, pause } = options;
  return new Promise((done) => {
    const failed = (error: Error) => done({ status: 0, text: error.message, servedBy: null, body: Buffer.alloc(0) });
    const headers = { ...(body ? { 'content-type': 'application/octet-stream', 'content-length': String(body.length) } : {}), ...options.headers };
    const req = request(url, { method: options.method ?? (body ? 'POST' : 'GET'), headers }, (res) => {
      const pieces: Buffer[] = [];
      res.on('data', (piece: Buffer) => pieces.push(piece));
      res.on('end', () => {
        const all = Buffer.concat(pieces);
        done({ status: res.statusCode ?? 0, text: all.subarray(0, 2000).toString('utf8'), servedBy: (res.headers['x-served-by'] as string | undefined) ?? null, body: all });
      });
      res.on('error', failed);
    });
    req.on('error', failed);
    if (!body) req.end();
    else if (!pause) req.end(body);
    else {
      const half = Math.floor(body.length / 2);
      req.write(body.subarray(0, half));
      void pause.then(() => req.end(body.subarray(half)));
    }
  });
}

/** A CSV of about `bytes`: a name and address per row and a long note, so 200 MB is some 100,000 rows. */
function csv(bytes: number): Buffer {
  const note = 'Customer since 2019; prefers letters to calls; '.repeat(40);
  const lines = ['Name,Address 1,Town,Postcode,Notes'];
  let size = lines[0].length + 1;
  for (let i = 0; size < bytes; i++) {
    const line = `Person ${i},${(i % 200) + 1} Host Road,TESTTOWN,ZZ${i % 10} ${i % 9}AA,${note}${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** The count of completed runs of `queue` in a process's Prometheus metrics. */
function completedRuns(metrics: string, queue: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`job_duration_seconds_count{queue="${queue}",outcome="completed"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(!databaseUrl || !hasHaproxy())('three hosts behind HAProxy over one PostgreSQL and one object store', () => {
  it('take a 200 MB upload in turns, survive one killed mid-upload, and share the job and the downloads', { timeout: 600_000 }, async () => {
    const database = await processDatabase(databaseUrl);
    cleanups.push(() => database.drop());
    const s3 = await startS3();
    cleanups.push(() => s3.close());
    const owner = `hosts-${randomBytes(4).toString('hex')}@example.com`;
    await database.use((db) => insertOwnerWithAccount(db, owner, 'Hosts UK'));

    const names = ['a', 'b', 'c'] as const;
    type Name = (typeof names)[number];
    const ports = { a: await freePort(), b: await freePort(), c: await freePort() };
    const metricsPorts = { a: await freePort(), b: await freePort(), c: await freePort() };
    const shared = {
      ...database.env,
      ...s3.env('hosts/'),
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_CHUNK_BYTES: String(chunkBytes),
      ADDRESS_SAMPLE_SIZE: '2000',
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '1000',
    };
    /** Each process: its own DATA_DIR (no folder in common), and only c works jobs. */
    const envOf = async (name: Name) => {
      const dataDir = await mkdtemp(join(tmpdir(), `portal-host-${name}-`));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      return { ...shared, DATA_DIR: dataDir, PORT: String(ports[name]), METRICS_PORT: String(metricsPorts[name]), JOBS_WORKER: name === 'c' ? '1' : '0' };
    };
    const servers = {} as Record<Name, ServerProcess>;
    for (const name of names) servers[name] = await startServerProcess(await envOf(name));
    cleanups.push(async () => {
      for (const server of Object.values(servers)) server.child.kill('SIGKILL');
    });

    const haproxy = await startHaproxy(ports, { timeoutSeconds: 120 });
    cleanups.push(() => haproxy.stop());
    const { origin } = haproxy;
    // Every process in rotation: three answers from three processes.
    for (let tries = 0; ; tries++) {
      const seen = new Set((await Promise.all(names.map(() => send(`${origin}/readyz`)))).map((r) => r.servedBy));
      if (seen.size === 3) break;
      if (tries > 200) throw new Error(`HAProxy did not bring the three processes up: ${haproxy.output()}`);
      await sleep(100);
    }

    const headers = await signInWithAccount(origin, owner, fixturePassword, 'Hosts UK');
    const api = async <T>(method: string, path: string, body?: object, at = origin): Promise<T> => {
      const r = await send(`${at}${path}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? Buffer.from(JSON.stringify(body)) : undefined });
      if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
      return JSON.parse(r.body.toString('utf8')) as T;
    };

    // ---- The upload: chunks in turns, three in flight when a is killed ----------------------------
    const file = csv(fileBytes);
    expect(file.length).toBeGreaterThanOrEqual(fileBytes);
    const chunks = Array.from({ length: Math.ceil(file.length / chunkBytes) }, (_, idx) => file.subarray(idx * chunkBytes, (idx + 1) * chunkBytes));
    const { fileId } = await api<{ fileId: string }>('GET', `/api/files/uk/upload/begin?filePrefix=hosts.csv&size=${file.length}`);
    const chunkUrl = (idx: number) => `${origin}/api/files/uk/upload/chunk?fileId=${fileId}&idx=${idx}`;
    const servedBy = new Map<number, string>();
    const sendChunk = async (idx: number, pause?: Promise<void>) => {
      const answer = await send(chunkUrl(idx), { headers, body: chunks[idx], pause });
      if (answer.status === 200) servedBy.set(idx, answer.servedBy ?? '?');
      return answer;
    };
    // The first six one after another: round robin gives each process two.
    for (let idx = 0; idx < 6; idx++) expect((await sendChunk(idx)).status).toBe(200);
    // Then one paused half-way through its body on a (the next in turn, after at most two more), and
    // a is killed while it waits.
    const nextInTurn = (idx: number) => names[(names.indexOf(servedBy.get(idx - 1) as Name) + 1) % 3];
    let pausedIdx = 6;
    while (nextInTurn(pausedIdx) !== 'a') expect((await sendChunk(pausedIdx++)).status).toBe(200);
    let resume!: () => void;
    const paused = new Promise<void>((go) => (resume = go));
    const inFlight = sendChunk(pausedIdx, paused);
    await sleep(500);
    await killServerProcess(servers.a.child);
    resume();
    const lost = await inFlight;
    expect(lost.status, 'the chunk in flight to the killed process').not.toBe(200);
    // What the file server holds decides what is sent again, as the SPA's upload machine does.
    const status = await api<{ held: number[] }>('GET', `/api/files/uk/upload/status?fileId=${fileId}`);
    const missing = chunks.map((_, idx) => idx).filter((idx) => !status.held.includes(idx));
    expect(missing[0]).toBe(pausedIdx);
    for (const idx of missing) expect((await sendChunk(idx), servedBy.has(idx)), `chunk ${idx}`).toBe(true);
    const end = await api<{ sha256: string; bytes: number }>('GET', `/api/files/uk/upload/end?fileId=${fileId}&hash=${sha256(file)}`);
    expect(end).toMatchObject({ sha256: sha256(file), bytes: file.length });

    const byServer = new Map<string, number>();
    for (const server of servedBy.values()) byServer.set(server, (byServer.get(server) ?? 0) + 1);
    console.log(`three hosts: ${chunks.length} chunks of ${file.length} bytes; stored by ${JSON.stringify(Object.fromEntries(byServer))}; ` +
      `a killed with chunk ${pausedIdx} half sent (the client saw ${lost.status} ${lost.text.slice(0, 60)}); the upload went on from the server's status, chunks [${missing.join(', ')}]`);
    for (const name of names) expect(byServer.get(name), `chunks stored by ${name}`).toBeGreaterThanOrEqual(2);

    // ---- The results job: queued through b or c, worked by c alone -------------------------------
    type Made = { id: number; rowCount: number };
    const made = await api<Made>('POST', '/api/bureau/files', { fileServerId: fileId, name: 'Hosts' });
    await api('PUT', `/api/bureau/files/inputfields?fileId=${made.id}`, { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] });
    await api('PUT', `/api/bureau/files/dedupesettings?fileId=${made.id}`, { settingId: 1 });
    await api('PUT', `/api/bureau/files/createresults?fileId=${made.id}`);
    type Results = { status: string; progress: { done: number; total: number }; results: { inputRecordCount: number } | null };
    let results: Results;
    for (const deadline = Date.now() + 300_000; ; ) {
      results = await api<Results>('GET', `/api/bureau/files/results?fileId=${made.id}`);
      if (results.status === 'results' || results.status === 'failed') break;
      if (Date.now() > deadline) throw new Error(`the results job did not finish: ${JSON.stringify(results)}`);
      await sleep(500);
    }
    expect(results.status).toBe('results');
    expect(results.results!.inputRecordCount).toBe(file.toString('latin1').split('\n').length - 2);
    const runsOf = async (name: Name) => completedRuns((await send(`http://127.0.0.1:${metricsPorts[name]}/metrics`)).body.toString('utf8'), 'bureau-results');
    expect({ b: await runsOf('b'), c: await runsOf('c') }).toEqual({ b: 0, c: 1 });

    // ---- The downloads: from every live process, and from a started again on an empty DATA_DIR ----
    servers.a = await startServerProcess(await envOf('a'));
    await database.use((db) => query(db, "update bureau_files set status = 'paid', paid_at = 1 where id = $1", [made.id]));
    const { fileServerId: zipId } = await api<{ fileServerId: string }>('GET', `/api/bureau/files/results/fileid?fileId=${made.id}`);
    const zips = new Set<string>();
    for (const name of names) {
      const direct = `http://127.0.0.1:${ports[name]}`;
      const zip = await send(`${direct}/api/files/uk/files/${zipId}`, { headers });
      expect(zip.status, `${name}: ${zip.text}`).toBe(200);
      zips.add(sha256(zip.body));
      const upload = await send(`${direct}/api/files/uk/files/${fileId}`, { headers });
      expect(upload.status, `${name}: ${upload.text}`).toBe(200);
      expect(sha256(upload.body), `the upload from ${name}`).toBe(sha256(file));
    }
    expect(zips.size).toBe(1);
  });
});
