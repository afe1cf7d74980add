// The file server killed outright (SIGKILL) at random points of real uploads: in the
// middle of a chunk's body, while a chunk is being stored, and while an upload ends (hash, seal,
// row). After each kill the server starts again over the same database and storage, and the test
// checks what it then says against what the storage holds: every chunk the database counts is
// there with the bytes that were sent, none is missing or counted twice, a chunk answered before the
// kill is still counted, and a completed upload has the file's hash. Then the upload resumes from
// GET /upload/status and must complete with the file's SHA-256 and give the same bytes back.
// Two lanes run side by side, each with its own database (PGlite data folder, or PostgreSQL schema
// with DATABASE_URL) and storage folder; the kill points come from a seeded generator: CRASH_SEED=<n>
// repeats a run. Twenty kills run on PostgreSQL (CI's second pass of the server suite); on embedded
// PGlite, where each restart costs seconds of CPU, the default pass kills four times (CRASH_KILLS=20
// runs the full count there too).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { seeded } from '../../../server/engines/address/generate';
import { folderStorage } from '../../../server/platform/fileStorage';
import { fixturePassword, insertOwnerWithAccount } from '../support/harness';
import { killServerProcess, postBytes, processDatabase, signInWithAccount, startServerProcess, stopServerProcess, type ServerProcess } from '../../support/serverProcess';

const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const kills = Number(process.env.CRASH_KILLS ?? (process.env.DATABASE_URL ? 20 : 4));
const lanes = 2;
const chunkBytes = 256 * 1024;
const secret = randomBytes(32).toString('base64url');
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

type Status = { status: string; held: number[]; nextIdx: number; bytes: number; sha256: string | null };

/** Bytes from the seeded generator, so a failing run's files come back with its seed. */
function bytesFrom(rnd: () => number, size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let at = 0; at < size; at += 4) {
    const word = Math.floor(rnd() * 2 ** 32);
    for (let k = 0; k < 4 && at + k < size; k++) out[at + k] = (word >>> (8 * k)) & 0xff;
  }
  return out;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** One lane: its own database, storage and server process; `count` kills; returns what happened at each. */
async function lane(n: number, count: number): Promise<string[]> {
  const rnd = seeded(seed + n);
  const database = await processDatabase(process.env.DATABASE_URL);
  cleanups.push(() => database.drop());
  const storageDir = await mkdtemp(join(tmpdir(), 'portal-crash-uploads-'));
  cleanups.push(() => rm(storageDir, { recursive: true, force: true }));
  const storage = folderStorage(storageDir);
  const env = { ...database.env, FILE_STORAGE_DIR: storageDir, UPLOAD_CHUNK_BYTES: String(chunkBytes), JWT_SECRET: secret };

  // An owner of a UK account, written before the first start (PGlite has one process at a time).
  const owner = `crash-${n}-${seed}@example.com`;
  await database.use((db) => insertOwnerWithAccount(db, owner, 'Crash UK'));
  let server: ServerProcess = await startServerProcess(env);
  cleanups.push(() => killServerProcess(server.child));
  const headers = await signInWithAccount(server.origin, owner, fixturePassword, 'Crash UK');
  const url = (path: string) => `${server.origin}/api/files/uk${path}`;
  const getJson = async <T>(path: string): Promise<T> => {
    const r = await fetch(url(path), { headers });
    expect(r.status, `${path}: ${await r.clone().text()}`).toBe(200);
    return (await r.json()) as T;
  };
  const events: string[] = [];
  let done = 0;

  /** Kills the server at once, starts it again over the same database and storage. */
  async function crash(what: string) {
    await killServerProcess(server.child);
    done++;
    events.push(`lane ${n} kill ${done}: ${what}`);
    server = await startServerProcess(env);
  }

  /** What the restarted server says of the upload, checked against the storage; the next chunk to send. */
  async function check(fileId: string, file: Buffer, answered: number): Promise<number> {
    const status = await getJson<Status>(`/upload/status?fileId=${fileId}`);
    expect(status.held).toEqual(range(status.nextIdx));
    expect(status.nextIdx).toBeGreaterThanOrEqual(answered);
    expect(status.bytes).toBe(Math.min(file.length, status.nextIdx * chunkBytes));
    for (const idx of status.held) {
      const pieces: Buffer[] = [];
      for await (const piece of storage.readChunk(fileId, idx)) pieces.push(Buffer.from(piece));
      expect(Buffer.concat(pieces).equals(file.subarray(idx * chunkBytes, (idx + 1) * chunkBytes)), `chunk ${idx} in the storage`).toBe(true);
    }
    if (status.status === 'complete') expect(status.sha256).toBe(sha256(file));
    return status.nextIdx;
  }

  // A first upload, not killed, times a chunk and an end on this machine: the kills fall within them.
  const timing = { chunk: 0, end: 0 };
  {
    const file = bytesFrom(rnd, chunkBytes * 2);
    const { fileId } = await getJson<{ fileId: string }>(`/upload/begin?filePrefix=timing.csv&size=${file.length}`);
    for (const idx of [0, 1]) {
      const began = performance.now();
      expect((await postBytes(url(`/upload/chunk?fileId=${fileId}&idx=${idx}`), headers, file.subarray(idx * chunkBytes, (idx + 1) * chunkBytes))).status).toBe(200);
      timing.chunk = Math.max(timing.chunk, performance.now() - began);
    }
    const began = performance.now();
    await getJson(`/upload/end?fileId=${fileId}&hash=${sha256(file)}`);
    timing.end = performance.now() - began;
  }

  for (let upload = 0; done < count; upload++) {
    const chunks = 3 + Math.floor(rnd() * 3);
    const file = bytesFrom(rnd, (chunks - 1) * chunkBytes + 1 + Math.floor(rnd() * (chunkBytes - 1)));
    const hash = sha256(file);
    const { fileId } = await getJson<{ fileId: string }>(`/upload/begin?filePrefix=crash-${n}-${upload}.csv&size=${file.length}`);
    const killAt = Math.floor(rnd() * chunks);
    let next = 0;
    let killed = false;
    while (next < chunks) {
      const body = file.subarray(next * chunkBytes, (next + 1) * chunkBytes);
      const target = url(`/upload/chunk?fileId=${fileId}&idx=${next}`);
      if (killed || next !== killAt) {
        const sent = await postBytes(target, headers, body);
        expect(sent.status, sent.text).toBe(200);
        next++;
        continue;
      }
      killed = true;
      if (rnd() < 0.5) {
        // Mid-body: part of the chunk is on its way when the server dies.
        const cut = 1 + Math.floor(rnd() * (body.length - 1));
        const pending = postBytes(target, headers, body, cut);
        await sleep(Math.floor(rnd() * 10));
        await crash(`chunk ${next} of upload ${upload}, mid-body after ${cut} of ${body.length} bytes`);
        expect((await pending).status).toBe(0);
        next = await check(fileId, file, next);
      } else {
        // The whole body sent: the server dies somewhere in storing it (or just after answering).
        const delay = rnd() * timing.chunk * 1.5;
        const pending = postBytes(target, headers, body).catch(() => ({ status: 0, text: '' }));
        await sleep(delay);
        const answered = await Promise.race([pending, sleep(0).then(() => null)]);
        await crash(`chunk ${next} of upload ${upload}, ${delay.toFixed(1)} ms after its body was sent (${answered?.status === 200 ? 'answered before the kill' : 'in flight'})`);
        next = await check(fileId, file, answered?.status === 200 ? next + 1 : next);
      }
    }
    expect(next).toBe(chunks);

    let ended = false;
    if (done < count) {
      const delay = rnd() * timing.end * 1.5;
      const pending = fetch(url(`/upload/end?fileId=${fileId}&hash=${hash}`), { headers }).then((r) => r.status, () => 0);
      await sleep(delay);
      const answered = await Promise.race([pending, sleep(0).then(() => null)]);
      ended = answered === 200;
      await crash(`end of upload ${upload} (${chunks} chunks), ${delay.toFixed(1)} ms after it was sent (${ended ? 'answered before the kill' : 'in flight'})`);
      await check(fileId, file, chunks);
    }
    const status = await getJson<Status>(`/upload/status?fileId=${fileId}`);
    if (ended) expect(status.status).toBe('complete');
    // Ended again (after a kill the end may or may not have been done): the same answer either way.
    expect(await getJson(`/upload/end?fileId=${fileId}&hash=${hash}`)).toEqual({ fileId, name: `crash-${n}-${upload}.csv`, bytes: file.length, sha256: hash });
    const download = await fetch(url(`/files/${fileId}`), { headers });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);
    await check(fileId, file, chunks);
  }
  await stopServerProcess(server.child);
  return events;
}

describe(`the file server killed ${kills} times during uploads (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('resumes every upload after a restart with nothing lost or counted twice, and the hashes match', async () => {
    console.log(`files-crash: seed ${seed} (CRASH_SEED=${seed} repeats this run)`);
    const began = performance.now();
    const events = (await Promise.all(range(lanes).map((n) => lane(n, kills / lanes)))).flat();
    console.log(`${events.join('\n')}\nfiles-crash: ${events.length} kills in ${((performance.now() - began) / 1000).toFixed(0)} s`);
    expect(events).toHaveLength(kills);
    expect(events.filter((e) => e.includes('mid-body')).length + events.filter((e) => e.includes('after its body')).length).toBeGreaterThan(0);
    expect(events.filter((e) => e.includes('end of upload')).length).toBeGreaterThan(0);
  }, 900_000);
});
