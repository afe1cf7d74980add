import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AssembledFile, ChunkDigest } from './fileStorage';

// What every FileStorage does the same way whatever holds the bytes (a folder, S3): the manifest of a
// sealed upload, the ids it accepts, and the checks of stored chunks against digests and bytes. A
// store gives the checks its chunks as streams of pieces and says which error means "not there".

/** A sealed upload: its file is chunks 0 .. chunks-1, read one after the other. */
export const manifestShape = z.object({ chunks: z.number().int().nonnegative(), bytes: z.number().int().nonnegative(), sha256: z.string() });
export type Manifest = z.infer<typeof manifestShape>;

export const range = (count: number) => Array.from({ length: count }, (_, idx) => idx);

/** The id names a folder or a key prefix: never let one climb out of the storage's root. */
export const safeId = (uploadId: string) => {
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(uploadId)) throw new Error(`Not a storage id: ${uploadId}`);
  return uploadId;
};

type Pieces = AsyncIterable<Uint8Array>;

/** SHA-256 and size of the bytes as they stream. */
export async function digestOf(pieces: Pieces): Promise<AssembledFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const piece of pieces) {
    hash.update(piece);
    bytes += piece.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Whether a digest the caller has can stand for chunks of these sizes (-1: missing): all there, as many bytes as it says. */
export const knownFits = (sizes: readonly number[], known: AssembledFile) => !sizes.includes(-1) && sizes.reduce((sum, size) => sum + size, 0) === known.bytes;

/** FileStorage.damagedChunk over a store's chunks. */
export async function firstDamaged(digests: readonly ChunkDigest[], chunk: (idx: number) => Pieces, missing: (error: unknown) => boolean): Promise<number | null> {
  // The hash of every chunk so far runs alongside each chunk's own, for the prefix digests.
  const prefix = createHash('sha256');
  for (const [idx, digest] of digests.entries()) {
    const own = 'chunk' in digest ? createHash('sha256') : null;
    try {
      for await (const piece of chunk(idx)) {
        prefix.update(piece);
        own?.update(piece);
      }
    } catch (error) {
      if (missing(error)) return idx;
      throw error;
    }
    const whole = 'chunk' in digest ? own!.digest('hex') === digest.chunk : prefix.copy().digest('hex') === digest.prefix;
    if (!whole) return idx;
  }
  return null;
}

/** FileStorage.holdsChunk over one chunk's pieces: exactly the bytes of `data`. */
export async function sameBytes(pieces: Pieces, data: Uint8Array, missing: (error: unknown) => boolean): Promise<boolean> {
  let at = 0;
  try {
    for await (const piece of pieces) {
      if (at + piece.length > data.length || !Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).equals(data.subarray(at, at + piece.length))) return false;
      at += piece.length;
    }
  } catch (error) {
    if (missing(error)) return false;
    throw error;
  }
  return at === data.length;
}
