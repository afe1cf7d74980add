import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { fileId, sha256Hex, uploadState } from './entities';

// Calls of spec section 7, File server (per territory), mounted at /api/files/uk and
// /api/files/australia. GET /upload/status is ours: the browser resumes from it after a reload.

const fileIdQuery = z.object({ fileId });

export const beginUpload = {
  query: z.object({
    filePrefix: z
      .string({ error: 'Give the file name in "filePrefix"' })
      .trim()
      .min(1, 'Give the file name in "filePrefix"')
      .max(255, 'A file name is at most 255 characters')
      .refine((name) => ![...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20), 'A file name cannot contain slashes or control characters'),
    /** Ours, optional: the file's size in bytes, so the server knows how many chunks make the file. */
    size: z.coerce.number().int('The size is whole bytes').min(0, 'The size cannot be negative').optional(),
  }),
  response: z.object({ fileId }),
} satisfies CallShape;

/** The body is the chunk's bytes (application/octet-stream); the server parses it as a buffer. */
export const chunkBody = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'Send the chunk as application/octet-stream');

export const uploadChunk = {
  query: z.object({
    fileId,
    idx: z.coerce.number({ error: 'Give the chunk index in "idx"' }).int('The chunk index is a whole number').min(0, 'The chunk index starts at 0'),
  }),
  body: chunkBody,
  response: z.object({ fileId, idx: z.number().int(), bytes: z.number().int(), nextIdx: z.number().int() }),
} satisfies CallShape;

export const endUpload = {
  query: z.object({ fileId, hash: sha256Hex }),
  response: z.object({ fileId, name: z.string(), bytes: z.number().int(), sha256: z.string() }),
} satisfies CallShape;

export const uploadStatus = { query: fileIdQuery, response: uploadState } satisfies CallShape;

/** GET /files/{id}: the stored file's bytes (the response is the file itself, not JSON). */
export const downloadFile = {
  response: z.custom<unknown>(() => true),
} satisfies CallShape;
export const downloadParams = z.object({ id: fileId });
