import { parse as parseCsv, type CsvError } from 'csv-parse/sync';
import { asUtf8, type FileEncoding } from './encoding';
import { lineReader, type PhysicalLine } from './lines';
import { detectDelimiter, detectHeader, endsInQuote, type Delimiter } from './shape';

// Streaming reading of a customer's delimited file. csv-parse does the field splitting; in front of
// it the file's bytes are turned into UTF-8 from their encoding (encoding.ts), and a line layer
// (lines.ts) decodes UTF-8 per line, so one bad byte flags one line, and this file
// groups lines into records by quote balance with a bounded look-ahead. A quote that never closes
// therefore costs its own line only: after MAX_SPAN lines the record is given up as an error and the
// lines after its first are read again as records, so no good row behind it is lost. csv-parse parses
// a batch of whole records in one synchronous call with skip_records_with_error: when it returns one
// record per record fed and skipped none (the usual case) they line up; else the batch is parsed
// again record by record, so a refused record is told apart from its neighbours.

export const MAX_FIELD = 1 << 20;
/** Lines a quoted field may span before its opening quote is taken to be unbalanced. */
export const MAX_SPAN = 50;
const SAMPLE_LINES = 300;
/** A batch is sent once it holds 512 records or this many characters: one synchronous step stays short whatever the records' width. */
const BATCH_CHARS = 256 * 1024;

/** invalidUtf8: a character could not be read in the file's encoding and was replaced (U+FFFD). */
export type RowIssue = 'invalidUtf8' | 'truncated';
export type ErrorCode = 'unbalancedQuotes' | 'columnCount' | 'binary' | 'invalidRecord';

export type ParseItem =
  | { kind: 'row'; line: number; fields: string[]; issues: RowIssue[] }
  | { kind: 'error'; line: number; code: ErrorCode; message: string; raw: string };

export type ParseMeta = { delimiter: Delimiter; hasHeader: boolean; header: string[] | null; columns: number };
export type ParseOptions = {
  delimiter?: Delimiter;
  hasHeader?: boolean;
  /** Whether a field may be quoted ("a, b" with "" for a quote), as the file's useQuotes says; true when left out. */
  quotes?: boolean;
  /** The file's encoding (encoding.ts); UTF-8 when left out. */
  encoding?: FileEncoding;
  onMeta?: (meta: ParseMeta) => void;
};

type Pending = { line: number; lines: PhysicalLine[] };
/** A record's physical lines as one text. */
const text = (rec: Pending) => (rec.lines.length === 1 ? rec.lines[0].text : rec.lines.map((l) => l.text).join('\n'));
/** The start of a record's text, as an error row shows it. */
const rawOf = (rec: Pending) => text(rec).slice(0, 200);

/** Parses a delimited file: yields rows and per-row errors in file order; never throws on content. */
export async function* parseDelimited(input: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array | string>, options: ParseOptions = {}): AsyncGenerator<ParseItem> {
  for await (const batch of parseDelimitedBatches(input, options)) yield* batch;
}

/** parseDelimited up to 512 items (or BATCH_CHARS of records) at a time: one await per batch rather than per row, for the cleanse's passes over a whole file. */
export async function* parseDelimitedBatches(input: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array | string>, options: ParseOptions = {}): AsyncGenerator<ParseItem[]> {
  const source = lineReader(options.encoding && options.encoding !== 'utf-8' ? asUtf8(input, options.encoding) : input);
  // The sample for detection: the first lines that are not blank, held back (blank ones too, a
  // bounded number: inside a quoted field they are part of it) and then read like the rest.
  const held: PhysicalLine[] = [];
  const sample: PhysicalLine[] = [];
  let done = false;
  while (sample.length < SAMPLE_LINES && held.length < 4 * SAMPLE_LINES) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    held.push(next.value);
    if (next.value.text.trim()) sample.push(next.value);
  }
  const delimiter = options.delimiter ?? detectDelimiter(sample.map((l) => l.text));
  // Header detection on the sample's first rows split the simple way: enough to tell names from data.
  const quotes = options.quotes ?? true;
  const hasHeader = options.hasHeader ?? detectHeader(sample.slice(0, 20).map((l) => l.text.split(delimiter).map((c) => (quotes ? c.replace(/^"|"$/g, '') : c))));

  type Answer = { ok: true; fields: string[] } | { ok: false; message: string };
  const events: Answer[] = [];
  const skips: string[] = [];
  const csvOptions = {
    delimiter,
    // Without quotes a '"' is an ordinary character and every line is one record.
    quote: quotes ? '"' : false,
    relax_quotes: true,
    relax_column_count: true,
    skip_records_with_error: true,
    on_skip: (err: CsvError | undefined) => {
      skips.push(err?.message ?? 'Invalid record');
      return undefined;
    },
  };
  /** csv-parse's answer for each record of `texts` in one call; record by record when one was refused. */
  const parseBatch = (texts: string[]): Answer[] => {
    skips.length = 0;
    try {
      const records = parseCsv(texts.join('\n') + '\n', csvOptions);
      if (skips.length === 0 && records.length === texts.length) return records.map((fields) => ({ ok: true, fields }));
    } catch {
      /* told record by record below */
    }
    return texts.map((one): Answer => {
      skips.length = 0;
      try {
        const records = parseCsv(one + '\n', csvOptions);
        return skips.length === 0 && records.length === 1 ? { ok: true, fields: records[0] } : { ok: false, message: skips[0] ?? 'Invalid record' };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : 'Invalid record' };
      }
    });
  };

  let columns = -1;
  let header: string[] | null = null;
  const fed: Pending[] = [];

  const flush = (): ParseItem[] => {
    const out: ParseItem[] = [];
    // One answer per record fed, in order (send() answers the whole batch): taken by index, as
    // shifting a 512-long array per record cost more than the record's fields.
    const answers = events.splice(0);
    const recs = fed.splice(0, answers.length);
    for (let k = 0; k < answers.length; k++) {
      const ev = answers[k];
      const rec = recs[k];
      const first = rec.lines[0];
      // Per row in the common case (one clean line, short fields): no copies, no Set, no raw text
      // (and no closure made per row: under tsx each named one costs a defineProperty).
      if (!ev.ok) {
        out.push({ kind: 'error', line: rec.line, code: 'invalidRecord', message: ev.message, raw: rawOf(rec) });
        continue;
      }
      const clean = rec.lines.every((l) => l.issues.length === 0) && ev.fields.every((f) => f.length <= MAX_FIELD);
      const issues = new Set<RowIssue>(clean ? [] : rec.lines.flatMap((l) => l.issues));
      const fields = clean
        ? ev.fields
        : ev.fields.map((f) => {
            if (f.length <= MAX_FIELD) return f;
            issues.add('truncated');
            return f.slice(0, MAX_FIELD);
          });
      if (columns < 0) {
        columns = fields.length;
        if (hasHeader) {
          header = fields;
          options.onMeta?.({ delimiter, hasHeader, header, columns });
          continue;
        }
        options.onMeta?.({ delimiter, hasHeader, header, columns });
      }
      if (fields.some((f) => f.includes('\u0000'))) {
        out.push({ kind: 'error', line: first.line, code: 'binary', message: `Line ${first.line} holds binary data`, raw: rawOf(rec) });
      } else if (fields.length !== columns) {
        out.push({ kind: 'error', line: rec.line, code: 'columnCount', message: `Line ${rec.line} has ${fields.length} fields, expected ${columns}`, raw: rawOf(rec) });
      } else out.push({ kind: 'row', line: rec.line, fields, issues: clean ? [] : [...issues] });
    }
    return out;
  };

  // Records go to csv-parse in batches, each parsed whole in one synchronous call (its stream form
  // costs more than the parsing: a record's info object for on_record, and the stream's bookkeeping).
  let batch: string[] = [];
  // A one-line record with no quote character is its line split at the delimiter, which is what
  // csv-parse makes of it (no quoting to undo, nothing it could refuse): answered here at once, in
  // its place among the batch's answers; csv-parse parses the others.
  const quoteFree: Array<Answer | null> = [];
  let batchChars = 0;
  const send = () => {
    batchChars = 0;
    if (quoteFree.length === 0) return;
    const parsed = batch.length ? parseBatch(batch) : [];
    let k = 0;
    for (const answer of quoteFree) events.push(answer ?? parsed[k++]);
    quoteFree.length = 0;
    batch = [];
  };
  const feed = (rec: Pending) => {
    fed.push(rec);
    const one = rec.lines.length === 1 ? rec.lines[0].text : null;
    if (one !== null && !one.includes('"')) {
      quoteFree.push({ ok: true, fields: one.split(delimiter) });
      batchChars += one.length;
    } else {
      quoteFree.push(null);
      const whole = text(rec);
      batch.push(whole);
      batchChars += whole.length;
    }
  };

  // Lines waiting to become records; `open` is the record being grown across lines inside quotes.
  const queue: PhysicalLine[] = [...held];
  let open: Pending | null = null;
  let inQuote = false;
  const giveUp = (rec: Pending): ParseItem[] => {
    // The records before this one first, so items stay in file order.
    send();
    const out = flush();
    out.push({ kind: 'error', line: rec.line, code: 'unbalancedQuotes', message: `Line ${rec.line} opens a quote that is never closed`, raw: rec.lines[0].text.slice(0, 200) });
    queue.unshift(...rec.lines.slice(1)); // read again: they may be good rows
    return out;
  };

  for (;;) {
    let line = queue.shift();
    if (!line && !done) {
      const got = source.next();
      const next = got instanceof Promise ? await got : got;
      if (next.done) done = true;
      else line = next.value;
    }
    if (!line) {
      if (open) {
        const rec: Pending = open;
        open = null;
        inQuote = false;
        yield giveUp(rec);
        continue;
      }
      break;
    }
    if (!open && !line.text.trim()) continue;
    const rec: Pending = open ?? { line: line.line, lines: [] };
    rec.lines.push(line);
    inQuote = quotes && endsInQuote(line.text, delimiter, open !== null && inQuote);
    if (!inQuote) {
      open = null;
      feed(rec);
      if (quoteFree.length >= 512 || batchChars >= BATCH_CHARS) {
        send();
        const out = flush();
        if (out.length) yield out;
      }
    } else if (rec.lines.length >= MAX_SPAN) {
      open = null;
      inQuote = false;
      yield giveUp(rec);
    } else open = rec;
  }
  send();
  const out = flush();
  if (out.length) yield out;
  if (columns < 0) options.onMeta?.({ delimiter, hasHeader, header, columns: 0 });
}
