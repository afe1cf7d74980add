// The free test and the results job over HTTP: test results cached per settings version, the results
// job made once with its zip (cleansed, duplicates, suppressed, errors, summary), settings refused
// while it runs and discarding results after, the zip's id and download only once paid (the shop's
// fulfilment marks the file paid; here a row update stands in for it), with ?token= on a plain link.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsFileName, type FileResults } from '../../../contract/bureau/entities';
import * as E from '../../../contract/bureau/endpoints';
import { depsOf } from '../../../server/app';
import { requeueStranded, strandedAfterSeconds } from '../../../server/modules/bureau/results';
import { secondsOf } from '../../../server/platform/clock';
import { msgOf, okBody } from '../support/api';
import { query } from '../support/harness';
import { bureau, createBureauHarness, csvLine, csvLines, ownerWithFile, referenceHeader, referenceRow, ukIndex, unzip, waitForStatus, zipOf } from './fixtures';
import { signedInOwner } from '../support/calls';

let h: Awaited<ReturnType<typeof createBureauHarness>>;
beforeAll(async () => {
  h = await createBureauHarness();
}, 120_000);
afterAll(() => h?.close());

/** `unique` reference addresses, the first `dupes` of them twice, and `bad` lines with a wrong field count. */
function fileWith(unique: number, dupes: number, bad: number): string {
  const index = ukIndex(h.app);
  const lines = [csvLine(referenceHeader)];
  for (let i = 0; i < unique; i++) lines.push(csvLine(referenceRow(index, (i * 13) % index.size, `Person ${i}`)));
  for (let i = 0; i < dupes; i++) lines.push(csvLine(referenceRow(index, (i * 13) % index.size, `Person ${i}`)));
  for (let i = 0; i < bad; i++) lines.push('only,three,fields');
  return lines.join('\n') + '\n';
}

describe('the free test', () => {
  it('cleanses the sample for the current settings, keeps the answer until a setting changes', async () => {
    const { file, b } = await ownerWithFile(h, fileWith(40, 5, 2));
    const test = okBody(await b.api(E.getTestResults, { query: { fileId: file.id } }));
    expect(test.recordCount).toBe(47);
    expect(test.rows).toHaveLength(47);
    expect(test.codingStats.matched + test.codingStats.updated).toBeGreaterThanOrEqual(40);
    expect(test.outputGroupStats.errors).toBe(2);
    // Each row says how precisely it was placed: the reference addresses to their premise, the unreadable lines nowhere.
    expect(new Set(test.rows.map((r) => `${r.error ? 'error' : 'row'} ${r.matchLevel} ${r.matchReason}`))).toEqual(new Set(['row premise null', 'error null null']));
    expect(test.rows.filter((r) => r.error).map((r) => r.error)).toEqual([expect.stringMatching(/fields, expected 6/), expect.stringMatching(/fields, expected 6/)]);
    expect(okBody(await b.api(E.getFile, { query: { fileId: file.id } })).tested).toBe(true);
    const changed = okBody(await b.api(E.putDedupeSettings, { query: { fileId: file.id }, body: { settingId: 1 } }));
    expect(changed.tested).toBe(false);
    const again = okBody(await b.api(E.getTestResults, { query: { fileId: file.id } }));
    expect(again.settingsVersion).toBe(changed.settingsVersion);
    expect(again.rows.filter((r) => r.dedupe === 'child')).toHaveLength(5);
  });
});

describe('the free test of a file longer than its sample', () => {
  it("numbers each row by its line in the customer's file", async () => {
    const index = ukIndex(h.app);
    // A blank line after the header, then 600 records: Person i is on line i + 3.
    const lines = [csvLine(referenceHeader), ''];
    for (let i = 0; i < 600; i++) lines.push(csvLine(referenceRow(index, (i * 13) % index.size, `Person ${i}`)));
    const { file, b } = await ownerWithFile(h, lines.join('\n') + '\n');
    const test = okBody(await b.api(E.getTestResults, { query: { fileId: file.id } }));
    expect(test.rows).toHaveLength(300);
    const lineOf = (name: string) => Number(/^Person (\d+)$/.exec(name)![1]) + 3;
    expect(test.rows.map((r) => r.line)).toEqual(test.rows.map((r) => lineOf(r.before[0])));
    expect(test.rows.at(-1)?.line).toBe(lineOf('Person 598'));
  });
});

describe('the results', () => {
  it('makes the results once, in a zip of the output files and a summary with charts', async () => {
    const { file, b, headers } = await ownerWithFile(h, fileWith(60, 6, 3));
    expect((await b.api(E.putInputFields, { query: { fileId: file.id }, body: { inputFields: [] } })).status).toBe(400);
    expect((await b.api(E.createResults, { query: { fileId: file.id } })).status).toBe(409);
    await b.api(E.putInputFields, { query: { fileId: file.id }, body: { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] } });
    await b.api(E.putDedupeSettings, { query: { fileId: file.id }, body: { settingId: 3 } });
    await b.api(E.putDedupeSeparateFile, { query: { fileId: file.id }, body: { separateFile: true } });
    const second = await Promise.all([b.api(E.createResults, { query: { fileId: file.id } }), b.api(E.createResults, { query: { fileId: file.id } })]);
    expect(second.map((r) => r.status)).toEqual([200, 200]);
    const done = await waitForStatus(b, file.id, ['results', 'failed']);
    expect(done.status, JSON.stringify(done)).toBe('results');
    const results = done.results as FileResults;
    expect(results).toMatchObject({ inputRecordCount: 69, errorCount: 3, dedupeStats: { child: 6, parent: 6, unique: 54 } });
    expect(results.outputGroupStats).toEqual({ cleansed: 60, duplicates: 6, suppressed: 0, errors: 3 });
    expect(done.progress.done).toBe(done.progress.total);
    // One zip for the file, kept as a complete upload.
    const zips = await query<{ id: string; status: string }>(h.db, 'select id, status from uploads where file_prefix = $1 and account_id = (select account_id from bureau_files where id = $2)', [resultsFileName, file.id]);
    expect(zips.rows).toHaveLength(1);

    // Not paid: no id, no download.
    const notPaid = await b.api(E.getResultsFileId, { query: { fileId: file.id } });
    expect(notPaid.status).toBe(402);
    expect((await zipOf(h.app, headers, zips.rows[0].id)).statusCode).toBe(402);
    // A change of settings now would discard them; while paying or once paid it is refused.
    await query(h.db, "update bureau_files set status = 'paid', paid_at = 1 where id = $1", [file.id]);
    expect((await b.api(E.putAddressSettings, { query: { fileId: file.id }, body: { usePAF: false } })).status).toBe(409);
    expect((await b.api(E.discardResults, { query: { fileId: file.id } })).status).toBe(409);
    const id = okBody(await b.api(E.getResultsFileId, { query: { fileId: file.id } }));
    expect(id).toEqual({ fileServerId: zips.rows[0].id, fileName: resultsFileName });

    const token = headers.authorization.replace('Bearer ', '');
    const download = await zipOf(h.app, headers, id.fileServerId, token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`attachment; filename="${resultsFileName}"`);
    const entries = unzip(download.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['Cleansed.csv', 'Duplicates.csv', 'Errors.csv', 'Summary.html', 'Suppressed.csv']);
    expect(csvLines(entries.get('Cleansed.csv'))).toHaveLength(61);
    expect(csvLines(entries.get('Duplicates.csv'))).toHaveLength(7);
    const errors = csvLines(entries.get('Errors.csv'));
    expect(errors.slice(1).map((l) => l.split(',')[0])).toEqual(['68', '69', '70']);
    const summary = entries.get('Summary.html')!.toString('utf8');
    expect(summary).not.toMatch(/<script|src=|href=/);
    expect(summary.match(/<svg/g)).toHaveLength(4);
    // Another owner's session (another account) gets nothing, with or without the token.
    const other = await signedInOwner(h, 'uk');
    expect((await zipOf(h.app, other.headers, id.fileServerId)).statusCode).toBe(404);
    expect((await zipOf(h.app, {}, id.fileServerId)).statusCode).toBe(401);
  });

  it('discards results when a setting changes or on request, and refuses changes while the job runs', async () => {
    const { file, b } = await ownerWithFile(h, fileWith(30, 0, 0));
    await b.api(E.putInputFields, { query: { fileId: file.id }, body: { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] } });
    await query(h.db, "update bureau_files set status = 'running' where id = $1", [file.id]);
    const busy = await b.api(E.putAddressSettings, { query: { fileId: file.id }, body: { usePAF: false } });
    expect(busy.status).toBe(409);
    expect(msgOf(busy)).toMatch(/being made/);
    await query(h.db, "update bureau_files set status = 'ready' where id = $1", [file.id]);

    expect((await b.results(file.id)).status).toBe('results');
    const changed = okBody(await b.api(E.putAddressSettings, { query: { fileId: file.id }, body: { usePAF: false } }));
    expect(changed.status).toBe('ready');
    expect((await b.api(E.getResultsFileId, { query: { fileId: file.id } })).status).toBe(409);

    expect((await b.results(file.id)).status).toBe('results');
    const discarded = okBody(await b.api(E.discardResults, { query: { fileId: file.id } }));
    expect(discarded.status).toBe('discarded');
    const zips = await query(h.db, 'select id from uploads where file_prefix = $1 and account_id = (select account_id from bureau_files where id = $2)', [resultsFileName, file.id]);
    expect(zips.rows).toEqual([]);
  });
});

describe('another user', () => {
  it("cannot queue or read another account's results", async () => {
    const { file } = await ownerWithFile(h, fileWith(3, 0, 0));
    const b = bureau(h, (await signedInOwner(h, 'uk')).headers);
    for (const entry of [E.getResults, E.getTestResults, E.getResultsFileId]) expect((await b.api(entry, { query: { fileId: file.id } })).status, entry.path).toBe(404);
    expect((await b.api(E.createResults, { query: { fileId: file.id } })).status).toBe(404);
  });
});

describe('a file left queued', () => {
  it('by a process that died before sending its job is queued again by the sweep, and made once', async () => {
    const { file, b } = await ownerWithFile(h, fileWith(20, 0, 0));
    await b.api(E.putInputFields, { query: { fileId: file.id }, body: { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] } });
    const deps = depsOf(h.app);
    const now = secondsOf(deps.clock);
    // Marked queued, as createresults does first, and no job sent: just under the limit, then over it.
    await query(h.db, "update bureau_files set status = 'queued', updated_at = $2 where id = $1", [file.id, now - strandedAfterSeconds + 5]);
    expect(await requeueStranded(deps)).toBe(0);
    await query(h.db, 'update bureau_files set updated_at = $2 where id = $1', [file.id, now - strandedAfterSeconds - 5]);
    // Twice, as two processes' sweeps might: the singleton key keeps one run.
    expect(await requeueStranded(deps)).toBe(1);
    await requeueStranded(deps);
    const done = await waitForStatus(b, file.id, ['results', 'failed']);
    expect(done.status, JSON.stringify(done)).toBe('results');
    const zips = await query(h.db, 'select id from uploads where file_prefix = $1 and account_id = (select account_id from bureau_files where id = $2)', [resultsFileName, file.id]);
    expect(zips.rows).toHaveLength(1);
    expect(await requeueStranded(deps)).toBe(0);
  });
});
