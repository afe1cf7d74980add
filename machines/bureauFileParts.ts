import type { UploadState } from '../contract/files/entities';
import { uploadChunkBytes } from '../contract/files/entities';

// The types and pure arithmetic of the bureau file machine (./bureauFile.ts): what its effects take
// and give, the upload's progress and time left, and the retry backoff.

/** The file the user picked, as the machine needs it: its identity and its bytes (read by the effects). */
export type ChosenFile = { name: string; size: number; lastModified: number; data: Blob };

/**
 * What the browser keeps per account (local storage) while an upload is under way, so that after a
 * reload the same file picked again resumes from the chunks the server holds.
 */
export type SavedUpload = { fileId: string; name: string; size: number; lastModified: number; hash: string };

/** Spec section 9: chunks of 10,000,000 bytes; the file is hashed in slices of the same size. */
export const chunkBytes = uploadChunkBytes;
/** A network drop is retried this many times in a row (with backoff) before the upload fails. */
export const maxRetries = 5;
/** How long to wait before the nth retry in a row (1 s, 2 s, 4 s ... at most 30 s). */
export const retryDelayMs = (retries: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, retries - 1));
/** How many times the file's page asks whether a payment made on the gateway has reached the server. */
export const maxPaymentChecks = 15;
/** How often a running test or results job is asked how far it has got. */
export const pollMs = 2000;

export const chunkCount = (size: number) => Math.max(1, Math.ceil(size / chunkBytes));
/** The byte range [start, end) of chunk (or hash slice) `idx`. */
export const sliceOf = (size: number, idx: number) => ({ start: idx * chunkBytes, end: Math.min(size, (idx + 1) * chunkBytes) });

export type HashSliceInput = { data: Blob; idx: number; start: number; end: number; last: boolean };
/** `hash` is the SHA-256 (hex) once the last slice is in, else null. */
export type HashSliceOutput = { hash: string | null };
export type BeginInput = { filePrefix: string; size: number };
export type StatusOutput = Pick<UploadState, 'status' | 'nextIdx' | 'sha256'>;
export type ChunkInput = { fileId: string; idx: number; data: Blob; start: number; end: number };
/** The next chunk the server expects, and how long this one took (measured by the effect: the machine has no clock). */
export type ChunkOutput = { nextIdx: number; ms: number };
export type EndInput = { fileId: string; hash: string };
export type CreateInput = { fileServerId: string; name: string };

/** Where a file stands on the server, which decides the page (and state) a reopened file shows. */
export const fileStages = ['mapping', 'settings', 'testing', 'tested', 'running', 'ready', 'paid', 'discarded'] as const;
export type FileStage = (typeof fileStages)[number];
export type FileStatus = { stage: FileStage; name: string };

/** A progress poll of a test or results job: `done` when its results are in. */
export type JobPoll<T> = { done: true; results: T } | { done: false; progress: number };

/** The payer's details the pay call sends (spec section 7, POST /files/results/pay). */
export type PayDetails = { name: string; email: string; companyName: string; companyAddress: string; country: string };

/** The upload's progress as the page shows it: percent, bytes and seconds left (null until measured). */
export function uploadProgress(c: { file: { size: number } | null; nextIdx: number; sessionBytes: number; sessionMs: number }) {
  const total = c.file?.size ?? 0;
  const sent = Math.min(total, c.nextIdx * chunkBytes);
  const percent = total === 0 ? 0 : Math.floor((sent / total) * 100);
  const rate = c.sessionMs > 0 ? c.sessionBytes / c.sessionMs : 0;
  const secondsLeft = rate > 0 ? Math.ceil((total - sent) / rate / 1000) : null;
  return { sent, total, percent, secondsLeft };
}

/** A failure with no response (the client's ApiFailure with status null): the network dropped. */
export function isNetworkDrop(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === null;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---- The bureau server's data as the machine holds it (the shapes are contract/bureau's) ----------

export type InputField = { name: string; row1: string; row2: string; mappingType: string; mappingOrder: number; inputOrder: number };
/** The file's columns, and a saved mapping of another file with the same columns when there is one. */
export type FieldsData = { fields: InputField[]; templateFileId: number | null; template: InputField[] | null };
export type FileSettings = Record<string, unknown>;
/** The settings the file has, and the choices the server offers (reference files, dedupe levels ...). */
export type SettingsData = { settings: FileSettings; options: Record<string, unknown> };
export type TestResults = Record<string, unknown>;
export type FileResults = Record<string, unknown>;
export type Costs = Record<string, unknown>;
