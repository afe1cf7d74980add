import iconv from 'iconv-lite';
import type { FileEncoding } from '../../../contract/shared/bureau';

// The text encoding of a customer's file, and its bytes as UTF-8 for the line layer (lines.ts).
// Detection looks at the first chunk: a byte order mark names UTF-8 or UTF-16 (LE or BE); without
// one, zero bytes as every second byte are UTF-16, bytes that are valid UTF-8 are UTF-8 (ASCII is
// too), and any others are Windows-1252, the
// encoding Excel saves a "CSV (Comma delimited)" file in on a Western European Windows (it reads
// ISO-8859-1 the same way, as the WHATWG Encoding Standard does). Every byte has a character in
// Windows-1252, so that reading never fails; a file that is really another encoding reads with the
// wrong letters, which is why the mapping page says which encoding was read and lets the customer
// choose another. UTF-16 is decoded by Node's TextDecoder; Windows-1252 by iconv-lite, as Node 20's
// TextDecoder('windows-1252') reads bytes 0x80 to 0x9F as control characters (ISO-8859-1) where
// Windows-1252 has € ‚ „ … ’ “ ” – — and others. The five bytes Windows-1252 leaves undefined (0x81,
// 0x8D, 0x8F, 0x90, 0x9D) are characters it cannot read: replaced, and the line flagged.

export type { FileEncoding };

/** The encoding a byte order mark at the start of `bytes` names, or null. */
export function encodingOfBom(bytes: Uint8Array): FileEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** Whether `bytes` are UTF-8; `whole` false: the chunk may end inside a character, which is not held against it. */
function isUtf8(bytes: Uint8Array, whole: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !whole });
    return true;
  } catch {
    return false;
  }
}

/**
 * UTF-16 without a byte order mark, told by its zero bytes: text of Latin letters in UTF-16 has a
 * zero as every second byte (the high byte of each character), at odd offsets in little-endian and
 * at even ones in big-endian; no text in a one-byte encoding has zero bytes at all.
 */
function utf16ByZeros(bytes: Uint8Array): FileEncoding | null {
  const head = bytes.subarray(0, 4096 - (Math.min(bytes.length, 4096) % 2));
  if (head.length < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < head.length; i += 2) {
    if (head[i] === 0) even++;
    if (head[i + 1] === 0) odd++;
  }
  const pairs = head.length / 2;
  if (odd > pairs * 0.3 && even < pairs * 0.05) return 'utf-16le';
  if (even > pairs * 0.3 && odd < pairs * 0.05) return 'utf-16be';
  return null;
}

/** The encoding of a file from its first chunk (`whole`: the chunk is the whole file). */
export function detectEncoding(bytes: Uint8Array, whole = true): FileEncoding {
  return encodingOfBom(bytes) ?? utf16ByZeros(bytes) ?? (isUtf8(bytes, whole) ? 'utf-8' : 'windows-1252');
}

/** A byte that is never UTF-8: put where a character could not be decoded, so lines.ts flags its line. */
const notUtf8 = new Uint8Array([0xff]);
const encoder = new TextEncoder();

/** `text` as UTF-8, each U+FFFD (a character the decoder could not read) as a byte that is not UTF-8. */
function encodeMarked(text: string): Uint8Array[] {
  if (!text.includes('\uFFFD')) return [encoder.encode(text)];
  return text.split('\uFFFD').flatMap((piece, i) => (i === 0 ? [encoder.encode(piece)] : [notUtf8, encoder.encode(piece)]));
}

type Input = AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array | string>;

/**
 * The bytes of `input` in `encoding` as UTF-8, a piece at a time (a character cut between pieces is
 * joined). UTF-8 passes through as it is (lines.ts decodes it and drops its BOM); a UTF-16 BOM is
 * dropped by the decoder. A character that cannot be decoded (half a UTF-16 pair, an odd last byte)
 * becomes a byte that is not UTF-8, so the line layer replaces it and flags the line as it does a
 * bad byte of a UTF-8 file. Text pieces (already decoded) pass through.
 */
export async function* asUtf8(input: Input, encoding: FileEncoding): AsyncGenerator<Buffer | Uint8Array | string> {
  if (encoding === 'utf-8') {
    yield* input;
    return;
  }
  const decoder = decoderOf(encoding);
  for await (const piece of input) {
    if (typeof piece === 'string') yield piece;
    else yield* encodeMarked(decoder.write(piece));
  }
  const rest = decoder.end();
  if (rest) yield* encodeMarked(rest);
}

/** A decoder of `encoding` fed a piece at a time (a character cut between pieces is joined). */
function decoderOf(encoding: Exclude<FileEncoding, 'utf-8'>): { write(bytes: Uint8Array): string; end(): string } {
  if (encoding === 'windows-1252') {
    const d = iconv.getDecoder('windows-1252');
    return { write: (bytes) => d.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), end: () => d.end() ?? '' };
  }
  const d = new TextDecoder(encoding);
  return { write: (bytes) => d.decode(bytes, { stream: true }), end: () => d.decode() };
}

/** `bytes` (a first chunk, cut mid-file unless `whole`) in `encoding` as UTF-8 bytes. */
export function utf8Of(bytes: Uint8Array, encoding: FileEncoding, whole: boolean): Buffer {
  if (encoding === 'utf-8') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = decoderOf(encoding);
  const text = decoder.write(bytes) + (whole ? decoder.end() : '');
  return Buffer.concat(encodeMarked(text));
}
