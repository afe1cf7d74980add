import type { Readable } from 'node:stream';
import type { InputField } from '../../../contract/bureau/entities';
import { emptyFileMessage, fileLimitMessages, fileLimits, testSampleLines } from '../../../contract/shared/bureau';
import { splitLines, type PhysicalLine } from '../../engines/cleanse/lines';
import { detectEncoding, utf8Of, type FileEncoding } from '../../engines/cleanse/encoding';
import { applyTemplate, autoMap, columnSignature } from '../../engines/cleanse/mapping';
import { MAX_SPAN, parseDelimited, type ParseItem, type ParseMeta } from '../../engines/cleanse/parse';
import { detectDelimiter, detectHeader, endsInQuote, measureRecord, sampleEvenly, type Delimiter } from '../../engines/cleanse/shape';
import { badRequest } from '../../errors';

// Reading an uploaded file for POST /files (spec section 9): the first chunk's encoding is detected
// (or the customer's choice taken) and its text read with the engine (delimiter, header), up to 300 records are sampled evenly from it as the free test's file,
// the rows are counted by streaming the whole file, and the columns are mapped. Every record of the
// first chunk is measured against fileLimits before anything splits it into fields, so a file past
// them is refused before the heavy work starts. This runs in a worker thread (uploadReader.ts): it
// takes no deps and returns plain data.

export const fileMessages = {
  empty: emptyFileMessage,
  binary: 'The file is not text (it holds binary data): upload a CSV or delimited text file',
  noRows: 'The file has no data rows: upload a file with at least one record',
} as const;

/** The first `limit` bytes of a stream (the first chunk of the upload); whole when that is all of it. */
export async function firstBytes(stream: Readable | AsyncIterable<Uint8Array>, limit: number): Promise<{ bytes: Buffer; whole: boolean }> {
  const pieces: Uint8Array[] = [];
  let length = 0;
  let whole = true;
  for await (const piece of stream as AsyncIterable<Uint8Array>) {
    pieces.push(piece);
    length += piece.length;
    if (length > limit) {
      whole = false;
      break;
    }
  }
  if ('destroy' in stream) stream.destroy();
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

/** Bytes of `text` as UTF-8, counted only when its length leaves any doubt about the limit. */
const bytesOver = (text: string, limit: number) => (text.length * 3 <= limit ? 0 : Buffer.byteLength(text, 'utf8'));

/**
 * Refuses a record past fileLimits (400 naming the limit): its columns first (what a wide file is
 * refused for), then its bytes, then its longest field. `first` is the file's first record.
 */
function checkRecord(text: string, line: number, delimiter: Delimiter, first: boolean) {
  const { fields, longest } = measureRecord(text, delimiter);
  if (fields > fileLimits.columns) throw badRequest(fileLimitMessages.columns(fields, first ? undefined : line));
  const bytes = bytesOver(text, fileLimits.recordBytes);
  if (bytes > fileLimits.recordBytes) throw badRequest(fileLimitMessages.record(line, bytes));
  if (longest > fileLimits.fieldCharacters) throw badRequest(fileLimitMessages.field(line, longest));
}

/**
 * The physical lines of the first chunk grouped into records by quote balance (the parser's rule),
 * blank lines left out, each checked against fileLimits as it is made.
 */
async function recordsOf(bytes: Uint8Array, whole: boolean, delimiter: (lines: string[]) => Delimiter) {
  const lines: PhysicalLine[] = [];
  for await (const line of splitLines([bytes])) lines.push(line);
  // A chunk cut mid-file ends inside its last line: that line is left out, unless what was read of
  // it is already past a limit.
  const cut = whole ? undefined : lines.pop();
  const d = delimiter(
    lines
      .filter((l) => l.text.trim())
      .slice(0, testSampleLines)
      .map((l) => l.text),
  );
  if (cut) {
    const { fields } = measureRecord(cut.text, d);
    if (fields > fileLimits.columns) throw badRequest(fileLimitMessages.columns(fields, lines.some((l) => l.text.trim()) ? cut.line : undefined));
    if (bytesOver(cut.text, fileLimits.recordBytes) > fileLimits.recordBytes) throw badRequest(fileLimitMessages.record(cut.line, null));
  }
  const records: string[] = [];
  /** The file line each record began on. */
  const starts: number[] = [];
  let open: PhysicalLine[] = [];
  let inQuote = false;
  const close = () => {
    const text = open.map((l) => l.text).join('\n');
    checkRecord(text, open[0].line, d, records.length === 0);
    records.push(text);
    starts.push(open[0].line);
    open = [];
    inQuote = false;
  };
  for (const line of lines) {
    if (!open.length && !line.text.trim()) continue;
    open.push(line);
    inQuote = endsInQuote(line.text, d, open.length > 1 && inQuote);
    if (!inQuote || open.length >= MAX_SPAN) close();
  }
  if (open.length) close();
  return { delimiter: d, records, starts };
}

const lineCount = (text: string) => text.split('\n').length;

async function collect(items: AsyncIterable<ParseItem>): Promise<ParseItem[]> {
  const out: ParseItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

export type FirstChunk = {
  /** The encoding the file is read in: the one asked for, else the one detected. */
  encoding: FileEncoding;
  /** The encoding detected from the first chunk. */
  detectedEncoding: FileEncoding;
  delimiter: Delimiter;
  hasHeader: boolean;
  header: string[] | null;
  columns: number;
  /** The test sample's text (as UTF-8 whatever the file's encoding): the header (when there is one) and up to 300 records taken evenly. */
  sampleText: string;
  sampleRows: number;
  /** Where each sampled record is in the customer's file: [line in the sample, line in the file], the line each began on. */
  sampleLines: [number, number][];
  /** The first two data rows: row1 and row2 of the mapping. */
  rows: string[][];
  /** The columns mapped automatically (by header, then by the content of the sample's rows). */
  auto: InputField[];
  /** The columns' signature (columnSignature): the key of a saved mapping of the same columns. */
  signature: string;
};

/** Reads the first chunk: 400 for an empty or binary file, or one past fileLimits. */
export async function readFirstChunk(first: { bytes: Buffer; whole: boolean }, given: { delimiter?: Delimiter; hasHeader?: boolean; encoding?: FileEncoding }): Promise<FirstChunk> {
  const detectedEncoding = detectEncoding(first.bytes, first.whole);
  const encoding = given.encoding ?? detectedEncoding;
  const bytes = utf8Of(first.bytes, encoding, first.whole);
  if (!bytes.toString('utf8').replace(/^\uFEFF/, '').trim()) throw badRequest(fileMessages.empty);
  if (looksBinary(bytes)) throw badRequest(fileMessages.binary);
  const { delimiter, records, starts } = await recordsOf(bytes, first.whole, (lines) => given.delimiter ?? detectDelimiter(lines));
  const hasHeader = given.hasHeader ?? detectHeader(records.slice(0, 20).map((r) => r.split(delimiter).map((c) => c.replace(/^"|"$/g, ''))));
  const body = hasHeader ? records.slice(1) : records;
  const skip = hasHeader ? 1 : 0;
  const picked = sampleEvenly(body.map((_, i) => i + skip), testSampleLines);
  const sampled = picked.map((i) => records[i]);
  const sampleText = [...(hasHeader ? records.slice(0, 1) : []), ...sampled].join('\n') + '\n';
  // The sample's lines: the header's first, then each sampled record's, as many as it spans.
  let at = 1 + (hasHeader ? lineCount(records[0]) : 0);
  const sampleLines = picked.map((i): [number, number] => {
    const pair: [number, number] = [at, starts[i]];
    at += lineCount(records[i]);
    return pair;
  });
  const seen: { meta: ParseMeta | null } = { meta: null };
  const items = await collect(parseDelimited([sampleText], { delimiter, hasHeader, onMeta: (m) => (seen.meta = m) }));
  const firstRows = await collect(parseDelimited([[...(hasHeader ? records.slice(0, 1) : []), ...body.slice(0, 2)].join('\n') + '\n'], { delimiter, hasHeader }));
  const rowsOf = (list: ParseItem[]) => list.flatMap((i) => (i.kind === 'row' ? [i.fields] : []));
  const rows = [...rowsOf(firstRows), ...rowsOf(items).slice(2)];
  const header = seen.meta?.header ?? null;
  const columns = seen.meta?.columns ?? 0;
  return {
    encoding,
    detectedEncoding,
    delimiter,
    hasHeader,
    header,
    columns,
    sampleText,
    sampleRows: sampled.length,
    sampleLines,
    rows: rows.slice(0, 2),
    auto: autoMap(header, rows, 'uk'),
    signature: columnSignature(header, columns, delimiter),
  };
}

/** The checks of fileLimits alone over a first chunk (a test file given with the upload): 400 past them. */
export async function checkFirstChunk(first: { bytes: Buffer; whole: boolean }, delimiter: Delimiter, encoding: FileEncoding): Promise<void> {
  await recordsOf(utf8Of(first.bytes, encoding, first.whole), first.whole, () => delimiter);
}

/** Records in the whole file (rows and malformed records, the header not counted), read as a stream. */
export async function countRecords(stream: AsyncIterable<Uint8Array>, options: { delimiter: Delimiter; hasHeader: boolean; encoding: FileEncoding }) {
  let rows = 0;
  let errors = 0;
  for await (const item of parseDelimited(stream, options)) {
    if (item.kind === 'row') rows++;
    else errors++;
  }
  return { rows, errors, records: rows + errors };
}

/** The columns mapped: a saved mapping of the same columns when there is one, else automatically. */
export function mappingFor(chunk: Pick<FirstChunk, 'header' | 'rows' | 'auto'>, template: readonly InputField[] | null): InputField[] {
  const rows = chunk.rows;
  const fields = template ? applyTemplate(template, chunk.header, rows) : chunk.auto;
  return fields.map((f) => ({ ...f, row1: rows[0]?.[f.inputOrder] ?? '', row2: rows[1]?.[f.inputOrder] ?? '' }));
}
