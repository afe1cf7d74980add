// Files that cannot stall the server (a 400,000-column CSV, 3.5 MB): POST /files refuses
// a file past fileLimits (columns, field length, record length) with a 400 naming the limit, before
// the heavy work starts and writing nothing; a stored file past the column limit (made before it)
// is refused fast by the calls that read its columns and by the results job, and can still be
// listed and deleted; and while the widest file accepted is read, other calls are answered (the
// reading runs in a worker thread; how long the loop is held is measured by npm run bench,
// tools/bench-bureau-read.ts). The harness takes the production chunk size
// (10,000,000 bytes), so the first chunk POST /files reads is the one customers' files have.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimitMessages, fileLimits } from '../../../contract/bureau/entities';
import * as E from '../../../contract/bureau/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { uploadChunkBytes } from '../../../contract/files/entities';
import { depsOf } from '../../../server/app';
import { readFirstChunk } from '../../../server/modules/bureau/sample';
import { runResults } from '../../../server/modules/bureau/results';
import { msgIn, msgOf, okBody } from '../support/api';
import { query } from '../support/harness';
import { bureau, createBureauHarness, csvLine, referenceHeader, referenceRow, ukIndex, upload, wideCsv, widestAccepted } from './fixtures';
import { signedInOwner } from '../support/calls';

let h: Awaited<ReturnType<typeof createBureauHarness>>;
beforeAll(async () => {
  h = await createBureauHarness({ UPLOAD_CHUNK_BYTES: String(uploadChunkBytes) });
}, 120_000);
afterAll(() => h?.close());

const count = async (table: string) => Number((await query<{ n: string }>(h.db, `select count(*) as n from ${table}`)).rows[0].n);

/** An owner of a UK account, the bureau calls and an upload in the harness's chunks. */
async function owner() {
  const o = await signedInOwner(h, 'uk');
  return { ...o, b: bureau(h, o.headers), put: (csv: string | Buffer, name?: string) => upload(h.app, o.headers, Buffer.isBuffer(csv) ? csv : Buffer.from(csv), name, 'uk', uploadChunkBytes) };
}

/** What a refused POST /files must leave as it was: the rows and the storage's folders. */
const written = async () => ({ files: await count('bureau_files'), uploads: await count('uploads'), stored: readdirSync(h.storageDir).length });

describe('POST /files refuses a file past the limits, writing nothing', () => {
  it('refuses the 400,000-column file with a 400 naming the limit', { timeout: 60_000 }, async () => {
    const { b, put } = await owner();
    const fileServerId = await put(wideCsv(400_000), 'wide.csv');
    const before = await written();
    const r = await b.api(E.createFile, { body: { fileServerId, name: 'Wide' } });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(msgOf(r)).toBe(fileLimitMessages.columns(400_000));
    expect(msgOf(r)).toMatch(/^This file has 400,000 columns: at most 1,000 are accepted/);
    expect(await written()).toEqual(before);
  });

  it('refuses a file with an over-long field, and one with an over-long line, naming the limit', { timeout: 60_000 }, async () => {
    const { b, put } = await owner();
    const longField = `${csvLine(referenceHeader)}\r\n${csvLine(['x'.repeat(40_000), '1 High Street', '', '', 'LONDON', 'SW1A 1AA'])}\r\n`;
    // 100 fields of 20,000 characters: each field and the column count within the limits, the line not.
    const longLine = `${csvLine(Array.from({ length: 100 }, (_, c) => `Column ${c}`))}\n${Array.from({ length: 100 }, () => 'y'.repeat(20_000)).join(',')}\n`;
    const cases: [string, string][] = [
      [longField, fileLimitMessages.field(2, 40_000)],
      [longLine, fileLimitMessages.record(2, 100 * 20_000 + 99)],
    ];
    for (const [csv, words] of cases) {
      const fileServerId = await put(csv);
      const before = await written();
      const r = await b.api(E.createFile, { body: { fileServerId, name: 'Long' } });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(msgOf(r)).toBe(words);
      expect(await written()).toEqual(before);
    }
    expect(fileLimitMessages.field(2, 40_000)).toBe('Line 2 has a field of 40,000 characters: at most 32,767 are accepted in one field');
    expect(fileLimitMessages.record(2, 2_000_099)).toMatch(/^Line 2 is 2,000,099 bytes long: at most 1,048,576 bytes are accepted/);
  });

  it('refuses a test file given with the upload that is past the limits', { timeout: 60_000 }, async () => {
    const { b, put } = await owner();
    const index = ukIndex(h.app);
    const fileServerId = await put([csvLine(referenceHeader), ...Array.from({ length: 5 }, (_, i) => csvLine(referenceRow(index, i)))].join('\n') + '\n');
    const testFileServerId = await put(wideCsv(5_000), 'test.csv');
    const before = await written();
    const r = await b.api(E.createFile, { body: { fileServerId, testFileServerId, name: 'With a test file' } });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(msgOf(r)).toBe(fileLimitMessages.columns(5_000));
    expect(await written()).toEqual(before);
  });
});

describe('the first chunk is measured before it is split', () => {
  const first = (text: string, whole = true) => readFirstChunk({ bytes: Buffer.from(text), whole }, {});
  const refusal = async (text: string, whole = true) => {
    const error = await first(text, whole).then(() => null, (e: Error) => e);
    return error?.message;
  };

  it('takes a file at the limits and refuses one past each, naming the line', async () => {
    const header = Array.from({ length: fileLimits.columns }, (_, c) => `Column ${c}`).join(',');
    const atLimits = `${header}\n${['z'.repeat(fileLimits.fieldCharacters), ...new Array<string>(fileLimits.columns - 1).fill('1')].join(',')}\n`;
    expect((await first(atLimits)).columns).toBe(fileLimits.columns);
    expect(await refusal(`${header},one more\n1,2\n`)).toBe(fileLimitMessages.columns(1_001));
    // A later record over the limit names its line (blank lines counted, as the engine counts them).
    expect(await refusal(`a,b\n1,2\n\n${new Array(1_200).fill('3').join(',')}\n`)).toBe(fileLimitMessages.columns(1_200, 4));
    // Quoted: the delimiters inside a field are not columns, "" is one character.
    expect((await first(`a,b\n"${'""'.repeat(fileLimits.fieldCharacters)}",2\n`)).columns).toBe(2);
    expect(await refusal(`a,b\n"${'""'.repeat(fileLimits.fieldCharacters + 1)}",2\n`)).toBe(fileLimitMessages.field(2, fileLimits.fieldCharacters + 1));
    expect((await first(`a,b\n"${','.repeat(5_000)}",2\n`)).columns).toBe(2);
    // A first chunk that ends inside a line already past the limit.
    expect(await refusal(`a,b\n${'q'.repeat(fileLimits.recordBytes + 10)}`, false)).toBe(fileLimitMessages.record(2, null));
  });
});

describe('a stored file past the column limit (made before it)', () => {
  it('is refused fast by every call that reads its columns and by the results job, and can be listed and deleted', { timeout: 120_000 }, async () => {
    const { b, put, user } = await owner();
    const index = ukIndex(h.app);
    const fileServerId = await put([csvLine(referenceHeader), ...Array.from({ length: 5 }, (_, i) => csvLine(referenceRow(index, i)))].join('\r\n') + '\r\n');
    const file = await b.create({ fileServerId, name: 'Made before the limit' });
    const wide = 50_000;
    await query(
      h.db,
      `update bureau_files set input_fields = (select jsonb_agg(jsonb_build_object('name', 'c' || i, 'row1', 'x', 'row2', 'x', 'mappingType', 'ignore', 'mappingOrder', 0, 'inputOrder', i) order by i)
         from generate_series(0, ${wide - 1}) i) where id = $1`,
      [file.id],
    );
    // Its 50,000 columns are not read (how long the loop is held: npm run bench, tools/bench-bureau-read.ts).
    const fields = await b.api(E.getInputFields, { query: { fileId: file.id } });
    expect(fields.status, JSON.stringify(fields.body).slice(0, 300)).toBe(400);
    expect(msgOf(fields)).toBe(fileLimitMessages.columns(wide));
    const ofFile = { fileId: file.id };
    for (const [url, r] of [
      [E.getFile.path, await b.api(E.getFile, { query: ofFile })],
      [E.getTestResults.path, await b.api(E.getTestResults, { query: ofFile })],
      [E.putInputFields.path, await b.api(E.putInputFields, { query: ofFile, body: { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] } })],
      [E.createResults.path, await b.api(E.createResults, { query: ofFile })],
    ] as const) {
      expect([url, r.status, msgIn(r.body)]).toEqual([url, 400, fileLimitMessages.columns(wide)]);
    }

    // A results job queued before the limit fails with its words, at once (no retries).
    await query(h.db, "update bureau_files set status = 'queued' where id = $1", [file.id]);
    const ran = await runResults(depsOf(h.app), { fileId: file.id, settingsVersion: file.settingsVersion, userId: user.id, runId: 'f'.repeat(32), queuedAt: 0 }, { retryCount: 0, retryLimit: 5 });
    expect(ran).toBe('done');
    const results = await b.api(E.getResults, { query: { fileId: file.id } });
    expect(results.body).toMatchObject({ status: 'failed', failure: fileLimitMessages.columns(wide) });

    const list = okBody(await b.api(E.listFiles));
    expect(list.map((f) => f.id)).toContain(file.id);
    const gone = await b.api(E.deleteFile, { query: { fileId: file.id } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await query(h.db, 'select id from bureau_files where id = $1', [file.id])).rows).toEqual([]);
  });
});

describe('other calls are answered while a file is read', () => {
  // Read on the server's thread, a wide file held every other call for seconds. The reading runs in a
  // worker thread, so calls made while POST /files reads are answered before it is: told by the order
  // of the answers, not by a clock. How long the loop is held, against the same reading done on the
  // server's thread, is measured by npm run bench (tools/bench-bureau-read.ts).

  /**
   * POST /files of `csv` while an unrelated cheap call (GET /api/users/user) is made again and again
   * until the POST answers: the POST's answer, and how many cheap calls were answered before it.
   */
  async function whileReading(csv: Buffer, body: Partial<BodyOf<typeof E.createFile>> = {}) {
    const o = await owner();
    const fileServerId = await o.put(csv);
    // A first small file starts the reader's worker thread.
    await o.b.create({ fileServerId: await o.put(`${csvLine(referenceHeader)}\n${csvLine(referenceRow(ukIndex(h.app), 1))}\n`), name: 'Warm' });
    let answered = false;
    const posted = o.b.api(E.createFile, { body: { fileServerId, name: 'Big', ...body } }).finally(() => {
      answered = true;
    });
    let before = 0;
    while (!answered) {
      // An injected call resolves in microtasks: without a turn of the event loop between calls, the
      // worker's answer (a macrotask) would never be read and the loop would never end.
      await new Promise((resolve) => setImmediate(resolve));
      if (answered) break;
      const r = await h.inject({ method: 'GET', url: '/api/users/user', query: { id: String(o.user.id) }, headers: o.headers });
      expect(r.statusCode).toBe(200);
      if (!answered) before++;
    }
    return { ...o, result: await posted, before };
  }

  it('while the 400,000-column file is refused', { timeout: 120_000 }, async () => {
    const { result, before } = await whileReading(wideCsv(400_000));
    expect(before).toBeGreaterThan(0);
    expect(result.status).toBe(400);
  });

  it('while the widest file accepted is made a bureau file and its columns read', { timeout: 180_000 }, async () => {
    // Told it has a header: with 994 columns named none of the address words, the guess says no.
    const { result, before, b } = await whileReading(widestAccepted(h.app), { hasHeader: true });
    expect(before).toBeGreaterThan(0);
    const file = okBody(result);
    expect(file.inputFields).toHaveLength(fileLimits.columns);
    expect(file.inputFields.slice(0, 6).map((f) => f.mappingType)).toEqual(['name', 'address', 'address', 'address', 'town', 'postcode']);
    const fields = okBody(await b.api(E.getInputFields, { query: { fileId: file.id } }));
    expect(fields.inputFields).toHaveLength(fileLimits.columns);
  });
});
