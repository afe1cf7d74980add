// Every output file of a results zip read back with csv-parse: a customer file with multi-line
// cells, quotes, commas, semicolons, tabs, formulas and non-ASCII letters, through the real upload,
// mapping and results job; each file holds exactly the records the results count, and every input
// column comes back as it was (but for the ' of a formula, contract/shared/csv.ts). And files in
// other encodings than UTF-8: Windows-1252 as Excel saves it, UTF-16 with a byte order mark, and
// the encoding chosen on the mapping page (PUT /files/encoding), each read back unchanged in the outputs.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import type { FileResults } from '../../../contract/bureau/entities';
import * as E from '../../../contract/bureau/endpoints';
import { neutraliseFormula } from '../../../contract/shared/csv';
import { suppressionEntriesPerType } from '../../../server/modules/bureau/catalogue';
import { sampleSuppressionList } from '../../../server/engines/cleanse/suppress';
import { okBody } from '../support/api';
import { query } from '../support/harness';
import { createBureauHarness, csvLine, ownerWithFile, referenceRow, ukIndex, unzip, zipOf, type Bureau } from './fixtures';

let h: Awaited<ReturnType<typeof createBureauHarness>>;
beforeAll(async () => {
  h = await createBureauHarness();
}, 120_000);
afterAll(() => h?.close());

const header = ['Name', 'Address 1', 'Address 2', 'Address 3', 'Town', 'Postcode', 'Notes', 'Spend (£)', 'Ref'];
const mapping = [['name', 1], ['address', 1], ['address', 2], ['address', 3], ['town', 1], ['postcode', 1], ['ignore', 0], ['ignore', 0], ['ignore', 0]] as const;
const notes = [
  'Called twice.\nLeft a message; will call back',
  'Line one\n\nLine three, after a blank line',
  'Said "not today", then "yes"',
  '=HYPERLINK("http://x","y")',
  '+44 20 7946 0958',
  'Tab\there; semi;colon, comma',
  'Zoë Ångström — café «über» 東京',
  'semi;colon only',
  'tab\tonly',
  '@SUM(A1)\nsecond line',
  '',
];

type Files = Record<'cleansed' | 'duplicates' | 'suppressed' | 'errors', string[][]>;

/** The file's results made and marked paid, and the zip's entries. */
async function resultsOf(b: Bureau, headers: Record<string, string>, fileId: number) {
  const done = await b.results(fileId);
  expect(done.status, JSON.stringify(done)).toBe('results');
  await query(h.db, "update bureau_files set status = 'paid', paid_at = 1 where id = $1", [fileId]);
  const id = okBody(await b.api(E.getResultsFileId, { query: { fileId } }));
  const zip = await zipOf(h.app, headers, id.fileServerId);
  expect(zip.statusCode).toBe(200);
  return { results: done.results as FileResults, entries: unzip(zip.rawPayload) };
}

const read = (entries: Map<string, Buffer>, name: string) => parseCsv(entries.get(name)!, { bom: true }) as string[][];

describe('the output files read back', () => {
  it('hold exactly the records the results count, every input column as it was', async () => {
    const index = ukIndex(h.app);
    const records: string[][] = [];
    for (let i = 0; i < 30; i++) records.push([...referenceRow(index, (i * 29 + 3) % index.size, i % 7 === 0 ? `Zoë O'Brien-Ångström ${i}` : `Person ${i}`), notes[i % notes.length], `${i * 10}.50`, `R${i}`]);
    // Duplicates of people 3 to 8 (same name and address), with notes of their own.
    for (let i = 3; i < 9; i++) records.push([...records[i].slice(0, 6), notes[(i + 4) % notes.length], '0', `D${i}`]);
    // People on the deceased list (suppressed by default).
    const listed = sampleSuppressionList(index, suppressionEntriesPerType).filter((e) => e.type === 'deceased').slice(0, 4);
    for (const [i, e] of listed.entries()) {
      const a = e.address;
      records.push([a.name, a.lines[0] ?? '', a.lines[1] ?? '', a.lines[2] ?? '', a.town, a.postcode, notes[i], '1', `S${i}`]);
    }
    const lines = [csvLine(header), ...records.map((r) => csvLine(r))];
    // Records that cannot be read: too few fields, one of them spanning lines.
    lines.splice(5, 0, 'just,"two\nlines"');
    lines.splice(20, 0, '=cmd|x,1,2');
    const { file, b, headers } = await ownerWithFile(h, lines.join('\r\n') + '\r\n', { delimiter: ',' });
    okBody(await b.api(E.putInputFields, { query: { fileId: file.id }, body: { inputFields: mapping.map(([mappingType, mappingOrder], inputOrder) => ({ inputOrder, mappingType, mappingOrder })) } }));
    okBody(await b.api(E.putDedupeSettings, { query: { fileId: file.id }, body: { settingId: 3 } }));
    okBody(await b.api(E.putDedupeSeparateFile, { query: { fileId: file.id }, body: { separateFile: true } }));
    okBody(await b.api(E.putFileOutputGroups, { query: { fileId: file.id }, body: { outputGroupIds: [1, 2, 3, 4, 5] } }));
    const { results, entries } = await resultsOf(b, headers, file.id);
    expect(results.outputGroupStats).toEqual({ cleansed: 30, duplicates: 6, suppressed: 4, errors: 2 });
    expect([...entries.keys()].sort()).toEqual(['Cleansed.csv', 'Duplicates.csv', 'Errors.csv', 'Summary.html', 'Suppressed.csv']);

    const files: Files = { cleansed: read(entries, 'Cleansed.csv'), duplicates: read(entries, 'Duplicates.csv'), suppressed: read(entries, 'Suppressed.csv'), errors: read(entries, 'Errors.csv') };
    // Records as the results count them, each as wide as its header.
    for (const [group, rows] of Object.entries(files) as [keyof Files, string[][]][]) {
      expect(rows.length - 1, group).toBe(results.outputGroupStats[group]);
      for (const row of rows) expect(row.length, `${group}: ${JSON.stringify(row)}`).toBe(rows[0].length);
    }
    expect(results.inputRecordCount).toBe(42);
    // Every input column of every kept record, as it was.
    const byRef = new Map(records.map((r) => [r[8], r]));
    for (const rows of [files.cleansed, files.duplicates, files.suppressed]) {
      const [head, ...body] = rows;
      const from = head.indexOf('Input: Name');
      expect(head.slice(from, from + header.length)).toEqual(header.map((n) => `Input: ${n}`));
      for (const row of body) {
        const input = row.slice(from, from + header.length);
        expect(input, JSON.stringify(row)).toEqual(byRef.get(input[8])!.map(neutraliseFormula));
      }
    }
    const refs = (rows: string[][]) => rows.slice(1).map((r) => r[r.length - 2]).sort();
    expect(refs(files.duplicates)).toEqual(['D3', 'D4', 'D5', 'D6', 'D7', 'D8']);
    expect(refs(files.suppressed)).toEqual(['S0', 'S1', 'S2', 'S3']);
    // Each unreadable record with the line it begins on (lines before it may hold line breaks in their cells).
    const lineOf = (text: string) => String(lines.slice(0, lines.indexOf(text)).join('\r\n').split(/\r\n|\n/).length + 1);
    expect(files.errors.slice(1).map((r) => [r[0], r[3]])).toEqual([[lineOf('just,"two\nlines"'), 'just,"two\nlines"'], [lineOf('=cmd|x,1,2'), "'=cmd|x,1,2"]]);

    // As a spreadsheet splitting on ; (Excel where that is the list separator) would: a cell holding a
    // comma, semicolon, tab, quote or line break is quoted, so it cannot spill into the next cell.
    const text = entries.get('Cleansed.csv')!.toString('utf8');
    for (const note of notes.filter((n) => /[,;\t"\n]/.test(n))) expect(text, note).toContain(`"${neutraliseFormula(note).replace(/"/g, '""')}"`);
    expect(text.startsWith('\uFEFF')).toBe(true);
  });
});

/** `text` in Windows-1252, as Excel's "CSV (Comma delimited)" saves it. */
function windows1252(text: string): Buffer {
  const extra: Record<string, number> = { '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };
  return Buffer.from([...text].map((c) => extra[c] ?? (c.charCodeAt(0) <= 0xff ? c.charCodeAt(0) : 0x3f)));
}
/** `text` in UTF-16 with its byte order mark. */
const utf16 = (text: string, order: 'le' | 'be') => {
  const le = Buffer.from(`\uFEFF${text}`, 'utf16le');
  return order === 'le' ? le : le.swap16();
};

describe('a file in another encoding', () => {
  const encodedHeader = ['Name', 'Address 1', 'Address 2', 'Address 3', 'Town', 'Postcode', 'Spend (£)', 'Note'];
  const people = ['Émile Zola', 'Zoë O’Brien', 'François Müller', 'Ana Núñez'];
  function text(): { text: string; rows: string[][] } {
    const index = ukIndex(h.app);
    const rows = people.map((p, i) => [...referenceRow(index, (i * 31 + 7) % index.size, p), `£${i * 12}.99`, i % 2 ? 'déjà vu – “quoted”, €5' : 'naïve']);
    return { text: [csvLine(encodedHeader), ...rows.map((r) => csvLine(r))].join('\r\n') + '\r\n', rows };
  }
  const inputsOf = (rows: string[][]) => {
    const from = rows[0].indexOf('Input: Name');
    return { head: rows[0].slice(from, from + encodedHeader.length), body: rows.slice(1).map((r) => r.slice(from, from + encodedHeader.length)) };
  };
  async function cleansed(b: Bureau, headers: Record<string, string>, fileId: number) {
    // The automatic mapping confirmed as it is.
    const now = okBody(await b.api(E.getFile, { query: { fileId } }));
    okBody(await b.api(E.putInputFields, { query: { fileId: fileId }, body: { inputFields: now.inputFields.map(({ inputOrder, mappingType, mappingOrder }) => ({ inputOrder, mappingType, mappingOrder })) } }));
    okBody(await b.api(E.putFileOutputGroups, { query: { fileId: fileId }, body: { outputGroupIds: [1, 2, 3, 4, 5] } }));
    const { results, entries } = await resultsOf(b, headers, fileId);
    return { results, rows: read(entries, 'Cleansed.csv'), summary: entries.get('Summary.html')!.toString('utf8'), errors: read(entries, 'Errors.csv') };
  }

  it('Windows-1252 (Excel) is detected and read: "Émile" and "Spend (£)" come out unchanged', async () => {
    const { text: csv, rows } = text();
    const { file, b, headers } = await ownerWithFile(h, windows1252(csv));
    expect([file.encoding, file.detectedEncoding]).toEqual(['windows-1252', 'windows-1252']);
    expect(file.inputFields.map((f) => f.name)).toEqual(encodedHeader);
    expect(file.inputFields[0].row1).toBe('Émile Zola');
    const fields = okBody(await b.api(E.getInputFields, { query: { fileId: file.id } }));
    expect([fields.encoding, fields.detectedEncoding]).toEqual(['windows-1252', 'windows-1252']);
    const test = okBody(await b.api(E.getTestResults, { query: { fileId: file.id } }));
    expect(test.rows.map((r) => r.before)).toEqual(rows);
    const out = await cleansed(b, headers, file.id);
    const { head, body } = inputsOf(out.rows);
    expect(head).toEqual(encodedHeader.map((n) => `Input: ${n}`));
    expect(body).toEqual(rows);
    expect(out.results.warningCount).toBe(0);
    expect(out.summary).toContain('read as Windows-1252');
  });

  it('UTF-16 with a byte order mark, little- and big-endian, is read', async () => {
    const { text: csv, rows } = text();
    for (const order of ['le', 'be'] as const) {
      const { file, b, headers } = await ownerWithFile(h, utf16(csv, order));
      expect(file.encoding).toBe(`utf-16${order}`);
      expect(file.rowCount).toBe(people.length);
      expect(file.inputFields.map((f) => f.name)).toEqual(encodedHeader);
      const { body } = inputsOf((await cleansed(b, headers, file.id)).rows);
      expect(body).toEqual(rows);
    }
  });

  it('another encoding chosen reads the file again; characters it cannot read are counted and said, not reported as 0', async () => {
    const { text: csv, rows } = text();
    const { file, b, headers } = await ownerWithFile(h, windows1252(csv));
    // Read as UTF-8, the Windows-1252 letters cannot be read: the sample says so with \uFFFD...
    const asUtf8 = okBody(await b.api(E.putEncoding, { query: { fileId: file.id }, body: { encoding: 'utf-8' } }));
    expect([asUtf8.encoding, asUtf8.detectedEncoding]).toEqual(['utf-8', 'windows-1252']);
    expect(asUtf8.inputFields[0].row1).toBe('\uFFFDmile Zola');
    expect(asUtf8.inputFields[6].name).toBe('Spend (\uFFFD)');
    const test = okBody(await b.api(E.getTestResults, { query: { fileId: file.id } }));
    expect(test.rows[0].before[0]).toBe('\uFFFDmile Zola');
    // ... and the results count the records and say which, rather than 0 errors and nothing else.
    const wrong = await cleansed(b, headers, file.id);
    expect(wrong.results.warningCount).toBe(people.length);
    expect(wrong.summary).toMatch(/4 records were cleansed with a warning: a character that could not be read as UTF-8 was replaced/);
    expect(wrong.rows.slice(1).map((r) => r[r.length - 1])).toEqual(people.map(() => 'characters that could not be read as UTF-8 were replaced with \uFFFD'));

    // Chosen back: the file reads as it was, in a file not yet paid for.
    const { file: again, b: b2, headers: h2 } = await ownerWithFile(h, windows1252(csv));
    okBody(await b2.api(E.putEncoding, { query: { fileId: again.id }, body: { encoding: 'utf-8' } }));
    const back = okBody(await b2.api(E.putEncoding, { query: { fileId: again.id }, body: { encoding: 'windows-1252' } }));
    expect([back.encoding, back.inputFields[0].row1, back.inputFields[6].name, back.tested]).toEqual(['windows-1252', 'Émile Zola', 'Spend (£)', false]);
    expect(okBody(await b2.api(E.getTestResults, { query: { fileId: again.id } })).rows[0].before[0]).toBe('Émile Zola');
    const right = await cleansed(b2, h2, again.id);
    expect(inputsOf(right.rows).body).toEqual(rows);
    expect(right.results.warningCount).toBe(0);

    // A UTF-8 file read as Windows-1252 on request: its two-byte letters read as two letters each.
    const { file: utf8File, b: b3 } = await ownerWithFile(h, csv);
    expect(utf8File.encoding).toBe('utf-8');
    expect((okBody(await b3.api(E.putEncoding, { query: { fileId: utf8File.id }, body: { encoding: 'windows-1252' } }))).inputFields[0].row1).toBe('Ã‰mile Zola');
    // Raw: an encoding not in the contract's list is what this sends.
    const refused = await b3.sendRaw('PUT', '/files/encoding', { fileId: utf8File.id }, { encoding: 'ebcdic' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose one of the encodings listed');
  });
});
