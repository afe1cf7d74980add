// Physical lines of a byte stream, each decoded as UTF-8 on its own: a chunk is decoded whole when it
// is valid (the fast, usual case) and line by line only when it is not, so a bad byte marks its own
// line (replaced by U+FFFD and flagged) and no other. \r\n, \n and lone \r all end a line (mixed
// endings); a BOM at the start is dropped; a line longer than MAX_LINE bytes is cut and flagged
// rather than held in memory whole.

export const MAX_LINE = 8 << 20;

export type PhysicalLine = { line: number; text: string; issues: ('invalidUtf8' | 'truncated')[] };

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const encoder = new TextEncoder();

function decode(bytes: Uint8Array): { text: string; bad: boolean } {
  try {
    return { text: strict.decode(bytes), bad: false };
  } catch {
    return { text: lenient.decode(bytes), bad: true };
  }
}

/** Offset just past the last line end in `buf` (0 when none); a final lone \r waits for a possible \n. */
function lastBreak(buf: Uint8Array): number {
  for (let i = buf.length - 1; i >= 0; i--) {
    if (buf[i] === 10) return i + 1;
    if (buf[i] === 13 && i < buf.length - 1) return i + 1;
  }
  return 0;
}

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

export async function* splitLines(input: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array | string>): AsyncGenerator<PhysicalLine> {
  for await (const block of lineBlocks(input)) yield* block;
}

/** splitLines a chunk's lines at a time: one await per chunk read, not one per line. */
export async function* lineBlocks(input: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array | string>): AsyncGenerator<PhysicalLine[]> {
  let carry: Uint8Array = new Uint8Array(0);
  let lineNo = 0;
  let first = true;
  let cut = false; // the current line passed MAX_LINE: the rest of it is skipped
  let pendingCR = false; // the previous block ended with \r: a \n opening this one belongs to it

  const emit = function* (block: Uint8Array): Generator<PhysicalLine> {
    let bytes = block;
    if (first) {
      first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    if (pendingCR && bytes[0] === 10) bytes = bytes.subarray(1);
    pendingCR = bytes.length > 0 && bytes[bytes.length - 1] === 13;
    const whole = decode(bytes);
    const texts = whole.text.split(/\r\n|\r|\n/);
    texts.pop(); // the block ends with a line end: the last piece is empty
    if (!whole.bad) {
      for (const text of texts) yield { line: ++lineNo, text, issues: cut ? ((cut = false), ['truncated']) : [] };
      return;
    }
    // Some line is not UTF-8: find line ends in the bytes and decode each line alone.
    let start = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b !== 10 && b !== 13) continue;
      const { text, bad } = decode(bytes.subarray(start, i));
      const issues: PhysicalLine['issues'] = bad ? ['invalidUtf8'] : [];
      if (cut) {
        issues.push('truncated');
        cut = false;
      }
      yield { line: ++lineNo, text, issues };
      if (b === 13 && bytes[i + 1] === 10) i++;
      start = i + 1;
    }
  };

  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    const buf = concat(carry, bytes);
    const at = lastBreak(buf);
    if (at > 0) yield [...emit(buf.subarray(0, at))];
    carry = buf.slice(at);
    if (carry.length > MAX_LINE) {
      // Keep the line's first MAX_LINE bytes and drop the rest until its end; flagged when emitted.
      cut = true;
      const nl = carry.findIndex((b) => b === 10 || b === 13);
      carry = nl < 0 ? carry.slice(0, MAX_LINE) : concat(carry.slice(0, MAX_LINE), carry.slice(nl));
    }
  }
  if (carry.length > 0) {
    const end = carry[carry.length - 1];
    yield [...emit(end === 10 || end === 13 ? carry : concat(carry, new Uint8Array([10])))];
  }
}

/** The next physical line (undefined at the end), awaiting only when a chunk's lines are used up. */
export function lineReader(input: Parameters<typeof lineBlocks>[0]): { next(): Promise<IteratorResult<PhysicalLine>> | IteratorResult<PhysicalLine> } {
  const blocks = lineBlocks(input)[Symbol.asyncIterator]();
  let block: PhysicalLine[] = [];
  let at = 0;
  const refill = async (): Promise<IteratorResult<PhysicalLine>> => {
    for (;;) {
      const next = await blocks.next();
      if (next.done) return { done: true, value: undefined };
      block = next.value;
      at = 0;
      if (block.length > 0) return { done: false, value: block[at++] };
    }
  };
  return { next: () => (at < block.length ? { done: false, value: block[at++] } : refill()) };
}
