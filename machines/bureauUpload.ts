import { and, assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  chunkCount, isChunksMissing, isNetworkDrop, maxRetries, messageOf, retryDelayMs, sliceOf,
  type BeginInput, type ChosenFile, type ChunkInput, type ChunkOutput, type CreateInput, type EndInput,
  type HashSliceInput, type HashSliceOutput, type SavedUpload, type StatusOutput,
} from './bureauFileParts';
import { emptyFileMessage } from '../contract/shared/bureau';

// The upload of a bureau file (spec section 4, "begin upload, send chunks, end upload with hash,
// create file record"; section 9: 10,000,000-byte chunks): the first stage of the bureau file
// workflow (./bureauFile.ts invokes it on the upload page). The file is hashed slice by slice by the
// effects (a Web Worker, off the main thread), so the machine knows the progress; then the upload
// begins, or resumes from the chunks the server holds when the same file was left unfinished (a
// reload); a network drop is retried with backoff from where the server stands; the user may pause.

export type BureauUploadInput = {
  /** The upload this account left unfinished (local storage), resumed when the same file is picked. */
  saved: SavedUpload | null;
};

export type BureauUploadContext = BureauUploadInput & {
  file: ChosenFile | null;
  /** The next slice to hash; the file's SHA-256 once all are in. */
  hashIdx: number;
  hash: string | null;
  /** The file server's id of the upload (the file's fileServerId). */
  uploadId: string | null;
  /** The next chunk the server expects. */
  nextIdx: number;
  /** Bytes sent, and milliseconds spent sending them, since the upload began or resumed: the time left. */
  sessionBytes: number;
  sessionMs: number;
  /** Network drops in a row. */
  retries: number;
  /** Why the upload stopped (the client's Error modal has shown it too: spec section 8). */
  error: string | null;
  /** The bureau file made from the upload. */
  created: BureauUploadOutput | null;
};

export type BureauUploadEvent =
  | { type: 'user.choose'; file: ChosenFile }
  | { type: 'user.cancel' }
  | { type: 'user.pause' }
  | { type: 'user.resume' }
  | { type: 'user.retry' };

/** The bureau file the upload made (POST /files). */
export type BureauUploadOutput = { fileId: number; name: string };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};
const retryable = and(['networkDrop', 'canRetry']);
/** The end found a chunk damaged in storage: resume from where the server stands, like a drop. */
const resumable = and(['chunksMissing', 'canRetry']);

export const bureauUploadMachine = setup({
  types: { context: {} as BureauUploadContext, events: {} as BureauUploadEvent, input: {} as BureauUploadInput, output: {} as BureauUploadOutput },
  actors: {
    hashSlice: fromPromise<HashSliceOutput, HashSliceInput>(notProvided('hashSlice')),
    beginUpload: fromPromise<{ fileId: string }, BeginInput>(notProvided('beginUpload')),
    uploadStatus: fromPromise<StatusOutput, { fileId: string }>(notProvided('uploadStatus')),
    sendChunk: fromPromise<ChunkOutput, ChunkInput>(notProvided('sendChunk')),
    endUpload: fromPromise<{ name: string }, EndInput>(notProvided('endUpload')),
    createFile: fromPromise<BureauUploadOutput, CreateInput>(notProvided('createFile')),
  },
  actions: {
    /** Keeps the upload under way in local storage for this account (app-provided). */
    remember: (_, _params: { saved: SavedUpload }) => {},
    /** Forgets it: the file record exists, or the upload cannot be resumed (app-provided). */
    forget: () => {},
    choose: assign(({ event }) => {
      assertEvent(event, 'user.choose');
      return { file: event.file, hashIdx: 0, hash: null, uploadId: null, nextIdx: 0, sessionBytes: 0, sessionMs: 0, retries: 0, error: null };
    }),
    /** A file of no bytes is kept only to name it: nothing is hashed or sent. */
    chooseEmpty: assign(({ event }) => {
      assertEvent(event, 'user.choose');
      return { file: event.file, hashIdx: 0, hash: null, uploadId: null, nextIdx: 0, sessionBytes: 0, sessionMs: 0, retries: 0, error: emptyFileMessage };
    }),
    chunkSent: assign(({ context }, sent: ChunkOutput) => {
      const { start, end } = sliceOf(context.file!.size, context.nextIdx);
      return { nextIdx: sent.nextIdx, sessionBytes: context.sessionBytes + end - start, sessionMs: context.sessionMs + sent.ms, retries: 0 };
    }),
    keepError: assign({ error: ({ event }) => ('error' in event ? messageOf(event.error) : null) }),
  },
  guards: {
    emptyFile: ({ event }) => event.type === 'user.choose' && event.file.size === 0,
    /** The same file (name, size, date and bytes) as the upload this account left unfinished. */
    sameAsSaved: ({ context: { saved, file, hash } }) =>
      saved !== null && file !== null && saved.name === file.name && saved.size === file.size && saved.lastModified === file.lastModified && saved.hash === hash,
    hashed: (_, slice: HashSliceOutput) => slice.hash !== null,
    /** The server already holds the whole file with this hash (ended before a reload). */
    ended: ({ context }, status: StatusOutput) => status.status === 'complete' && status.sha256 === context.hash,
    allSent: ({ context }, next: { nextIdx: number }) => next.nextIdx >= chunkCount(context.file?.size ?? 0),
    networkDrop: ({ event }) => 'error' in event && isNetworkDrop(event.error),
    chunksMissing: ({ event }) => 'error' in event && isChunksMissing(event.error),
    canRetry: ({ context }) => context.retries < maxRetries,
    started: ({ context }) => context.uploadId !== null,
  },
  delays: {
    retryDelay: ({ context }) => retryDelayMs(context.retries),
  },
}).createMachine({
  id: 'bureauUpload',
  context: ({ input }) => ({ ...input, file: null, hashIdx: 0, hash: null, uploadId: null, nextIdx: 0, sessionBytes: 0, sessionMs: 0, retries: 0, error: null, created: null }),
  initial: 'choosing',
  // Another file may be picked at any time before the record is made: it starts afresh. An empty
  // file is refused at once: the customer picks another (no retry could succeed).
  on: { 'user.choose': [{ guard: 'emptyFile', target: '.empty', actions: 'chooseEmpty' }, { target: '.hashing', actions: 'choose' }] },
  states: {
    choosing: {},
    empty: {},
    hashing: {
      on: { 'user.cancel': 'choosing' },
      invoke: {
        id: 'hashSlice',
        src: 'hashSlice',
        input: ({ context: c }) => ({ data: c.file!.data, idx: c.hashIdx, ...sliceOf(c.file!.size, c.hashIdx), last: c.hashIdx + 1 >= chunkCount(c.file!.size) }),
        onDone: [
          { guard: { type: 'hashed', params: ({ event }) => event.output }, target: 'deciding', actions: assign({ hash: ({ event }) => event.output.hash, hashIdx: ({ context }) => context.hashIdx + 1 }) },
          { target: 'hashing', reenter: true, actions: assign({ hashIdx: ({ context }) => context.hashIdx + 1 }) },
        ],
        // The file could not be read ('File reader target is null', spec section 8).
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    // Resume the upload this account left unfinished, or begin a new one.
    deciding: {
      always: [{ guard: 'sameAsSaved', target: 'resuming', actions: assign({ uploadId: ({ context }) => context.saved!.fileId }) }, { target: 'beginning' }],
    },
    beginning: {
      invoke: {
        id: 'beginUpload',
        src: 'beginUpload',
        input: ({ context }) => ({ filePrefix: context.file!.name, size: context.file!.size }),
        onDone: {
          target: 'sending',
          actions: [
            assign({ uploadId: ({ event }) => event.output.fileId, nextIdx: 0 }),
            {
              type: 'remember',
              params: ({ context: c, event }) => ({ saved: { fileId: event.output.fileId, name: c.file!.name, size: c.file!.size, lastModified: c.file!.lastModified, hash: c.hash! } }),
            },
          ],
        },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    // Asks the server which chunks it holds: after a reload, a pause or a network drop.
    resuming: {
      entry: assign({ sessionBytes: 0, sessionMs: 0 }),
      invoke: {
        id: 'uploadStatus',
        src: 'uploadStatus',
        input: ({ context }) => ({ fileId: context.uploadId! }),
        onDone: [
          { guard: { type: 'ended', params: ({ event }) => event.output }, target: 'creating' },
          { guard: { type: 'allSent', params: ({ event }) => event.output }, target: 'ending', actions: assign({ nextIdx: ({ event }) => event.output.nextIdx }) },
          { target: 'sending', actions: assign({ nextIdx: ({ event }) => event.output.nextIdx }) },
        ],
        onError: [
          { guard: retryable, target: 'retrying' },
          // The server no longer has it (expired, refused): start afresh.
          { target: 'beginning', actions: 'forget' },
        ],
      },
    },
    sending: {
      on: { 'user.pause': 'paused' },
      invoke: {
        id: 'sendChunk',
        src: 'sendChunk',
        input: ({ context: c }) => ({ fileId: c.uploadId!, idx: c.nextIdx, data: c.file!.data, ...sliceOf(c.file!.size, c.nextIdx) }),
        onDone: [
          { guard: { type: 'allSent', params: ({ event }) => event.output }, target: 'ending', actions: { type: 'chunkSent', params: ({ event }) => event.output } },
          { target: 'sending', reenter: true, actions: { type: 'chunkSent', params: ({ event }) => event.output } },
        ],
        onError: [{ guard: retryable, target: 'retrying' }, { target: 'failed', actions: 'keepError' }],
      },
    },
    // A network drop: wait (longer each time) and ask the server where the upload stands.
    retrying: {
      entry: assign({ retries: ({ context }) => context.retries + 1 }),
      on: { 'user.pause': 'paused' },
      after: { retryDelay: 'resuming' },
    },
    paused: {
      on: { 'user.resume': 'resuming', 'user.cancel': 'choosing' },
    },
    ending: {
      invoke: {
        id: 'endUpload',
        src: 'endUpload',
        input: ({ context }) => ({ fileId: context.uploadId!, hash: context.hash! }),
        onDone: 'creating',
        onError: [
          { guard: retryable, target: 'retrying' },
          { guard: resumable, target: 'retrying' },
          // A wrong hash: the bytes the server holds are not the file's; picking it again starts afresh.
          { target: 'failed', actions: ['keepError', 'forget', assign({ uploadId: null })] },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'createFile',
        src: 'createFile',
        input: ({ context }) => ({ fileServerId: context.uploadId!, name: context.file!.name }),
        onDone: { target: 'done', actions: [assign({ created: ({ event }) => event.output }), 'forget'] },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    failed: {
      exit: assign({ error: null }),
      on: { 'user.retry': [{ guard: 'started', target: 'resuming' }, { target: 'choosing' }] },
    },
    done: {
      type: 'final',
    },
  },
  output: ({ context }) => context.created!,
});

export type BureauUploadSnapshot = SnapshotFrom<typeof bureauUploadMachine>;
