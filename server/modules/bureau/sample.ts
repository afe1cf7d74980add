import type { Readable } from 'node:stream';
import { testSampleLines, type InputField } from '../../../contract/bureau/entities';
import { splitLines } from '../../engines/cleanse/lines';
import { applyTemplate, autoMap, columnSignature } from '../../engines/cleanse/mapping';
import { detectDelimiter, detectHeader, endsInQuote, MAX_SPAN, parseDelimited, sampleEvenly, type Delimiter, type ParseItem, type ParseMeta } from '../../engines/cleanse/parse';
import { badRequest } from '../../errors';

// Reading an uploaded file for POST /files (spec section 9): the first chunk is read with the
// engine (delimiter, header), up to 300 records are sampled evenly from it as the free test's file,
// the rows are counted by streaming the whole file, and the columns are mapped.

export const fileMessages = {
  empty: 'The file is empty: upload a file with a header or data rows',
  binary: 'The file is not text (it holds binary data): upload a CSV or delimited text file',
  noRows: 'The file has no data rows: upload a file with at least one record',
} as const;

/** The first `limit` bytes of a stream (the first chunk of the upload); whole when that is all of it. */
export async function firstBytes(stream: Readable, limit: number): Promise<{ bytes: Buffer; whole: boolean }> {
  const pieces: Buffer[] = [];
  let length = 0;
  let whole = true;
  for await (const piece of stream as AsyncIterable<Buffer>) {
    pieces.push(piece);
    length += piece.length;
    if (length > limit) {
      whole = false;
      break;
    }
  }
  stream.destroy();
  return { bytes: Buffer.concat(pieces, length).subarray(0, limit), whole };
}

/** Binary rather than text: a NUL byte, or many control characters, in the first 64 KiB. */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 65_536);
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12) control++;
  }
  return head.length > 0 && control / head.length > 0.1;
}

/** The physical lines of the first chunk grouped into records by quote balance (the parser's rule), blank lines left out. */
async function recordsOf(bytes: Uint8Array, whole: boolean, delimiter: (lines: string[]) => Delimiter) {
  const lines: string[] = [];
  for await (const line of splitLines([bytes])) lines.push(line.text);
  // A chunk cut mid-file ends inside its last line: that line is left out.
  if (!whole) lines.pop();
  const d = delimiter(lines.filter((l) => l.trim()).slice(0, testSampleLines));
  const records: string[] = [];
  let open: string[] = [];
  let inQuote = false;
  for (const text of lines) {
    if (!open.length && !text.trim()) continue;
    open.push(text);
    inQuote = endsInQuote(text, d, open.length > 1 && inQuote);
    if (!inQuote || open.length >= MAX_SPAN) {
      records.push(open.join('\n'));
      open = [];
      inQuote = false;
    }
  }
  if (open.length) records.push(open.join('\n'));
  return { delimiter: d, records };
}

export async function collect(items: AsyncIterable<ParseItem>): Promise<ParseItem[]> {
  const out: ParseItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

export type FirstChunk = {
  delimiter: Delimiter;
  hasHeader: boolean;
  header: string[] | null;
  columns: number;
  /** The test sample's text: the header (when there is one) and up to 300 records taken evenly. */
  sampleText: string;
  sampleRows: number;
  /** The first data rows, for row1 and row2 and the mapping by content. */
  rows: string[][];
};

/** Reads the first chunk: 400 for an empty or binary file. */
export async function readFirstChunk(first: { bytes: Buffer; whole: boolean }, given: { delimiter?: Delimiter; hasHeader?: boolean }): Promise<FirstChunk> {
  if (!first.bytes.toString('utf8').replace(/^\uFEFF/, '').trim()) throw badRequest(fileMessages.empty);
  if (looksBinary(first.bytes)) throw badRequest(fileMessages.binary);
  const { delimiter, records } = await recordsOf(first.bytes, first.whole, (lines) => given.delimiter ?? detectDelimiter(lines));
  const hasHeader = given.hasHeader ?? detectHeader(records.slice(0, 20).map((r) => r.split(delimiter).map((c) => c.replace(/^"|"$/g, ''))));
  const body = hasHeader ? records.slice(1) : records;
  const sampled = sampleEvenly(body, testSampleLines);
  const sampleText = [...(hasHeader ? records.slice(0, 1) : []), ...sampled].join('\n') + '\n';
  const seen: { meta: ParseMeta | null } = { meta: null };
  const items = await collect(parseDelimited([sampleText], { delimiter, hasHeader, onMeta: (m) => (seen.meta = m) }));
  const firstRows = await collect(parseDelimited([[...(hasHeader ? records.slice(0, 1) : []), ...body.slice(0, 2)].join('\n') + '\n'], { delimiter, hasHeader }));
  const rowsOf = (list: ParseItem[]) => list.flatMap((i) => (i.kind === 'row' ? [i.fields] : []));
  return {
    delimiter,
    hasHeader,
    header: seen.meta?.header ?? null,
    columns: seen.meta?.columns ?? 0,
    sampleText,
    sampleRows: sampled.length,
    rows: [...rowsOf(firstRows), ...rowsOf(items).slice(2)],
  };
}

/** Records in the whole file (rows and malformed records, the header not counted), read as a stream. */
export async function countRecords(stream: AsyncIterable<Uint8Array>, options: { delimiter: Delimiter; hasHeader: boolean }) {
  let rows = 0;
  let errors = 0;
  for await (const item of parseDelimited(stream, options)) {
    if (item.kind === 'row') rows++;
    else errors++;
  }
  return { rows, errors, records: rows + errors };
}

/** The columns mapped: a saved mapping of the same columns when there is one, else automatically. */
export function mappingFor(chunk: FirstChunk, template: readonly InputField[] | null): InputField[] {
  const rows = chunk.rows;
  const fields = template ? applyTemplate(template, chunk.header, rows) : autoMap(chunk.header, rows, 'uk');
  return fields.map((f) => ({ ...f, row1: rows[0]?.[f.inputOrder] ?? '', row2: rows[1]?.[f.inputOrder] ?? '' }));
}

export const signatureOf = (chunk: Pick<FirstChunk, 'header' | 'columns' | 'delimiter'>) => columnSignature(chunk.header, chunk.columns, chunk.delimiter);
