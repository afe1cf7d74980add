import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { damagedMessage } from '../../../server/modules/files/damage';
import { hashMismatchMessage } from '../../../server/modules/files/service';
import { createMailer } from '../../../server/platform/mail';
import { query } from '../support/harness';
import { begin, createFilesHarness } from './fixtures';
import { chunksOf, fileServer, sha256, testChunkBytes } from '../support/uploads';
import { signedInOwner } from '../support/calls';

// Two server processes' worth of the file server: two apps over one database (on PostgreSQL each
// with its own connection pool, as two processes would have; PGlite is one process's database, so
// there they share it) and one storage folder. Nothing of an upload lives in a process's memory, so
// any call may go to either.

let h: Awaited<ReturnType<typeof createFilesHarness>>;
let second: FastifyInstance;
let closeSecond: () => Promise<void>;

beforeAll(async () => {
  h = await createFilesHarness();
  const other = (await h.openAnother()) ?? h.db;
  const mailer = createMailer({ db: other });
  second = buildApp({ db: other, mailer, config: h.config, clock: h.clock });
  await second.ready();
  closeSecond = async () => {
    await second.close();
    await mailer.close();
    if (other !== h.db) await other.destroy();
  };
});
afterAll(async () => {
  await closeSecond?.();
  await h?.close();
});

/** A new owner's file server calls on each of the two processes. */
async function ownerOnBoth() {
  const { headers } = await signedInOwner(h);
  return { one: fileServer(h.app, headers), two: fileServer(second, headers) };
}

describe('an upload across two server processes', () => {
  it('takes chunks on one process, the end on the other, and either serves the file', async () => {
    const { one, two } = await ownerOnBoth();
    const file = randomBytes(testChunkBytes * 5 + 7);
    const chunks = chunksOf(file);
    const fileId = await begin(one, 'shared.csv', file.length);
    for (const [idx, chunk] of chunks.entries()) {
      const response = await (idx % 2 === 0 ? one : two).chunk(fileId, idx, chunk);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await two.status(fileId)).json()).toMatchObject({ held: [0, 1, 2, 3, 4, 5] });
    const end = await two.end(fileId, sha256(file));
    expect(end.statusCode, end.body).toBe(200);
    expect((await one.end(fileId, sha256(file))).json()).toEqual(end.json());
    expect((await one.download(fileId)).rawPayload.equals(file)).toBe(true);
    expect((await two.download(fileId)).rawPayload.equals(file)).toBe(true);
  });

  it('keeps one chunk per index when both processes receive it at once', async () => {
    const { one, two } = await ownerOnBoth();
    const file = randomBytes(testChunkBytes * 2);
    const [first, last] = chunksOf(file);
    const fileId = await begin(one, 'race.csv', file.length);

    // The same bytes twice (a retry racing the original): both are answered 200.
    const same = await Promise.all([one.chunk(fileId, 0, first), two.chunk(fileId, 0, first)]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);

    // Different bytes for one index: one is kept, the other refused, and the storage holds the kept one.
    const rival = randomBytes(testChunkBytes);
    const raced = await Promise.all([one.chunk(fileId, 1, last), two.chunk(fileId, 1, rival)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const kept = raced[0].statusCode === 200 ? last : rival;
    const whole = Buffer.concat([first, kept]);

    const ends = await Promise.all([one.end(fileId, sha256(whole)), two.end(fileId, sha256(whole))]);
    expect(ends.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await two.download(fileId)).rawPayload.equals(whole)).toBe(true);
  });

  it('finds a chunk torn before its sync (the process that took it is gone) and resumes from it', async () => {
    const { one, two } = await ownerOnBoth();
    const file = randomBytes(testChunkBytes * 4 + 9);
    const chunks = chunksOf(file);
    const fileId = await begin(one, 'torn.csv', file.length);
    for (const [idx, chunk] of chunks.entries()) expect((await one.chunk(fileId, idx, chunk)).statusCode).toBe(200);
    // A power cut before chunk 2 reached the disk: its bytes are short and the process that held the
    // upload's running hash is gone, so the end (on the other process) reads the chunks back.
    await writeFile(join(h.storageDir, fileId, 'chunks', '2'), chunks[2].subarray(0, 10));

    const end = await two.end(fileId, sha256(file));
    expect(end.statusCode, end.body).toBe(409);
    expect(end.json<{ msg: string }>().msg).toBe(damagedMessage(2));
    expect((await two.status(fileId)).json()).toMatchObject({ status: 'open', held: [0, 1], nextIdx: 2, bytes: testChunkBytes * 2 });

    for (const idx of [2, 3, 4]) expect((await two.chunk(fileId, idx, chunks[idx])).statusCode).toBe(200);
    const again = await two.end(fileId, sha256(file));
    expect(again.statusCode, again.body).toBe(200);
    expect((await one.download(fileId)).rawPayload.equals(file)).toBe(true);
  });

  it("keeps the file's digest so far where the process holds it, the chunk's own where not, and finds a torn chunk by either", async () => {
    const { one, two } = await ownerOnBoth();
    const file = randomBytes(testChunkBytes * 4 + 3);
    const chunks = chunksOf(file);
    const fileId = await begin(one, 'mixed.csv', file.length);
    const by = [one, one, two, two, one];
    for (const [idx, chunk] of chunks.entries()) expect((await by[idx].chunk(fileId, idx, chunk)).statusCode).toBe(200);
    const { rows } = await query<{ sha256: string | null; prefix_sha256: string | null }>(h.db, 'select sha256, prefix_sha256 from upload_chunks where upload_id = $1 order by idx', [fileId]);
    const upTo = (idx: number) => ({ sha256: null, prefix_sha256: sha256(Buffer.concat(chunks.slice(0, idx + 1))) });
    const own = (idx: number) => ({ sha256: sha256(chunks[idx]), prefix_sha256: null });
    // Chunks 2 and 3 went to the process without the running hash; chunk 4 back to the one whose hash stopped at chunk 1.
    expect(rows).toEqual([upTo(0), upTo(1), own(2), own(3), own(4)]);

    for (const torn of [1, 3]) {
      await writeFile(join(h.storageDir, fileId, 'chunks', String(torn)), randomBytes(testChunkBytes));
      const end = await two.end(fileId, sha256(file));
      expect(end.json<{ msg: string }>().msg).toBe(damagedMessage(torn));
      for (let idx = torn; idx < chunks.length; idx++) expect((await two.chunk(fileId, idx, chunks[idx])).statusCode).toBe(200);
    }
    expect((await one.end(fileId, sha256(file))).statusCode).toBe(200);
    expect((await two.download(fileId)).rawPayload.equals(file)).toBe(true);
  });

  it.each(['the same', 'the other'])('does not extend a running hash past chunks dropped and taken again with other bytes by %s process', async (retaker) => {
    const { one, two } = await ownerOnBoth();
    const before = randomBytes(testChunkBytes * 3);
    // No declared size, so the upload may end after three chunks (and grow to four).
    const fileId = await begin(one, 'retaken.csv');
    for (const [idx, chunk] of chunksOf(before).entries()) expect((await one.chunk(fileId, idx, chunk)).statusCode).toBe(200);
    // Chunk 1 torn; the other process's end drops chunks 1 and 2, and they come back with other bytes.
    await writeFile(join(h.storageDir, fileId, 'chunks', '1'), randomBytes(testChunkBytes));
    expect((await two.end(fileId, sha256(before))).json<{ msg: string }>().msg).toBe(damagedMessage(1));
    const after = Buffer.concat([before.subarray(0, testChunkBytes), randomBytes(testChunkBytes * 3)]);
    const chunks = chunksOf(after);
    const by = retaker === 'the same' ? [one, one, one] : [two, two, one];
    for (const [at, idx] of [1, 2, 3].entries()) expect((await by[at].chunk(fileId, idx, chunks[idx])).statusCode).toBe(200);
    const { rows } = await query<{ sha256: string | null; prefix_sha256: string | null }>(h.db, 'select sha256, prefix_sha256 from upload_chunks where upload_id = $1 and idx >= 1 order by idx', [fileId]);
    // Each its own digest: the hash of the chunks as first sent is not this file's.
    expect(rows).toEqual([1, 2, 3].map((idx) => ({ sha256: sha256(chunks[idx]), prefix_sha256: null })));
    expect((await one.end(fileId, sha256(after))).statusCode).toBe(200);
    expect((await two.download(fileId)).rawPayload.equals(after)).toBe(true);
  });

  it('still refuses a wrong hash with the spec\'s words when every chunk is whole', async () => {
    const { one, two } = await ownerOnBoth();
    const file = randomBytes(testChunkBytes * 2 + 1);
    const fileId = await begin(one, 'whole.csv', file.length);
    for (const [idx, chunk] of chunksOf(file).entries()) expect((await one.chunk(fileId, idx, chunk)).statusCode).toBe(200);
    const wrong = await two.end(fileId, sha256(Buffer.from('another file')));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ msg: string }>().msg).toBe(hashMismatchMessage);
    expect((await two.status(fileId)).json()).toMatchObject({ status: 'open', held: [0, 1, 2] });
  });
});
