// Bad input through the bureau API, end to end: a file with a BOM, mixed line endings, an
// unbalanced quote, a 1 MB field, bytes that are not UTF-8 and 10,000 malformed rows among good ones
// is read, cleansed and zipped: every good row is in the output, every bad one in Errors.csv with its
// line and the reason. PGlite by default, PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileResults } from '../../../contract/bureau/entities';
import * as E from '../../../contract/bureau/endpoints';
import { okBody } from '../support/api';
import { query } from '../support/harness';
import { createBureauHarness, csvLine, csvLines, ownerWithFile, referenceHeader, referenceRow, ukIndex, unzip, zipOf } from './fixtures';

let h: Awaited<ReturnType<typeof createBureauHarness>>;
beforeAll(async () => {
  h = await createBureauHarness({ BUREAU_PROGRESS_ROWS: '2000' });
}, 120_000);
afterAll(() => h?.close());

describe('a file full of bad input', () => {
  it('keeps every good row and lists every bad one with its reason', { timeout: 180_000 }, async () => {
    const index = ukIndex(h.app);
    const good = 1500;
    const malformed = 10_000;
    const endings = ['\r\n', '\n', '\r'];
    const parts: Buffer[] = [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvLine(referenceHeader) + '\r\n')];
    let goodWritten = 0;
    let malformedWritten = 0;
    for (let i = 0; i < good; i++) {
      const row = referenceRow(index, (i * 11) % index.size, `Person ${i}`);
      if (i === 700) row[0] = 'x'.repeat(1_000_000);
      let bytes = Buffer.from(csvLine(row) + endings[i % 3]);
      // Not UTF-8: a Latin-1 é in a name.
      if (i === 900) bytes = Buffer.concat([Buffer.from('Ren'), Buffer.from([0xe9]), Buffer.from(csvLine(row).slice(row[0].length) + '\n')]);
      parts.push(bytes);
      goodWritten++;
      // Seven malformed rows after most good ones: 10,000 in all.
      for (let k = 0; k < 7 && malformedWritten < malformed; k++) {
        parts.push(Buffer.from('too,few,fields\n'));
        malformedWritten++;
      }
      if (i === 1000) parts.push(Buffer.from('"Unclosed quote,1 High Street,,,TOWN,AB1 2CD\n'));
    }
    const { file, b, headers } = await ownerWithFile(h, Buffer.concat(parts));
    expect(file.inputFields[0].name).toBe('Name');
    expect(file.rowCount).toBe(good + malformed + 1);
    await b.api(E.putInputFields, { query: { fileId: file.id }, body: { inputFields: [{ inputOrder: 0, mappingType: 'name', mappingOrder: 1 }] } });
    const done = await b.results(file.id, 150_000);
    expect(done.status, JSON.stringify(done)).toBe('results');
    const results = done.results as FileResults;
    expect(results.inputRecordCount).toBe(goodWritten + malformed + 1);
    expect(results.errorCount).toBe(malformed + 1);
    expect(results.outputGroupStats.cleansed + results.outputGroupStats.suppressed).toBe(goodWritten);

    await query(h.db, "update bureau_files set status = 'paid' where id = $1", [file.id]);
    const { fileServerId } = okBody(await b.api(E.getResultsFileId, { query: { fileId: file.id } }));
    const zip = unzip((await zipOf(h.app, headers, fileServerId)).rawPayload);
    const errors = csvLines(zip.get('Errors.csv')).slice(1);
    expect(errors).toHaveLength(malformed + 1);
    expect(errors.filter((e) => e.includes('columnCount'))).toHaveLength(malformed);
    expect(errors.filter((e) => e.includes('unbalancedQuotes'))).toHaveLength(1);
    const cleansed = csvLines(zip.get('Cleansed.csv'));
    const suppressed = csvLines(zip.get('Suppressed.csv'));
    expect(cleansed.length - 1 + suppressed.length - 1).toBe(goodWritten);
    expect(cleansed.some((l) => l.includes('could not be read as UTF-8'))).toBe(true);
    expect(cleansed.some((l) => l.includes('x'.repeat(1000)))).toBe(true);
  });
});
