import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { stringify, type Stringifier } from 'csv-stringify';
import yazl from 'yazl';
import { fileEncodingNames, matchReasonText, type FileEncoding } from '../../../contract/shared/bureau';
import { neutraliseFormula } from '../../../contract/shared/csv';
import type { OutputRow } from '../../engines/cleanse/run';
import { outputAddressLines, outputGroupIds } from './catalogue';

// The results' files, written row by row as the cleanse streams them: the cleansed file, the
// duplicates (when they go to a file of their own), the suppressed records and the errors (each with
// the line it began on and why it could not be read), then zipped with the summary report into
// AddressCleanseResults.zip by a streamed zip (yazl) that the storage takes as it comes.
// Every cell goes through the portal's one rule against CSV injection (contract/shared/csv.ts): a
// customer's text a spreadsheet would run as a formula (=HYPERLINK(...), +cmd|..., @SUM(A1)) gets a
// leading '. That ' is the one change made to the input columns, otherwise copied as they were.

export const outputFileNames = {
  cleansed: 'Cleansed.csv',
  duplicates: 'Duplicates.csv',
  suppressed: 'Suppressed.csv',
  errors: 'Errors.csv',
  summary: 'Summary.html',
} as const;

type Sink = { csv: Stringifier; out: WriteStream; path: string; rows: number };

function sink(dir: string, name: string, header: string[]): Sink {
  const path = join(dir, name);
  const out = createWriteStream(path);
  // Excel reads a UTF-8 CSV right only with a BOM.
  out.write('\uFEFF');
  // With windows record ends csv-stringify quotes a field holding \r\n but not one holding a lone \r or
  // \n (a customer's quoted field may): quoted too, so a line break in a value never ends the record.
  // So is a field holding a semicolon or a tab: a spreadsheet that splits on those (Excel where ; is
  // the list separator) then keeps the value in one cell.
  const csv = stringify({ header: true, columns: header.map(neutraliseFormula), eof: true, record_delimiter: 'windows', quoted_match: /[\r\n;\t]/ });
  csv.pipe(out);
  return { csv, out, path, rows: 0 };
}

async function put(s: Sink, record: string[]): Promise<void> {
  s.rows++;
  if (!s.csv.write(record.map(neutraliseFormula))) await once(s.csv, 'drain');
}

async function close(s: Sink): Promise<void> {
  s.csv.end();
  await once(s.out, 'close');
}

export type OutputOptions = {
  groups: readonly number[];
  /** The input columns' names (the header, or Column 1, 2, ...). */
  inputNames: readonly string[];
  separateFile: boolean;
  /** The encoding the file was read in, named in the warning of a row with a character it could not read. */
  encoding?: FileEncoding;
};

/** The columns of a kept record's file for the chosen output groups. */
export function columnsOf(options: OutputOptions): string[] {
  const on = (id: number) => options.groups.includes(id);
  return [
    'Name', 'Organisation', ...Array.from({ length: outputAddressLines }, (_, i) => `Address line ${i + 1}`), 'Town', 'County', 'Postcode',
    ...(on(outputGroupIds.match) ? ['Match code', 'Match level', 'Match reason', 'Fields changed'] : []),
    ...(on(outputGroupIds.dedupe) ? ['Dedupe flag', 'Dedupe group'] : []),
    ...(on(outputGroupIds.suppression) ? ['Suppression flags'] : []),
    ...(on(outputGroupIds.input) ? ['Input line', ...options.inputNames.map((n) => `Input: ${n}`)] : []),
  ];
}

/** Five address lines: a longer address keeps its last lines joined into the fifth. */
const linesOf = (lines: readonly string[]) => {
  const head = lines.slice(0, outputAddressLines - 1);
  const rest = lines.slice(outputAddressLines - 1).join(', ');
  return [...head, rest, ...Array(outputAddressLines).fill('')].slice(0, outputAddressLines);
};

export function recordOf(row: OutputRow, options: OutputOptions, extra: string[] = []): string[] {
  const on = (id: number) => options.groups.includes(id);
  const a = row.address;
  return [
    a.name, a.organisation, ...linesOf(a.lines), a.town, a.county, a.postcode,
    ...(on(outputGroupIds.match) ? [row.matchCode ?? '', row.matchLevel ?? '', row.matchReason ? matchReasonText[row.matchReason] : '', row.changed.join(' ')] : []),
    ...(on(outputGroupIds.dedupe) ? [row.dedupe ?? '', row.group ? String(row.group) : ''] : []),
    ...(on(outputGroupIds.suppression) ? [row.flagged.join(' ')] : []),
    ...(on(outputGroupIds.input) ? [String(row.line), ...options.inputNames.map((_, i) => row.input[i] ?? '')] : []),
    ...extra,
  ];
}

/** A row's warnings, in the Warnings column. */
const issueText = (encoding: FileEncoding) => ({
  invalidUtf8: `characters that could not be read as ${fileEncodingNames[encoding]} were replaced with \uFFFD`,
  truncated: 'a field longer than 1 MB was cut',
});

/** Writes the CSV files of the rows in `dir`; returns their names and paths, and the rows each holds. */
export async function writeOutputs(rows: AsyncIterable<OutputRow>, dir: string, options: OutputOptions) {
  const columns = columnsOf(options);
  const cleansed = sink(dir, outputFileNames.cleansed, [...columns, 'Warnings']);
  const duplicates = options.separateFile ? sink(dir, outputFileNames.duplicates, [...columns, 'Warnings']) : null;
  const suppressed = sink(dir, outputFileNames.suppressed, [...columns, 'Suppressed by']);
  const errors = sink(dir, outputFileNames.errors, ['Line', 'Error', 'Message', 'Input (first 200 characters)']);
  const text = issueText(options.encoding ?? 'utf-8');
  for await (const row of rows) {
    const warnings = row.issues.map((i) => text[i]).join('; ');
    if (row.outputGroup === 'errors') await put(errors, [String(row.line), row.error?.code ?? '', row.error?.message ?? '', row.input.join('')]);
    else if (row.outputGroup === 'suppressed') await put(suppressed, recordOf(row, options, [row.suppressed.join(' ')]));
    else if (row.outputGroup === 'duplicates' && duplicates) await put(duplicates, recordOf(row, options, [warnings]));
    else await put(cleansed, recordOf(row, options, [warnings]));
  }
  const sinks = [cleansed, duplicates, suppressed, errors].filter((s): s is Sink => s !== null);
  for (const s of sinks) await close(s);
  return sinks.map((s) => ({ name: s.path.slice(dir.length + 1), path: s.path, rows: s.rows }));
}

/** The zip of the files and the summary, as a stream (entries dated `mtime`, so a run again makes the same bytes). */
export async function* zipOf(files: readonly { name: string; path: string }[], summary: string, mtime: Date): AsyncGenerator<Uint8Array> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addFile(f.path, f.name, { mtime, mode: 0o100644 });
  zip.addBuffer(Buffer.from(summary, 'utf8'), outputFileNames.summary, { mtime, mode: 0o100644 });
  zip.end();
  for await (const piece of zip.outputStream) yield typeof piece === 'string' ? Buffer.from(piece) : piece;
}
