import { parentPort } from 'node:worker_threads';
import { AppError } from '../../errors';
import { checkFirstChunk, countRecords, readFirstChunk, type FirstChunk } from './sample';
import type { ReadJob, ReadAnswer, ToWorker } from './uploadReader';

// The worker thread of uploadReader.ts: reads one upload at a time, its bytes asked of the main
// thread piece by piece ('more'), so no more of a file than the work needs is read or held.

const port = parentPort!;
let current = 0;
let waiting: ((m: Extract<ToWorker, { type: 'data' | 'end' }>) => void) | null = null;

port.on('message', (m: ToWorker) => {
  if (m.type === 'start') {
    current = m.task;
    void run(m.task, m.job);
  } else if (m.task === current && waiting) {
    const answer = waiting;
    waiting = null;
    answer(m);
  }
});

/** The upload's bytes, a piece asked for each time the reader wants more. */
async function* input(task: number): AsyncGenerator<Uint8Array> {
  for (;;) {
    const m = await new Promise<Extract<ToWorker, { type: 'data' | 'end' }>>((resolve) => {
      waiting = resolve;
      port.postMessage({ type: 'more', task });
    });
    if (m.type === 'end') return;
    yield m.bytes;
  }
}

async function run(task: number, job: ReadJob) {
  const post = (answer: ReadAnswer, transfer: ArrayBuffer[] = []) => port.postMessage({ ...answer, task }, transfer);
  try {
    const source = input(task);
    // The first chunk, and the piece that went past it (counted with the rest).
    const head: Uint8Array[] = [];
    let length = 0;
    while (length <= job.chunkBytes) {
      const next = await source.next();
      if (next.done) break;
      head.push(next.value);
      length += next.value.length;
    }
    const bytes = Buffer.concat(head, length);
    const first = { bytes: bytes.subarray(0, job.chunkBytes), whole: length <= job.chunkBytes };
    if (job.kind === 'test') {
      await checkFirstChunk(first, job.delimiter, job.encoding);
      post({ type: 'checked' });
      return;
    }
    const chunk: FirstChunk = await readFirstChunk(first, job);
    const whole = async function* () {
      yield bytes;
      yield* source;
    };
    const counted = await countRecords(whole(), { delimiter: chunk.delimiter, hasHeader: chunk.hasHeader, encoding: chunk.encoding });
    // The sample goes back as bytes of its own, moved rather than copied.
    const sample = new TextEncoder().encode(chunk.sampleText);
    const { sampleText: _, ...read } = chunk;
    post({ type: 'read', chunk: { ...read, sample }, counted }, [sample.buffer]);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) post({ type: 'refused', message: error.message });
    else post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
