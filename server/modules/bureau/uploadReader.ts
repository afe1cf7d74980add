import type { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import type { FileEncoding } from '../../engines/cleanse/encoding';
import type { Delimiter } from '../../engines/cleanse/shape';
import { badRequest } from '../../errors';
import { startTsWorker } from '../../platform/tsWorker';
import type { FirstChunk } from './sample';

// POST /files reads the upload in a worker thread: the first chunk's records measured against
// fileLimits, its sample parsed and its columns mapped, then every record of the file counted. For
// the widest file accepted (1,000 columns, a 10 MB first chunk) that is about half a second of CPU
// before the count, and the count grows with the file: on the server's thread it held every other
// customer's call for as long. Here the server's thread only moves the file's bytes to the worker,
// a piece at a time as the worker asks for them (so a file is never held whole, and one refused on
// its first chunk is read no further), and gets the answer back.
// Two workers at most (files read at once beyond that wait their turn), started when first needed
// and kept: starting one loads the engine through tsx, about a second.

export type ReadJob =
  | { kind: 'file'; chunkBytes: number; delimiter?: Delimiter; hasHeader?: boolean; encoding?: FileEncoding }
  /** A test file given with the upload: its first chunk checked against fileLimits only. */
  | { kind: 'test'; chunkBytes: number; delimiter: Delimiter; encoding: FileEncoding };

/** What POST /files keeps of the first chunk: the sample as bytes. */
export type ReadChunk = Omit<FirstChunk, 'sampleText'> & { sample: Uint8Array };
export type ReadAnswer =
  | { type: 'read'; chunk: ReadChunk; counted: { rows: number; errors: number; records: number } }
  | { type: 'checked' }
  | { type: 'refused'; message: string }
  | { type: 'failed'; message: string };
export type ToWorker = { type: 'start'; task: number; job: ReadJob } | { type: 'data'; task: number; bytes: Uint8Array } | { type: 'end'; task: number };
type FromWorker = ({ type: 'more' } | ReadAnswer) & { task: number };

const poolSize = 2;
const entry = new URL('./uploadReader.worker.ts', import.meta.url);
const idle: Worker[] = [];
const queue: Array<(worker: Worker) => void> = [];
let started = 0;
let tasks = 0;

function start(): Worker {
  started++;
  // A file that makes the worker run out of memory fails that worker, not the server.
  const worker = startTsWorker(entry, { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
  worker.on('exit', () => {
    started--;
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  // An idle worker's failure is reported to no task: it just leaves the pool (exit above).
  worker.on('error', () => undefined);
  return worker;
}

async function acquire(): Promise<Worker> {
  const worker = idle.pop() ?? (started < poolSize ? start() : await new Promise<Worker>((resolve) => queue.push(resolve)));
  worker.ref();
  return worker;
}

function release(worker: Worker) {
  const next = queue.shift();
  if (next) return next(worker);
  // An idle worker keeps no process alive (a test run, npm run seed).
  worker.unref();
  idle.push(worker);
}

/**
 * Starts a worker ahead of the first file, once a server that listens has been up a few seconds
 * (starting one takes about a second of CPU, which a start, or a test that kills the server at
 * once, need not share).
 */
export function warmUploadReader(): void {
  setTimeout(() => {
    if (started > 0) return;
    const worker = start();
    worker.unref();
    idle.push(worker);
  }, 5_000).unref();
}

/** A worker left in an unknown state (its file could not be read, or it failed) is ended; a waiting read gets a new one. */
function discard(worker: Worker) {
  void worker.terminate();
  const next = queue.shift();
  if (next) next(start());
}

/**
 * The memory of a piece read from a file, to move to the worker rather than copy (a copy of every
 * megabyte showed as tens of milliseconds on the server's thread): the piece's own when the piece is
 * all of it (the storage's streams hand over buffers of their own: FileStorage.readFile), else a copy
 * (a piece of a buffer shared with others, such as Node's pool of small buffers, is never moved away).
 */
function movable(piece: Uint8Array): Uint8Array {
  if (piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength && piece.buffer instanceof ArrayBuffer) return piece;
  const copy = new Uint8Array(piece.byteLength);
  copy.set(piece);
  return copy;
}

/** Runs `job` over `file`'s bytes in a worker: the worker's answer. */
async function read(file: Readable, job: ReadJob): Promise<ReadAnswer> {
  const worker = await acquire();
  const task = ++tasks;
  const pieces = file[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const listeners: { message?: (m: FromWorker) => void; error?: (error: Error) => void; exit?: (code: number) => void } = {};
  let settled = false;
  try {
    const answer = await new Promise<ReadAnswer>((resolve, reject) => {
      const send = async () => {
        const next = await pieces.next();
        if (settled) return;
        if (next.done) return worker.postMessage({ type: 'end', task } satisfies ToWorker);
        const bytes = movable(next.value);
        worker.postMessage({ type: 'data', task, bytes } satisfies ToWorker, [bytes.buffer as ArrayBuffer]);
      };
      listeners.message = (m) => {
        if (m.task !== task) return;
        if (m.type === 'more') send().catch(reject);
        else resolve(m);
      };
      listeners.error = reject;
      listeners.exit = (code) => reject(new Error(`The file reader stopped (exit code ${code})`));
      worker.on('message', listeners.message);
      worker.on('error', listeners.error);
      worker.on('exit', listeners.exit);
      worker.postMessage({ type: 'start', task, job } satisfies ToWorker);
    }).finally(() => {
      settled = true;
      worker.off('message', listeners.message!);
      worker.off('error', listeners.error!);
      worker.off('exit', listeners.exit!);
    });
    release(worker);
    return answer;
  } catch (error) {
    discard(worker);
    throw error;
  } finally {
    file.destroy();
  }
}

/** The answer as the caller takes it: the 400 the worker refused the file with, a 500 when it failed. */
function answerOf<T extends ReadAnswer['type']>(answer: ReadAnswer, type: T): Extract<ReadAnswer, { type: T }> {
  if (answer.type === 'refused') throw badRequest(answer.message);
  if (answer.type === 'failed') throw new Error(`Reading the upload failed: ${answer.message}`);
  if (answer.type !== type) throw new Error(`The file reader answered ${answer.type}, not ${type}`);
  return answer as Extract<ReadAnswer, { type: T }>;
}

/** Reads an upload for POST /files (sample.ts, in a worker): its first chunk and its record count; 400 for a file refused. */
export async function readUpload(file: Readable, options: { chunkBytes: number; delimiter?: Delimiter; hasHeader?: boolean; encoding?: FileEncoding }) {
  const { chunk, counted } = answerOf(await read(file, { kind: 'file', ...options }), 'read');
  return { chunk, counted };
}

/** Checks the first chunk of a test file given with an upload against fileLimits (in a worker); 400 past them. */
export async function checkTestFile(file: Readable, options: { chunkBytes: number; delimiter: Delimiter; encoding: FileEncoding }): Promise<void> {
  answerOf(await read(file, { kind: 'test', ...options }), 'checked');
}
