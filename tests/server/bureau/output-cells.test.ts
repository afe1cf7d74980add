// The output files' cells: a customer's fields that a spreadsheet would run as formulas come out of
// every output file with a leading ' (contract/shared/csv.ts), numbers and phone numbers as they
// were; and the match reason Cleansed.csv gives a row. PGlite by default, PostgreSQL with DATABASE_URL.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { matchReasonText, type FileResults } from '../../../contract/bureau/entities';
import * as E from '../../../contract/bureau/endpoints';
import { outputGroupIds, suppressionEntriesPerType } from '../../../server/modules/bureau/catalogue';
import { writeOutputs } from '../../../server/modules/bureau/output';
import type { OutputRow } from '../../../server/engines/cleanse/run';
import { sampleSuppressionList } from '../../../server/engines/cleanse/suppress';
import { okBody } from '../support/api';
import { query } from '../support/harness';
import { createBureauHarness, csvLine, ownerWithFile, referenceHeader, referenceRow, ukIndex, unzip, zipOf } from './fixtures';

let h: Awaited<ReturnType<typeof createBureauHarness>>;
beforeAll(async () => {
  h = await createBureauHarness();
}, 120_000);
afterAll(() => h?.close());

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
    const ofFile = { fileId: file.id };
    okBody(await b.api(E.putInputFields, { query: ofFile, body: { inputFields: mapping.map(([mappingType, mappingOrder], inputOrder) => ({ inputOrder, mappingType, mappingOrder })) } }));
    okBody(await b.api(E.putDedupeSettings, { query: ofFile, body: { settingId: 3 } }));
    okBody(await b.api(E.putDedupeSeparateFile, { query: ofFile, body: { separateFile: true } }));
    okBody(await b.api(E.putFileOutputGroups, { query: ofFile, body: { outputGroupIds: [1, 2, 3, 4, 5] } }));
    const done = await b.results(file.id);
    expect(done.status, JSON.stringify(done)).toBe('results');
    expect((done.results as FileResults).outputGroupStats).toEqual({ cleansed: 24, duplicates: 4, suppressed: 3, errors: 3 });

    await query(h.db, "update bureau_files set status = 'paid', paid_at = 1 where id = $1", [file.id]);
    const id = okBody(await b.api(E.getResultsFileId, { query: { fileId: file.id } }));
    const entries = unzip((await zipOf(h.app, headers, id.fileServerId)).rawPayload);
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
