// The bureau's files over HTTP: a file made from an upload (first-chunk sample, row count, mapping,
// defaults), refusals (Australian account, another account's file, empty, binary, no data rows),
// saved mappings, settings changes, rename, delete, catalogue reads and retention.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSampleLines, type BureauFile } from '../../../contract/bureau/entities';
import { blockedMessages } from '../../../contract/shared/messages';
import { depsOf } from '../../../server/app';
import { sweepRetention } from '../../../server/modules/bureau/retention';
import { query } from '../support/harness';
import { bureau, createBureauHarness, csvLine, ownerWithFile, referenceHeader, referenceRow, ukIndex, upload } from './fixtures';
import { fileServer } from '../support/uploads';
import { signedInOwner } from '../support/calls';

let h: Awaited<ReturnType<typeof createBureauHarness>>;
beforeAll(async () => {
  h = await createBureauHarness();
}, 120_000);
afterAll(() => h?.close());

const msg = (r: { body: string }) => JSON.parse(r.body).msg as string;
const count = async (table: string) => Number((await query<{ n: string }>(h.db, `select count(*) as n from ${table}`)).rows[0].n);

/** A file of `rows` reference addresses with a header. */
function referenceCsv(rows: number, first = 0): string {
  const index = ukIndex(h.app);
  const lines = [csvLine(referenceHeader)];
  for (let i = 0; i < rows; i++) lines.push(csvLine(referenceRow(index, (first + i * 7) % index.size, `Person ${i}`)));
  return lines.join('\r\n') + '\r\n';
}

describe('POST /files', () => {
  it('makes a file from an upload: rows counted, columns mapped, two sample rows, a test sample of the first chunk, and the defaults', async () => {
    const csv = referenceCsv(3000);
    const { file, headers } = await ownerWithFile(h, csv);
    const data = csv.trim().split('\r\n').slice(1);
    expect(file).toMatchObject({ name: 'Customers', status: 'mapping', rowCount: 3000, delimiter: ',', hasHeader: true, mafId: 1, usePAF: true, dedupeLevel: null, separateFile: false, tested: false });
    expect(file.inputFields.map((f) => f.mappingType)).toEqual(['name', 'address', 'address', 'address', 'town', 'postcode']);
    const first = data[0].split(',');
    expect(file.inputFields[0]).toMatchObject({ name: 'Name', row1: 'Person 0', row2: 'Person 1' });
    expect(file.inputFields[5].row1).toBe(first[5]);
    expect(file.outputGroupIds).toContain(1);
    expect(file.suppression.map((s) => s.suppressSetting)).toEqual(['suppress', 'suppress', 'flag']);
    // The sample: the header and up to 300 records, from the first 64 KiB chunk only.
    const sample = (await fileServer(h.app, headers).download(file.testFileServerId!)).body.trim().split('\n');
    expect(sample[0]).toBe(csvLine(referenceHeader));
    expect(file.testRowCount).toBe(sample.length - 1);
    expect(file.testRowCount).toBeLessThanOrEqual(testSampleLines);
    const firstChunk = Buffer.from(csv).subarray(0, 65_536).toString('utf8').split('\r\n').slice(1, -1);
    expect(sample.slice(1).every((line) => firstChunk.includes(line))).toBe(true);
    expect(sample[1]).toBe(data[0]);
    expect(firstChunk.length).toBeGreaterThan(testSampleLines);
    expect(file.testRowCount).toBe(testSampleLines);
  });

  it('refuses an Australian account with the spec message', async () => {
    const owner = await signedInOwner(h, 'australia');
    const fileServerId = await upload(h.app, owner.headers, Buffer.from('a,b\n1,2\n'), 'x.csv', 'australia');
    const b = bureau(h, owner.headers);
    for (const r of [await b.call('POST', '/files', {}, { fileServerId, name: 'x' }), await b.call('GET', '/files')]) {
      expect(r.statusCode).toBe(403);
      expect(msg(r)).toBe(blockedMessages.account);
    }
  });

  it("answers 404 for another account's file and for another user's upload", async () => {
    const { file, fileServerId } = await ownerWithFile(h, referenceCsv(5));
    const other = await signedInOwner(h, 'uk');
    const b = bureau(h, other.headers);
    expect((await b.call('GET', '/files/detail', { fileId: file.id })).statusCode).toBe(404);
    expect((await b.call('PUT', '/files', { fileId: file.id }, { name: 'Mine' })).statusCode).toBe(404);
    expect((await b.call('POST', '/files', {}, { fileServerId, name: 'Theirs' })).statusCode).toBe(404);
  });

  it('refuses an empty file, a binary file and a file with no data rows with 400, writing nothing', async () => {
    const owner = await signedInOwner(h, 'uk');
    const b = bureau(h, owner.headers);
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('\r\n  \r\n'), /empty/],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), /not text/],
      [Buffer.from('Name,Address 1,Town,Postcode\r\n'), /no data rows/],
    ];
    for (const [bytes, words] of cases) {
      const fileServerId = await upload(h.app, owner.headers, bytes);
      const [files, uploads] = [await count('bureau_files'), await count('uploads')];
      const r = await b.call('POST', '/files', {}, { fileServerId, name: 'Bad' });
      expect(r.statusCode, r.body).toBe(400);
      expect(msg(r)).toMatch(words);
      expect([await count('bureau_files'), await count('uploads')]).toEqual([files, uploads]);
    }
  });
});

describe('mapping, settings, rename and delete', () => {
  it('offers a saved mapping again to a file with the same columns', async () => {
    const { file, b, headers } = await ownerWithFile(h, referenceCsv(20));
    const put = await b.call('PUT', '/files/inputfields', { fileId: file.id }, { inputFields: [{ inputOrder: 3, mappingType: 'ignore', mappingOrder: 0 }] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<BureauFile>()).toMatchObject({ status: 'ready', settingsVersion: file.settingsVersion + 1 });
    const second = await b.create({ fileServerId: await upload(h.app, headers, Buffer.from(referenceCsv(10, 5))), name: 'Again' });
    expect(second.templateFileId).toBe(file.id);
    expect(second.inputFields[3].mappingType).toBe('ignore');
    const fields = await b.call('GET', '/files/inputfields', { fileId: second.id });
    expect(fields.json<{ templates: { fileId: number }[] }>().templates.map((t) => t.fileId)).toEqual([file.id]);
  });

  it('changes each setting with a new settings version and refuses bad values with 400', async () => {
    const { file, b } = await ownerWithFile(h, referenceCsv(20));
    const fileId = file.id;
    const steps: [string, object, Partial<BureauFile>][] = [
      ['/files/addresssettings', { usePAF: false }, { usePAF: false }],
      ['/files/dedupesettings', { settingId: 2 }, { dedupeLevel: 'household' }],
      ['/files/dedupeseparatefile', { separateFile: true }, { separateFile: true }],
      ['/files/suppressionsettings', { suppressGroupId: 103, suppressSetting: 'suppress' }, {}],
      ['/files/outputgroups', { outputGroupIds: [5] }, { outputGroupIds: [1, 5] }],
      ['/files/mafsettings', { mafId: 1 }, { mafId: 1 }],
    ];
    let version = file.settingsVersion;
    for (const [url, body, expected] of steps) {
      const r = await b.call('PUT', url, { fileId }, body);
      expect(r.statusCode, `${url} ${r.body}`).toBe(200);
      expect(r.json<BureauFile>()).toMatchObject({ ...expected, settingsVersion: ++version });
    }
    expect((await b.call('GET', '/files/suppressionsettings', { fileId })).json()).toContainEqual({ suppressGroupId: 103, suppressSetting: 'suppress' });
    const bad: [string, object][] = [
      ['/files/dedupesettings', { settingId: 9 }],
      ['/files/suppressionsettings', { suppressGroupId: 999, suppressSetting: 'flag' }],
      ['/files/outputgroups', { outputGroupIds: [42] }],
      ['/files/mafsettings', { mafId: 2 }],
      ['/files/inputfields', { inputFields: [{ inputOrder: 40, mappingType: 'town', mappingOrder: 1 }] }],
    ];
    for (const [url, body] of bad) expect((await b.call('PUT', url, { fileId }, body)).statusCode, url).toBe(400);
    expect((await b.call('GET', '/files/detail', { fileId })).json<BureauFile>().settingsVersion).toBe(version);
  });

  it('renames, lists and deletes a file with its upload and sample, from the storage and the rows', async () => {
    const { file, b } = await ownerWithFile(h, referenceCsv(20));
    expect((await b.call('PUT', '/files', { fileId: file.id }, { name: 'Spring mailing' })).json<BureauFile>().name).toBe('Spring mailing');
    expect((await b.call('GET', '/files')).json()).toEqual([expect.objectContaining({ id: file.id, name: 'Spring mailing', rowCount: 20 })]);
    const stored = () => readdirSync(h.storageDir);
    expect(stored()).toEqual(expect.arrayContaining([file.fileServerId, file.testFileServerId]));
    const r = await b.call('DELETE', '/files', { fileId: file.id });
    expect(r.json()).toEqual({ msg: 'File deleted' });
    expect((await b.call('GET', '/files')).json()).toEqual([]);
    expect(stored()).not.toContain(file.fileServerId);
    expect(stored()).not.toContain(file.testFileServerId);
    expect((await query(h.db, 'select id from uploads where id in ($1, $2)', [file.fileServerId, file.testFileServerId])).rows).toEqual([]);
  });
});

describe('catalogue and retention', () => {
  it('answers the reference files of the territory, suppression lists with their counts, dedupe levels and output groups', async () => {
    const { b } = await ownerWithFile(h, referenceCsv(5));
    expect((await b.call('GET', '/mafs')).json()).toEqual([{ mafId: 1, mafName: expect.any(String), mafCountryCode: 'GB', territory: 'uk' }]);
    const lists = (await b.call('GET', '/suppressionsettings', { mafId: 1 })).json<{ suppressType: string; records: number }[]>();
    expect(lists.map((l) => l.suppressType)).toEqual(['deceased', 'goneAway', 'mailingPreference']);
    expect(lists.every((l) => l.records > 0)).toBe(true);
    expect((await b.call('GET', '/dedupelevels')).json<{ settingId: number; level: string | null }[]>().map((d) => [d.settingId, d.level])).toEqual([[0, null], [1, 'address'], [2, 'household'], [3, 'individual']]);
    const groups = (await b.call('GET', '/outputgroups', { mafId: 1 })).json<{ outputGroupId: number; required: boolean }[]>();
    expect(groups.filter((g) => g.required).length).toBe(1);
    const fields = (await b.call('GET', '/outputfields', { mafId: 1 })).json<{ outputGroupId: number }[]>();
    expect(new Set(fields.map((f) => f.outputGroupId))).toEqual(new Set(groups.map((g) => g.outputGroupId)));
    expect((await b.call('GET', '/outputgroups', { mafId: 2 })).statusCode).toBe(400);
  });

  it('keeps uploads for the days the owner sets and the sweep deletes older files', async () => {
    const { file, b, account } = await ownerWithFile(h, referenceCsv(5));
    expect((await b.call('GET', '/files/retention', { accountId: account })).json()).toEqual({ uploadDays: 30, resultDays: 30 });
    expect((await b.call('PUT', '/files/retention', { accountId: account }, { uploadDays: 0, resultDays: 5 })).statusCode).toBe(400);
    expect((await b.call('PUT', '/files/retention', { accountId: account }, { uploadDays: 2, resultDays: 5 })).json()).toEqual({ uploadDays: 2, resultDays: 5 });
    const deps = depsOf(h.app);
    // The session would expire over days: the rows say what the sweep kept.
    const kept = async () => (await query(h.db, 'select id from bureau_files where id = $1', [file.id])).rows.length;
    h.clock.advance(86_400_000);
    await sweepRetention(deps);
    expect(await kept()).toBe(1);
    h.clock.advance(2 * 86_400_000);
    await sweepRetention(deps);
    expect(await kept()).toBe(0);
    expect(readdirSync(h.storageDir)).not.toContain(file.fileServerId);
  });
});
