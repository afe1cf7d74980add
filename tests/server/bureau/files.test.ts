// The bureau's files over HTTP: a file made from an upload (first-chunk sample, row count, mapping,
// defaults), refusals (Australian account, another account's file, empty, binary, no data rows),
// saved mappings, settings changes, rename, delete, catalogue reads and retention.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSampleLines, type BureauFile } from '../../../contract/bureau/entities';
import * as E from '../../../contract/bureau/endpoints';
import { blockedMessages } from '../../../contract/shared/messages';
import { depsOf } from '../../../server/app';
import { sweepRetention } from '../../../server/modules/bureau/retention';
import { msgIn, msgOf, okBody } from '../support/api';
import { query } from '../support/harness';
import { bureau, createBureauHarness, csvLine, ownerWithFile, referenceHeader, referenceRow, ukIndex, upload } from './fixtures';
import { fileServer } from '../support/uploads';
import { signedInOwner } from '../support/calls';

let h: Awaited<ReturnType<typeof createBureauHarness>>;
beforeAll(async () => {
  h = await createBureauHarness();
}, 120_000);
afterAll(() => h?.close());

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
    for (const r of [await b.api(E.createFile, { body: { fileServerId, name: 'x' } }), await b.api(E.listFiles)]) {
      expect(r.status).toBe(403);
      expect(msgIn(r.body)).toBe(blockedMessages.account);
    }
  });

  it("answers 404 for another account's file and for another user's upload", async () => {
    const { file, fileServerId } = await ownerWithFile(h, referenceCsv(5));
    const other = await signedInOwner(h, 'uk');
    const b = bureau(h, other.headers);
    expect((await b.api(E.getFile, { query: { fileId: file.id } })).status).toBe(404);
    expect((await b.api(E.renameFile, { query: { fileId: file.id }, body: { name: 'Mine' } })).status).toBe(404);
    expect((await b.api(E.createFile, { body: { fileServerId, name: 'Theirs' } })).status).toBe(404);
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
      const r = await b.api(E.createFile, { body: { fileServerId, name: 'Bad' } });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(msgOf(r)).toMatch(words);
      expect([await count('bureau_files'), await count('uploads')]).toEqual([files, uploads]);
    }
  });
});

describe('mapping, settings, rename and delete', () => {
  it('offers a saved mapping again to a file with the same columns', async () => {
    const { file, b, headers } = await ownerWithFile(h, referenceCsv(20));
    const put = await b.api(E.putInputFields, { query: { fileId: file.id }, body: { inputFields: [{ inputOrder: 3, mappingType: 'ignore', mappingOrder: 0 }] } });
    expect(okBody(put)).toMatchObject({ status: 'ready', settingsVersion: file.settingsVersion + 1 });
    const second = await b.create({ fileServerId: await upload(h.app, headers, Buffer.from(referenceCsv(10, 5))), name: 'Again' });
    expect(second.templateFileId).toBe(file.id);
    expect(second.inputFields[3].mappingType).toBe('ignore');
    const fields = okBody(await b.api(E.getInputFields, { query: { fileId: second.id } }));
    expect(fields.templates.map((t) => t.fileId)).toEqual([file.id]);
  });

  it('changes each setting with a new settings version and refuses bad values with 400', async () => {
    const { file, b } = await ownerWithFile(h, referenceCsv(20));
    const fileId = file.id;
    const ofFile = { fileId };
    const steps: [string, () => Promise<{ status: number; body: unknown }>, Partial<BureauFile>][] = [
      ['address', () => b.api(E.putAddressSettings, { query: ofFile, body: { usePAF: false } }), { usePAF: false }],
      ['dedupe', () => b.api(E.putDedupeSettings, { query: ofFile, body: { settingId: 2 } }), { dedupeLevel: 'household' }],
      ['separate file', () => b.api(E.putDedupeSeparateFile, { query: ofFile, body: { separateFile: true } }), { separateFile: true }],
      ['suppression', () => b.api(E.putFileSuppression, { query: ofFile, body: { suppressGroupId: 103, suppressSetting: 'suppress' } }), {}],
      ['output groups', () => b.api(E.putFileOutputGroups, { query: ofFile, body: { outputGroupIds: [5] } }), { outputGroupIds: [1, 5] }],
      ['reference file', () => b.api(E.putMafSettings, { query: ofFile, body: { mafId: 1 } }), { mafId: 1 }],
    ];
    let version = file.settingsVersion;
    for (const [name, put, expected] of steps) {
      const r = await put();
      expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body).toMatchObject({ ...expected, settingsVersion: ++version });
    }
    expect(okBody(await b.api(E.getFileSuppression, { query: ofFile }))).toContainEqual({ suppressGroupId: 103, suppressSetting: 'suppress' });
    const bad: [string, () => Promise<{ status: number }>][] = [
      ['dedupe', () => b.api(E.putDedupeSettings, { query: ofFile, body: { settingId: 9 } })],
      ['suppression', () => b.api(E.putFileSuppression, { query: ofFile, body: { suppressGroupId: 999, suppressSetting: 'flag' } })],
      ['output groups', () => b.api(E.putFileOutputGroups, { query: ofFile, body: { outputGroupIds: [42] } })],
      ['reference file', () => b.api(E.putMafSettings, { query: ofFile, body: { mafId: 2 } })],
      ['mapping', () => b.api(E.putInputFields, { query: ofFile, body: { inputFields: [{ inputOrder: 40, mappingType: 'town', mappingOrder: 1 }] } })],
    ];
    for (const [name, put] of bad) expect((await put()).status, name).toBe(400);
    expect(okBody(await b.api(E.getFile, { query: ofFile })).settingsVersion).toBe(version);
  });

  it('renames, lists and deletes a file with its upload and sample, from the storage and the rows', async () => {
    const { file, b } = await ownerWithFile(h, referenceCsv(20));
    expect(okBody(await b.api(E.renameFile, { query: { fileId: file.id }, body: { name: 'Spring mailing' } })).name).toBe('Spring mailing');
    expect(okBody(await b.api(E.listFiles))).toEqual([expect.objectContaining({ id: file.id, name: 'Spring mailing', rowCount: 20 })]);
    const stored = () => readdirSync(h.storageDir);
    expect(stored()).toEqual(expect.arrayContaining([file.fileServerId, file.testFileServerId]));
    const r = await b.api(E.deleteFile, { query: { fileId: file.id } });
    expect(r.body).toEqual({ msg: 'File deleted' });
    expect(okBody(await b.api(E.listFiles))).toEqual([]);
    expect(stored()).not.toContain(file.fileServerId);
    expect(stored()).not.toContain(file.testFileServerId);
    expect((await query(h.db, 'select id from uploads where id in ($1, $2)', [file.fileServerId, file.testFileServerId])).rows).toEqual([]);
  });
});

describe('catalogue and retention', () => {
  it('answers the reference files of the territory, suppression lists with their counts, dedupe levels and output groups', async () => {
    const { b } = await ownerWithFile(h, referenceCsv(5));
    expect(okBody(await b.api(E.listMafs))).toEqual([{ mafId: 1, mafName: expect.any(String), mafCountryCode: 'GB', territory: 'uk' }]);
    const lists = okBody(await b.api(E.getSuppressionSettings, { query: { mafId: 1 } }));
    expect(lists.map((l) => l.suppressType)).toEqual(['deceased', 'goneAway', 'mailingPreference']);
    expect(lists.every((l) => l.records > 0)).toBe(true);
    expect(okBody(await b.api(E.getDedupeLevels)).map((d) => [d.settingId, d.level])).toEqual([[0, null], [1, 'address'], [2, 'household'], [3, 'individual']]);
    const groups = okBody(await b.api(E.getOutputGroups, { query: { mafId: 1 } }));
    expect(groups.filter((g) => g.required).length).toBe(1);
    const fields = okBody(await b.api(E.getOutputFields, { query: { mafId: 1 } }));
    expect(new Set(fields.map((f) => f.outputGroupId))).toEqual(new Set(groups.map((g) => g.outputGroupId)));
    expect((await b.api(E.getOutputGroups, { query: { mafId: 2 } })).status).toBe(400);
  });

  it('keeps uploads for the days the owner sets and the sweep deletes older files', async () => {
    const { file, b, account } = await ownerWithFile(h, referenceCsv(5));
    expect(okBody(await b.api(E.getRetention, { query: { accountId: account } }))).toEqual({ uploadDays: 30, resultDays: 30 });
    expect((await b.api(E.putRetention, { query: { accountId: account }, body: { uploadDays: 0, resultDays: 5 } })).status).toBe(400);
    expect(okBody(await b.api(E.putRetention, { query: { accountId: account }, body: { uploadDays: 2, resultDays: 5 } }))).toEqual({ uploadDays: 2, resultDays: 5 });
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
