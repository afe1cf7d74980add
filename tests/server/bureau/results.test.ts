// The free test and the results job over HTTP: test results cached per settings version, the results
// job made once with its zip (cleansed, duplicates, suppressed, errors, summary), settings refused
// while it runs and discarding results after, the zip's id and download only once paid (the shop's
// fulfilment marks the file paid; here a row update stands in for it), with ?token= on a plain link.
// A customer's fields that a spreadsheet would run as formulas come out of every output file with a
// leading ' (contract/shared/csv.ts), numbers and phone numbers as they were.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { matchReasonText, resultsFileName, type BureauFile, type FileResults, type TestResults } from '../../../contract/bureau/entities';
import { depsOf } from '../../../server/app';
import { requeueStranded, strandedAfterSeconds } from '../../../server/modules/bureau/results';
import { outputGroupIds, suppressionEntriesPerType } from '../../../server/modules/bureau/catalogue';
import { writeOutputs } from '../../../server/modules/bureau/output';
import type { OutputRow } from '../../../server/engines/cleanse/run';
import { sampleSuppressionList } from '../../../server/engines/cleanse/suppress';
import { secondsOf } from '../../../server/platform/clock';
import { query } from '../support/harness';
import { bureau, createBureauHarness, csvLine, csvLines, ownerWithFile, referenceHeader, referenceRow, ukIndex, unzip, waitForStatus } from './fixtures';
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

const zipOf = async (headers: Record<string, string>, fileServerId: string, token?: string) =>
  h.inject({ method: 'GET', url: `/api/files/uk/files/${fileServerId}`, headers: token ? {} : headers, query: token ? { token } : {} });

describe('the free test', () => {
  it('cleanses the sample for the current settings, keeps the answer until a setting changes', async () => {
    const { file, b } = await ownerWithFile(h, fileWith(40, 5, 2));
    const first = await b.call('GET', '/files/testresults', { fileId: file.id });
    expect(first.statusCode, first.body).toBe(200);
    const test = first.json<TestResults>();
    expect(test.recordCount).toBe(47);
    expect(test.rows).toHaveLength(47);
    expect(test.codingStats.matched + test.codingStats.updated).toBeGreaterThanOrEqual(40);
    expect(test.outputGroupStats.errors).toBe(2);
    // Each row says how precisely it was placed: the reference addresses to their premise, the unreadable lines nowhere.
    expect(new Set(test.rows.map((r) => `${r.error ? 'error' : 'row'} ${r.matchLevel} ${r.matchReason}`))).toEqual(new Set(['row premise null', 'error null null']));
    expect(test.rows.filter((r) => r.error).map((r) => r.error)).toEqual([expect.stringMatching(/fields, expected 6/), expect.stringMatching(/fields, expected 6/)]);
    expect((await b.call('GET', '/files/detail', { fileId: file.id })).json<BureauFile>().tested).toBe(true);
    const changed = (await b.call('PUT', '/files/dedupesettings', { fileId: file.id }, { settingId: 1 })).json<BureauFile>();
    expect(changed.tested).toBe(false);
    const again = (await b.call('GET', '/files/testresults', { fileId: file.id })).json<TestResults>();
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
    const test = (await b.call('GET', '/files/testresults', { fileId: file.id })).json<TestResults>();
    expect(test.rows).toHaveLength(300);
    const lineOf = (name: string) => Number(/^Person (\d+)$/.exec(name)![1]) + 3;
    expect(test.rows.map((r) => r.line)).toEqual(test.rows.map((r) => lineOf(r.before[0])));
    expect(test.rows.at(-1)?.line).toBe(lineOf('Person 598'));
  });
});

describe('the results', () => {
  it('makes the results once, in a zip of the output files and a summary with charts', async () => {
    const { file, b, headers } = await ownerWithFile(h, fileWith(60, 6, 3));
    await b.call('PUT', '/files/inputfields', { fileId: file.id }, { inputFields: [] }).then((r) => expect(r.statusCode).toBe(400));
    expect((await b.call('PUT', '/files/createresults', { fileId: file.id })).statusCode).toBe(409);
    await b.call('PUT', '/files/inputfields', { fileId: file.id }, { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] });
    await b.call('PUT', '/files/dedupesettings', { fileId: file.id }, { settingId: 3 });
    await b.call('PUT', '/files/dedupeseparatefile', { fileId: file.id }, { separateFile: true });
    const second = await Promise.all([b.call('PUT', '/files/createresults', { fileId: file.id }), b.call('PUT', '/files/createresults', { fileId: file.id })]);
    expect(second.map((r) => r.statusCode)).toEqual([200, 200]);
    const done = await waitForStatus(b.call, file.id, ['results', 'failed']);
    expect(done.status, JSON.stringify(done)).toBe('results');
    const results = done.results as FileResults;
    expect(results).toMatchObject({ inputRecordCount: 69, errorCount: 3, dedupeStats: { child: 6, parent: 6, unique: 54 } });
    expect(results.outputGroupStats).toEqual({ cleansed: 60, duplicates: 6, suppressed: 0, errors: 3 });
    expect(done.progress.done).toBe(done.progress.total);
    // One zip for the file, kept as a complete upload.
    const zips = await query<{ id: string; status: string }>(h.db, 'select id, status from uploads where file_prefix = $1 and account_id = (select account_id from bureau_files where id = $2)', [resultsFileName, file.id]);
    expect(zips.rows).toHaveLength(1);

    // Not paid: no id, no download.
    const notPaid = await b.call('GET', '/files/results/fileid', { fileId: file.id });
    expect(notPaid.statusCode).toBe(402);
    expect((await zipOf(headers, zips.rows[0].id)).statusCode).toBe(402);
    // A change of settings now would discard them; while paying or once paid it is refused.
    await query(h.db, "update bureau_files set status = 'paid', paid_at = 1 where id = $1", [file.id]);
    expect((await b.call('PUT', '/files/addresssettings', { fileId: file.id }, { usePAF: false })).statusCode).toBe(409);
    expect((await b.call('PUT', '/files/discardresults', { fileId: file.id })).statusCode).toBe(409);
    const id = (await b.call('GET', '/files/results/fileid', { fileId: file.id })).json<{ fileServerId: string; fileName: string }>();
    expect(id).toEqual({ fileServerId: zips.rows[0].id, fileName: resultsFileName });

    const token = headers.authorization.replace('Bearer ', '');
    const download = await zipOf(headers, id.fileServerId, token);
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
    expect((await zipOf(other.headers, id.fileServerId)).statusCode).toBe(404);
    expect((await zipOf({}, id.fileServerId)).statusCode).toBe(401);
  });

  it('discards results when a setting changes or on request, and refuses changes while the job runs', async () => {
    const { file, b } = await ownerWithFile(h, fileWith(30, 0, 0));
    await b.call('PUT', '/files/inputfields', { fileId: file.id }, { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] });
    await query(h.db, "update bureau_files set status = 'running' where id = $1", [file.id]);
    const busy = await b.call('PUT', '/files/addresssettings', { fileId: file.id }, { usePAF: false });
    expect(busy.statusCode).toBe(409);
    expect(JSON.parse(busy.body).msg).toMatch(/being made/);
    await query(h.db, "update bureau_files set status = 'ready' where id = $1", [file.id]);

    expect((await b.results(file.id)).status).toBe('results');
    const changed = (await b.call('PUT', '/files/addresssettings', { fileId: file.id }, { usePAF: false })).json<BureauFile>();
    expect(changed.status).toBe('ready');
    expect((await b.call('GET', '/files/results/fileid', { fileId: file.id })).statusCode).toBe(409);

    expect((await b.results(file.id)).status).toBe('results');
    const discarded = await b.call('PUT', '/files/discardresults', { fileId: file.id });
    expect(discarded.json<BureauFile>().status).toBe('discarded');
    const zips = await query(h.db, 'select id from uploads where file_prefix = $1 and account_id = (select account_id from bureau_files where id = $2)', [resultsFileName, file.id]);
    expect(zips.rows).toEqual([]);
  });
});

describe('another user', () => {
  it("cannot queue or read another account's results", async () => {
    const { file } = await ownerWithFile(h, fileWith(3, 0, 0));
    const b = bureau(h.app, (await signedInOwner(h, 'uk')).headers);
    for (const url of ['/files/results', '/files/testresults', '/files/results/fileid']) expect((await b.call('GET', url, { fileId: file.id })).statusCode).toBe(404);
    expect((await b.call('PUT', '/files/createresults', { fileId: file.id })).statusCode).toBe(404);
  });
});

describe('a file left queued', () => {
  it('by a process that died before sending its job is queued again by the sweep, and made once', async () => {
    const { file, b } = await ownerWithFile(h, fileWith(20, 0, 0));
    await b.call('PUT', '/files/inputfields', { fileId: file.id }, { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] });
    const deps = depsOf(h.app);
    const now = secondsOf(deps.clock);
    // Marked queued, as createresults does first, and no job sent: just under the limit, then over it.
    await query(h.db, "update bureau_files set status = 'queued', updated_at = $2 where id = $1", [file.id, now - strandedAfterSeconds + 5]);
    expect(await requeueStranded(deps)).toBe(0);
    await query(h.db, 'update bureau_files set updated_at = $2 where id = $1', [file.id, now - strandedAfterSeconds - 5]);
    // Twice, as two processes' sweeps might: the singleton key keeps one run.
    expect(await requeueStranded(deps)).toBe(1);
    await requeueStranded(deps);
    const done = await waitForStatus(b.call, file.id, ['results', 'failed']);
    expect(done.status, JSON.stringify(done)).toBe('results');
    const zips = await query(h.db, 'select id from uploads where file_prefix = $1 and account_id = (select account_id from bureau_files where id = $2)', [resultsFileName, file.id]);
    expect(zips.rows).toHaveLength(1);
    expect(await requeueStranded(deps)).toBe(0);
  });
});

describe('formulas in a customer file', () => {
  // OWASP's formula starts; of those, only a signed number or a phone-like value (a sign, then digits,
  // spaces, dots, parentheses and hyphens) may stay, as it can call, read or send nothing.
  const formulaStart = /^[=+\-@\t\r]/;
  const harmless = /^[+-]([\d .()-]*\d[\d .()-]*|(\d+\.?\d*|\.\d+)[eE][+-]?\d+)$/;
  const quoted = (v: string) => (formulaStart.test(v) && !harmless.test(v) ? `'${v}` : v);
  const attacks = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "=cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '\t=1+1', '\r=1+1', '-1+1'];
  const numbers = ['+44 20 7946 0958', '+447946095800', '-12.50', '+1.5e3', '0123', '1e3', '+44 (0)20 7946 0958'];
  const header = [...referenceHeader, 'Phone', 'Note', 'Ref'];

  it('come out of Cleansed, Duplicates, Suppressed and Errors with a leading quote; numbers as they were', async () => {
    const index = ukIndex(h.app);
    const records: string[][] = [];
    // Unique people, the first 8 named with a formula; a Phone of a number or a formula; a Note of a formula.
    for (let i = 0; i < 24; i++) {
      const row = referenceRow(index, (i * 17 + 5) % index.size, i < attacks.length ? attacks[i] : `Person ${i}`);
      records.push([...row, i % 2 ? numbers[i % numbers.length] : attacks[i % attacks.length], attacks[(i + 3) % attacks.length], `R${i}`]);
    }
    // Duplicates of people 10 to 13 (same name, same address), with other formulas.
    for (let i = 10; i < 14; i++) records.push([...records[i].slice(0, 6), numbers[i % numbers.length], attacks[(i + 5) % attacks.length], `D${i}`]);
    // People on the deceased list (suppressed by default).
    const listed = sampleSuppressionList(index, suppressionEntriesPerType).filter((e) => e.type === 'deceased').slice(0, 3);
    for (const [i, e] of listed.entries()) {
      const a = e.address;
      records.push([a.name, a.lines[0] ?? '', a.lines[1] ?? '', a.lines[2] ?? '', a.town, a.postcode, attacks[i], numbers[i], `S${i}`]);
    }
    const lines = [csvLine(header), ...records.map((r) => csvLine(r))];
    // Lines that cannot be read (two fields, one field): they go to Errors.csv with their text.
    const broken = ["@SUM(A1),-2+3+cmd|' /C calc'!A0", "=cmd|' /C calc'!A0", '-1+1,2'];
    lines.splice(8, 0, broken[0]);
    lines.splice(20, 0, broken[1], broken[2]);
    // The delimiter told: so many | in the formulas could pass for the delimiter.
    const { file, b, headers } = await ownerWithFile(h, lines.join('\r\n') + '\r\n', { delimiter: ',' });
    const mapping = [['name', 1], ['address', 1], ['address', 2], ['address', 3], ['town', 1], ['postcode', 1], ['ignore', 0], ['ignore', 0], ['ignore', 0]] as const;
    const put = async (url: string, body: object) => {
      const r = await b.call('PUT', url, { fileId: file.id }, body);
      expect(r.statusCode, `${url} ${r.body}`).toBe(200);
    };
    await put('/files/inputfields', { inputFields: mapping.map(([mappingType, mappingOrder], inputOrder) => ({ inputOrder, mappingType, mappingOrder })) });
    await put('/files/dedupesettings', { settingId: 3 });
    await put('/files/dedupeseparatefile', { separateFile: true });
    await put('/files/outputgroups', { outputGroupIds: [1, 2, 3, 4, 5] });
    const done = await b.results(file.id);
    expect(done.status, JSON.stringify(done)).toBe('results');
    expect((done.results as FileResults).outputGroupStats).toEqual({ cleansed: 24, duplicates: 4, suppressed: 3, errors: 3 });

    await query(h.db, "update bureau_files set status = 'paid', paid_at = 1 where id = $1", [file.id]);
    const id = (await b.call('GET', '/files/results/fileid', { fileId: file.id })).json<{ fileServerId: string }>();
    const entries = unzip((await zipOf(headers, id.fileServerId)).rawPayload);
    const read = (name: string) => parseCsv(entries.get(name)!, { bom: true }) as string[][];
    const files = { cleansed: read('Cleansed.csv'), duplicates: read('Duplicates.csv'), suppressed: read('Suppressed.csv'), errors: read('Errors.csv') };
    expect(Object.values(files).map((f) => f.length - 1)).toEqual([24, 4, 3, 3]);

    // No cell of any file starts a formula, unless it is a number or a phone number.
    for (const [name, rows] of Object.entries(files)) {
      for (const row of rows) for (const cell of row) if (formulaStart.test(cell)) expect(cell, `${name}: ${JSON.stringify(cell)}`).toMatch(harmless);
    }

    // The input columns read back as they were, but for the leading ' of a formula.
    const byRef = new Map(records.map((r) => [r[8], r]));
    for (const rows of [files.cleansed, files.duplicates, files.suppressed]) {
      const [head, ...body] = rows;
      const from = head.indexOf('Input: Name');
      expect(head.slice(from, from + header.length)).toEqual(header.map((n) => `Input: ${n}`));
      // (The reader gives a line break inside a quoted field as \n, so \r=1+1 is read as \n=1+1.)
      for (const row of body) expect(row.slice(from, from + header.length)).toEqual(byRef.get(row[from + 8])!.map((v) => quoted(v.replace(/\r\n?/g, '\n'))));
    }
    const cells = (rows: string[][]) => rows.slice(1).flat();
    expect(cells(files.cleansed)).toContain(`'=HYPERLINK("http://x","y")`);
    expect(cells(files.cleansed)).toContain('\n=1+1');
    expect(cells(files.cleansed)).toContain(`'\t=1+1`);
    for (const n of numbers) expect(cells(files.cleansed)).toContain(n);
    expect(cells(files.cleansed)).toContain(`'-2+3+cmd|' /C calc'!A0`);
    expect(cells(files.cleansed)).toContain(`'@SUM(A1)`);
    expect(cells(files.duplicates)).toContain(`'+cmd|' /C calc'!A0`);
    expect(cells(files.duplicates)).toContain(`'-1+1`);
    expect(cells(files.suppressed)).toContain(`'=cmd|' /C calc'!A0`);
    expect(cells(files.suppressed)).toContain('-12.50');
    expect(cells(files.suppressed)).toContain('+44 20 7946 0958');
    // An unreadable line's text, as it was in the file, with the same quote.
    expect(files.errors.slice(1).map((r) => r[3])).toEqual(broken.map((t) => `'${t}`));
  });

  it('a value starting with CR or a lone line break is neutralised and quoted by the writer itself', async () => {
    // The reader gives line breaks inside a field as \n, so these reach the writer only from elsewhere.
    const dir = mkdtempSync(join(tmpdir(), 'bureau-output-'));
    try {
      const input = ['\r=1+1', 'a\rb', 'c\nd', '\r', '\t@x', '-12.50', "'=kept"];
      const row: OutputRow = {
        line: 2, input, matchCode: null, matchLevel: null, matchReason: null, changed: [], address: { name: '\r@SUM(A1)', organisation: '', lines: ['1 High St'], town: 'TOWN', county: '', postcode: 'AB1 2CD' },
        dedupe: null, group: 0, suppressed: [], flagged: [], outputGroup: 'cleansed', issues: [], error: null,
      };
      const rows = async function* () { yield row; yield { ...row, line: 3, outputGroup: 'errors' as const, input: ['\r=cmd|x'], error: { code: 'columnCount' as const, message: 'm' } }; };
      const written = await writeOutputs(rows(), dir, { groups: [outputGroupIds.address, outputGroupIds.input], inputNames: input.map((_, i) => `C${i}`), separateFile: false });
      expect(written.map((w) => [w.name, w.rows])).toEqual([['Cleansed.csv', 1], ['Suppressed.csv', 0], ['Errors.csv', 1]]);
      const [, cleansed] = parseCsv(readFileSync(join(dir, 'Cleansed.csv')), { bom: true }) as string[][];
      expect(cleansed[0]).toBe("'\r@SUM(A1)");
      // Input line, the input columns, then Warnings.
      expect(cleansed.slice(-2 - input.length, -1)).toEqual(['2', "'\r=1+1", 'a\rb', 'c\nd', "'\r", "'\t@x", '-12.50', "'=kept"]);
      const [, error] = parseCsv(readFileSync(join(dir, 'Errors.csv')), { bom: true }) as string[][];
      expect(error).toEqual(['3', 'columnCount', 'm', "'\r=cmd|x"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the match reason in Cleansed.csv', () => {
  it('says a street-level row was placed on its street only, and why not at a premise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bureau-output-'));
    try {
      const row: OutputRow = {
        line: 7, input: ['7 Church Court', 'WS26 9HZ'], matchCode: 'unmatched', matchLevel: 'street', matchReason: 'premiseNotFound', changed: [],
        address: { name: '', organisation: '', lines: ['7 Church Court'], town: 'CANNOCK', county: '', postcode: 'WS26 9HZ' },
        dedupe: null, group: 0, suppressed: [], flagged: [], outputGroup: 'cleansed', issues: [], error: null,
      };
      const rows = async function* () { yield row; yield { ...row, line: 8, matchCode: 'matched' as const, matchLevel: 'premise' as const, matchReason: null }; };
      await writeOutputs(rows(), dir, { groups: [outputGroupIds.address, outputGroupIds.match], inputNames: ['A', 'B'], separateFile: false });
      const [header, street, premise] = parseCsv(readFileSync(join(dir, 'Cleansed.csv')), { bom: true }) as string[][];
      const cell = (r: string[], name: string) => r[header.indexOf(name)];
      expect(header).toContain('Match level');
      expect(header).toContain('Match reason');
      expect([cell(street, 'Match code'), cell(street, 'Match level'), cell(street, 'Match reason')]).toEqual(['unmatched', 'street', matchReasonText.premiseNotFound]);
      expect([cell(premise, 'Match level'), cell(premise, 'Match reason')]).toEqual(['premise', '']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
