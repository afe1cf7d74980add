import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse as parseCsv } from 'csv-parse/sync';
import { MAX_FIELD, MAX_SPAN, parseDelimited, type ParseItem, type ParseMeta } from '../../../server/engines/cleanse/parse';
import { detectDelimiter, detectHeader, measureRecord, sampleEvenly } from '../../../server/engines/cleanse/shape';
import { detectEncoding } from '../../../server/engines/cleanse/encoding';

/** The text (or bytes) in chunks of `size` bytes, as an upload would arrive. */
async function* chunks(data: string | Uint8Array, size = 7): AsyncGenerator<Buffer> {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

async function read(data: string | Uint8Array, size = 7, options = {}) {
  const items: ParseItem[] = [];
  const seen: { meta: ParseMeta | null } = { meta: null };
  for await (const item of parseDelimited(chunks(data, size), { ...options, onMeta: (m) => (seen.meta = m) })) items.push(item);
  const rows = items.flatMap((i) => (i.kind === 'row' ? [i] : []));
  const errors = items.flatMap((i) => (i.kind === 'error' ? [i] : []));
  return { items, rows, errors, meta: seen.meta };
}

const csv = 'name,address1,town,postcode\nJohn Smith,12 Church Road,CANNOCK,WS11 1AA\n"Jane ""JJ"" Doe","Flat 1, Mill House",STAFFORD,ST16 2BB\n';

describe('delimited files', () => {
  it('detects the delimiter and the header, and reads quotes and doubled quotes', async () => {
    for (const d of [',', ';', '\t', '|']) {
      const { rows, meta, errors } = await read(csv.replaceAll(',', d).replace('Flat 1; Mill House', 'Flat 1, Mill House'));
      expect(errors).toEqual([]);
      expect(meta).toMatchObject({ delimiter: d, hasHeader: true, header: ['name', 'address1', 'town', 'postcode'], columns: 4 });
      expect(rows.map((r) => r.line)).toEqual([2, 3]);
    }
    const { rows } = await read(csv);
    expect(rows[1].fields).toEqual(['Jane "JJ" Doe', 'Flat 1, Mill House', 'STAFFORD', 'ST16 2BB']);
  });
  it('reads quotes as ordinary characters when the file says it uses none', async () => {
    const text = 'name,note,postcode\nJohn "Jack" Smith,"12 Church Road,CANNOCK\n"Ann,x",WS11 1AA\n';
    const { rows, errors } = await read(text, 7, { quotes: false });
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.fields])).toEqual([
      [2, ['John "Jack" Smith', '"12 Church Road', 'CANNOCK']],
      [3, ['"Ann', 'x"', 'WS11 1AA']],
    ]);
    // The same line read with quotes and without.
    const line = 'name,address,postcode\nJohn Smith,"Flat 1, Mill House",ST16 2BB\n';
    expect((await read(line)).rows[0].fields).toEqual(['John Smith', 'Flat 1, Mill House', 'ST16 2BB']);
    // Without quotes the comma inside them splits the field: one field too many for the header.
    const unquoted = await read(line, 7, { quotes: false });
    expect(unquoted.rows).toEqual([]);
    expect(unquoted.errors.map((e) => [e.line, e.code])).toEqual([[2, 'columnCount']]);
  });
  it('tells a file without a header', async () => {
    const { meta, rows } = await read(csv.split('\n').slice(1).join('\n'));
    expect(meta?.hasHeader).toBe(false);
    expect(rows).toHaveLength(2);
    expect(detectHeader([['John', '12 High St', 'WS11 1AA']])).toBe(false);
    expect(detectDelimiter(['a;b;c', 'd;e;f'])).toBe(';');
  });
  it('reads an empty file and a file of blank lines as nothing, without error', async () => {
    expect((await read('')).items).toEqual([]);
    expect((await read('\n\r\n  \n')).items).toEqual([]);
  });
  it('drops a BOM and reads mixed line endings with the right line numbers', async () => {
    const { rows, meta } = await read('\uFEFFname,town\r\nA,X\rB,Y\nC,Z\r\n', 1);
    expect(meta?.header).toEqual(['name', 'town']);
    expect(rows.map((r) => [r.line, ...r.fields])).toEqual([[2, 'A', 'X'], [3, 'B', 'Y'], [4, 'C', 'Z']]);
  });
  it('keeps a quoted line break inside its field', async () => {
    const { rows, errors } = await read('name,address\nA,"1 High St\nFlat 2"\nB,x\n');
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.fields[1]])).toEqual([[2, '1 High St\nFlat 2'], [4, 'x']]);
  });
  it('gives up an unbalanced quote as an error of its line and loses no row after it', async () => {
    const good = Array.from({ length: MAX_SPAN + 20 }, (_, i) => `P${i},town${i}`);
    const { rows, errors } = await read(['name,town', 'bad,"never closed', ...good].join('\n') + '\n', 64);
    expect(errors).toMatchObject([{ kind: 'error', line: 2, code: 'unbalancedQuotes' }]);
    expect(rows.map((r) => r.fields[0])).toEqual(good.map((g) => g.split(',')[0]));
    const tail = await read('name,town\nA,B\nbad,"open at the end\nC,D\n');
    expect(tail.errors).toMatchObject([{ line: 3, code: 'unbalancedQuotes' }]);
    expect(tail.rows.map((r) => r.fields[0])).toEqual(['A', 'C']);
  });
  it('keeps an unbalanced quote\'s error in file order among many rows before it', async () => {
    // The rows before it are held in a batch for csv-parse when the quote is given up: they come first.
    const before = Array.from({ length: 700 }, (_, i) => `P${i},town${i}`);
    const { items } = await read(['name,town', ...before, 'bad,"never closed', 'Z,last'].join('\n') + '\n', 4096);
    expect(items.map((i) => i.line)).toEqual(Array.from({ length: 702 }, (_, i) => i + 2));
    expect(items[700]).toMatchObject({ kind: 'error', line: 702, code: 'unbalancedQuotes' });
  });
  it('reports a wrong column count per row', async () => {
    const { rows, errors } = await read('name,town\nA,B\nC\nD,E,F\nI,J\n');
    expect(errors.map((e) => [e.line, e.code])).toEqual([[3, 'columnCount'], [4, 'columnCount']]);
    expect(rows.map((r) => r.fields[0])).toEqual(['A', 'I']);
  });
  it('replaces invalid UTF-8 on its own line and flags it', async () => {
    const bytes = Buffer.concat([Buffer.from('name,town\nA,Caf'), Buffer.from([0xe9]), Buffer.from('\nB,Café\n')]);
    const { rows, errors } = await read(bytes, 5);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.fields[1], r.issues])).toEqual([['Caf\uFFFD', ['invalidUtf8']], ['Café', []]]);
  });
  it('reads a file in its encoding, pieces cut anywhere (inside a character too); a character it cannot read is replaced and flagged', async () => {
    const text = 'name,spend (£)\nÉmile,€5 – “ok”\nZoë,£3\n';
    const expected = [['Émile', '€5 – “ok”'], ['Zoë', '£3']];
    const cp1252 = Buffer.from([...text].map((c) => ({ '€': 0x80, '–': 0x96, '“': 0x93, '”': 0x94 })[c] ?? c.charCodeAt(0)));
    const le = Buffer.from(`\uFEFF${text}`, 'utf16le');
    const be = Buffer.from(le).swap16();
    const noBom = Buffer.from(text, 'utf16le');
    for (const [bytes, encoding] of [[cp1252, 'windows-1252'], [le, 'utf-16le'], [be, 'utf-16be'], [noBom, 'utf-16le'], [Buffer.from(`\uFEFF${text}`), 'utf-8'], [Buffer.from(text), 'utf-8']] as const) {
      expect(detectEncoding(bytes), encoding).toBe(encoding);
      for (const size of [1, 3, 7]) {
        const { rows, meta } = await read(bytes, size, { encoding });
        expect(meta?.header, `${encoding} in pieces of ${size}`).toEqual(['name', 'spend (£)']);
        expect(rows.map((r) => [r.fields, r.issues]), `${encoding} in pieces of ${size}`).toEqual(expected.map((f) => [f, []]));
      }
    }
    // A first chunk cut inside a UTF-8 character is still UTF-8.
    expect(detectEncoding(Buffer.from('a,é').subarray(0, 3), false)).toBe('utf-8');
    expect(detectEncoding(Buffer.from('a,é').subarray(0, 3), true)).toBe('windows-1252');
    // Half a UTF-16 pair, and a byte Windows-1252 leaves undefined: replaced, the line flagged.
    const lone = Buffer.concat([Buffer.from('a,b\nc,', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from('d\ne,f\n', 'utf16le')]);
    expect((await read(lone, 5, { encoding: 'utf-16le', hasHeader: false })).rows.map((r) => [r.fields, r.issues])).toEqual([[['a', 'b'], []], [['c', '\uFFFDd'], ['invalidUtf8']], [['e', 'f'], []]]);
    const undefinedByte = Buffer.from([0x61, 0x2c, 0x81, 0x0a, 0x62, 0x2c, 0xe9, 0x0a]);
    expect((await read(undefinedByte, 3, { encoding: 'windows-1252', hasHeader: false })).rows.map((r) => [r.fields, r.issues])).toEqual([[['a', '\uFFFD'], ['invalidUtf8']], [['b', 'é'], []]]);
  });
  it('cuts a field over 1 MB and flags the row; a 1 MB field is kept whole', async () => {
    const big = 'x'.repeat(MAX_FIELD + 10);
    const whole = 'y'.repeat(MAX_FIELD);
    const { rows } = await read(`name,note\nA,${big}\nB,${whole}\nC,ok\n`, 1 << 16);
    expect(rows.map((r) => [r.fields[1].length, r.issues])).toEqual([[MAX_FIELD, ['truncated']], [MAX_FIELD, []], [2, []]]);
  });
  it('survives a binary file: per-row errors or flagged rows, no crash', async () => {
    const bytes = new Uint8Array(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
    const { items } = await read(bytes, 100);
    expect(items.every((i) => i.kind === 'error' || i.issues.length >= 0)).toBe(true);
  });
  it('reports 10,000 malformed rows among good ones, one error each, and keeps every good row', async () => {
    const lines = ['name,address,town,postcode'];
    const good: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      if (i % 2 === 0) {
        good.push(`Person ${i}`);
        lines.push(`Person ${i},${i} High Street,CANNOCK,WS11 1AA`);
      } else lines.push(i % 4 === 1 ? `Broken ${i},only two` : `Broken ${i},a,b,c,d,e`);
    }
    const { rows, errors } = await read(lines.join('\n'), 1 << 16);
    expect(errors).toHaveLength(10_000);
    expect(errors.every((e) => e.code === 'columnCount')).toBe(true);
    expect(rows.map((r) => r.fields[0])).toEqual(good);
  });
  it('reads a Node Readable, and the same input always gives the same items', async () => {
    const out: ParseItem[][] = [];
    for (let k = 0; k < 2; k++) {
      const items: ParseItem[] = [];
      for await (const i of parseDelimited(Readable.from([Buffer.from(csv)]))) items.push(i);
      out.push(items);
    }
    expect(out[0]).toEqual(out[1]);
    expect(out[0]).toHaveLength(2);
  });
  it('property: reads what csv-parse reads, quoted records and quote-free lines mixed, however the bytes are cut', async () => {
    const field = fc.array(fc.constantFrom('a', 'B', '1', ' ', ',', '"', '\n', 'é'), { maxLength: 6 }).map((cs) => cs.join(''));
    const record = fc.tuple(fc.array(fc.tuple(field, fc.boolean()), { minLength: 3, maxLength: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 64 }), async (records, size) => {
        // A field is quoted when it must be (a comma, quote or line break in it) and now and then when it need not be.
        const lines = records.map(([fields]) => fields.map(([f, quote]) => (quote || /[,"\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(','));
        const text = lines.join('\n') + '\n';
        const { rows, errors } = await read(text, size, { delimiter: ',', hasHeader: false });
        expect(errors).toEqual([]);
        const oracle: string[][] = parseCsv(text, { relax_column_count: true });
        // Blank lines are skipped by both: a record whose three fields are empty is ",," (not blank).
        expect(rows.map((r) => r.fields)).toEqual(oracle);
        expect(rows.map((r) => r.fields)).toEqual(records.map(([fields]) => fields.map(([f]) => f)));
      }),
      { numRuns: 200 },
    );
  });
  it('reads wide records in batches of bounded size as csv-parse reads them whole', async () => {
    // 40 records of 300 fields (about 1.2 MB): batches are cut by size long before 512 records.
    const lines = Array.from({ length: 40 }, (_, r) => Array.from({ length: 300 }, (_, c) => (c % 7 === 0 ? `"q${r},${c} ""x"""` : `v${r}-${c}-${'w'.repeat(80)}`)).join(','));
    const text = lines.join('\n') + '\n';
    const { rows, errors } = await read(text, 65_536, { delimiter: ',', hasHeader: false });
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.fields)).toEqual(parseCsv(text, { relax_column_count: true }));
  });
  it('never throws, whatever the bytes and however they are cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 50 }), async (bytes, text, size) => {
        await read(bytes, size);
        const { items } = await read(text, size);
        for (const i of items) expect(i.line).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('measureRecord', () => {
  it('counts the fields and the longest field of a record as csv-parse reads it, without splitting it', () => {
    expect(measureRecord('a,bb,ccc', ',')).toEqual({ fields: 3, longest: 3 });
    expect(measureRecord('', ',')).toEqual({ fields: 1, longest: 0 });
    expect(measureRecord('"a,b,c",d', ',')).toEqual({ fields: 2, longest: 5 });
    expect(measureRecord('"say ""hi""";x', ';')).toEqual({ fields: 2, longest: 8 });
    // A quote inside an unquoted field is an ordinary character.
    expect(measureRecord('ab"c|d', '|')).toEqual({ fields: 2, longest: 4 });
    expect(measureRecord(new Array(400_000).fill('x').join('\t'), '\t')).toEqual({ fields: 400_000, longest: 1 });
  });
  it('property: agrees with csv-parse on well-formed records', () => {
    const field = fc.array(fc.constantFrom('a', 'B', '1', ' ', ',', '"', '\n', 'é'), { maxLength: 12 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(field, fc.boolean()), { minLength: 1, maxLength: 30 }), (fields) => {
        const text = fields.map(([f, quote]) => (quote || /[,"\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(',');
        const [parsed]: string[][] = parseCsv(text + '\n', { relax_column_count: true, skip_empty_lines: false });
        const values = parsed ?? [''];
        expect(measureRecord(text, ',')).toEqual({ fields: values.length, longest: Math.max(...values.map((v) => v.length)) });
      }),
      { numRuns: 300 },
    );
  });
});

describe('sampleEvenly', () => {
  it('takes up to 300 lines spread over the whole chunk, the first always in', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => i);
    const s = sampleEvenly(lines);
    expect(s).toHaveLength(300);
    expect(s[0]).toBe(0);
    expect(s[299]).toBeGreaterThan(990);
    expect(new Set(s).size).toBe(300);
    expect(sampleEvenly([1, 2, 3])).toEqual([1, 2, 3]);
  });
});
