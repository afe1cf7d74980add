import type { BureauFile, FileCosts, FileEncoding, FileResults, InputField, SuppressSetting, TestResults } from '../contract/bureau/entities';
import type { getDedupeLevels, getFilePrices, getInputFields, getResultsReceipt, getOutputFields, getOutputGroups, getSuppressionSettings, getSuppressionTypes, listMafs } from '../contract/bureau/endpoints';
import type { ResponseOf } from '../contract/endpoint';
import type { UploadState } from '../contract/files/entities';
import { fromPromise } from 'xstate';
import { uploadChunkBytes } from '../contract/shared/bureau';

export type { FileEncoding };

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

/**
 * Where a file stands, which decides the page (and the state) its page opens at: its fields to map, its
 * properties to set (no reference file chosen yet), the free test, the results job, results to pay
 * for, paid, or discarded.
 */
export const fileStages = ['mapping', 'settings', 'testing', 'running', 'ready', 'paid', 'discarded'] as const;
export type FileStage = (typeof fileStages)[number];
export type FileStatus = { stage: FileStage; name: string; failure: string | null };

/** The stage of a file record (a failed results job goes back to its test, with why it failed). */
export function stageOf(file: Pick<BureauFile, 'status' | 'mafId' | 'name' | 'failure'>): FileStatus {
  const { status, name, failure } = file;
  const stage: FileStage =
    status === 'mapping' ? 'mapping'
    : status === 'ready' && file.mafId === null ? 'settings'
    : status === 'queued' || status === 'running' ? 'running'
    : status === 'results' ? 'ready'
    : status === 'paid' || status === 'discarded' ? status
    : 'testing';
  return { stage, name, failure: status === 'failed' ? failure : null };
}

/** A progress poll of the results job: `done` when its results are in. */
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

/**
 * The server's 409 to an upload's end: it holds fewer good chunks than the client sent (one was
 * damaged in storage and dropped): the upload resumes from where the server stands.
 */
export function isChunksMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 409;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---- The bureau server's data as the machine holds it -----------------------------------------

/** The file's columns with two sample rows, and earlier files with the same columns (templates). */
export type FieldsData = ResponseOf<typeof getInputFields>;
/** What the user sends: each column's type and order, or an earlier file's mapping to copy. */
export type Mapping = { inputFields: Pick<InputField, 'inputOrder' | 'mappingType' | 'mappingOrder'>[]; hasHeader: boolean; templateFileId?: number };

/** A file's properties as the properties page edits them (dedupeSettingId 0: no deduplication). */
export type FileSettings = {
  mafId: number | null;
  usePAF: boolean;
  dedupeSettingId: number;
  separateFile: boolean;
  suppression: { suppressGroupId: number; suppressSetting: SuppressSetting }[];
  outputGroupIds: number[];
};
/** The choices the server offers, per reference file where they depend on it. */
export type SettingsOptions = {
  mafs: ResponseOf<typeof listMafs>;
  dedupeLevels: ResponseOf<typeof getDedupeLevels>;
  suppressionTypes: ResponseOf<typeof getSuppressionTypes>;
  byMaf: Record<number, { suppression: ResponseOf<typeof getSuppressionSettings>; outputGroups: ResponseOf<typeof getOutputGroups>; outputFields: ResponseOf<typeof getOutputFields> }>;
  /** The admin prices in force for the file and its record count: each setting's price, shown before the customer commits. */
  prices: ResponseOf<typeof getFilePrices>;
};
export type SettingsData = { settings: FileSettings; options: SettingsOptions };
/** A paid file's results, what was paid with its invoice, and until when the results are kept. */
export type Receipt = ResponseOf<typeof getResultsReceipt>;
export type { TestResults, FileResults, FileCosts as Costs };

// ---- The bureau file machine's input, context and events (./bureauFile.ts) ---------------------

export type BureauFileInput = {
  start: 'upload' | 'mapping' | 'settings' | 'file';
  /** The bureau file (POST /files); null on the upload page. */
  fileId: number | null;
  /** The upload this account left unfinished (local storage), resumed when the same file is picked. */
  saved: SavedUpload | null;
  /** Back from the gateway's page with a payment made: wait until the server has it. */
  paid: boolean;
};

export type BureauFileContext = BureauFileInput & {
  /** The file's name (its breadcrumb), and where it stood on the server when its page opened. */
  name: string | null;
  stage: FileStage | null;
  fields: FieldsData | null;
  /** The mapping as the user has it so far. */
  mapping: Mapping | null;
  /** The file's properties as loaded, with the choices offered; and as the user has them so far. */
  settings: SettingsData | null;
  draft: FileSettings | null;
  test: TestResults | null;
  /** How far the results job has got, 0-100. */
  progress: number;
  results: FileResults | null;
  costs: FileCosts | null;
  /** What was paid for the results, with its invoice. */
  receipt: Receipt | null;
  /** The paid results' file on the file server (the download link is built from it). */
  download: string | null;
  /** Times the server was asked whether a payment made on the gateway has reached it. */
  checks: number;
  error: string | null;
};

export type BureauFileEvent =
  | { type: 'user.retry' }
  | { type: 'user.map'; mapping: Mapping }
  | { type: 'user.saveMapping' }
  /** Read the file again in another encoding (the mapping page's choice). */
  | { type: 'user.readAs'; encoding: FileEncoding }
  /** Copy the mapping of an earlier file with the same columns (its templateFileId). */
  | { type: 'user.useTemplate'; templateFileId: number }
  | { type: 'user.set'; settings: FileSettings }
  | { type: 'user.saveSettings' }
  | { type: 'user.editSettings' }
  | { type: 'user.createResults' }
  | { type: 'user.pay'; details: PayDetails }
  | { type: 'user.discard' };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};
type ForFile = { fileId: number };

/** The bureau file machine's calls, each a promise the app provides (src/areas/bureau/fileEffects.ts). */
export const bureauFileEffects = {
  loadStatus: fromPromise<FileStatus, ForFile>(notProvided('loadStatus')),
  loadFields: fromPromise<FieldsData, ForFile>(notProvided('loadFields')),
  saveFields: fromPromise<void, ForFile & { mapping: Mapping }>(notProvided('saveFields')),
  readAs: fromPromise<void, ForFile & { encoding: FileEncoding }>(notProvided('readAs')),
  loadSettings: fromPromise<SettingsData, ForFile>(notProvided('loadSettings')),
  saveSettings: fromPromise<void, ForFile & { settings: FileSettings }>(notProvided('saveSettings')),
  loadTest: fromPromise<TestResults, ForFile>(notProvided('loadTest')),
  createResults: fromPromise<void, ForFile>(notProvided('createResults')),
  pollResults: fromPromise<JobPoll<FileResults>, ForFile>(notProvided('pollResults')),
  loadCosts: fromPromise<FileCosts, ForFile>(notProvided('loadCosts')),
  pay: fromPromise<{ url: string }, ForFile & { details: PayDetails }>(notProvided('pay')),
  discard: fromPromise<void, ForFile>(notProvided('discard')),
  loadReceipt: fromPromise<Receipt, ForFile>(notProvided('loadReceipt')),
  loadDownload: fromPromise<{ fileServerId: string }, ForFile>(notProvided('loadDownload')),
};
