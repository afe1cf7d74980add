import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createMailer } from '../../server/platform/mail';
import { begin, chunksOf, createFilesHarness, fileServer, sha256, signedInOwner, testChunkBytes } from './files-fixtures';

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

describe('an upload across two server processes', () => {
  it('takes chunks on one process, the end on the other, and either serves the file', async () => {
    const { headers } = await signedInOwner(h);
    const one = fileServer(h.app, headers);
    const two = fileServer(second, headers);
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
    const { headers } = await signedInOwner(h);
    const one = fileServer(h.app, headers);
    const two = fileServer(second, headers);
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
});
