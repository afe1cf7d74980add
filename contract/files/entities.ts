import { z } from 'zod';

// The file server of spec section 7 (one per territory): chunked uploads verified by SHA-256 at the
// end, resumable, and the download of a stored file.

export { uploadChunkBytes } from '../shared/bureau';

/** An upload's id: 32 lower-case hex digits, random (never a path: the storage folder is named by it). */
export const fileId = z.string().regex(/^[0-9a-f]{32}$/, 'A file id is 32 hexadecimal digits');

/** A SHA-256 digest in hex, as the browser computes it over the whole file. */
export const sha256Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'The hash is the SHA-256 of the file: 64 hexadecimal digits');

export const uploadStatuses = ['open', 'complete'] as const;
export type UploadStatus = (typeof uploadStatuses)[number];

/** Where an upload stands, so the browser can resume after a reload from the chunks the server holds. */
export const uploadState = z.object({
  fileId,
  /** The file prefix given at begin (the file's name as the user chose it). */
  filePrefix: z.string(),
  status: z.enum(uploadStatuses),
  /** The total size declared at begin, or null when none was given. */
  size: z.number().int().nullable(),
  /** How many chunks the file has when its size was declared, else null. */
  chunks: z.number().int().nullable(),
  /** The chunk indexes the server holds, in order (always 0 .. n-1: chunks are taken in order). */
  held: z.array(z.number().int()),
  /** The next chunk the server expects. */
  nextIdx: z.number().int(),
  /** Bytes held so far. */
  bytes: z.number().int(),
  /** The chunk size the server takes (spec section 9). */
  chunkBytes: z.number().int(),
  /** The file's SHA-256 once the upload is complete. */
  sha256: z.string().nullable(),
});
export type UploadState = z.infer<typeof uploadState>;
