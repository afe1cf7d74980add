import type { HashSliceInput, HashSliceOutput } from '../../../machines/bureauFileParts';
import type { HashAnswer, HashRequest } from './hashWorker';

// The page's side of the hash worker (./hashWorker.ts): one worker per upload page, one slice a call.

export type Hasher = { hashSlice: (input: HashSliceInput, signal: AbortSignal) => Promise<HashSliceOutput>; stop: () => void };

export function createHasher(): Hasher {
  let worker: Worker | null = null;
  const pending = new Map<number, { resolve: (out: HashSliceOutput) => void; reject: (error: Error) => void }>();
  let next = 0;
  const start = () => {
    const w = new Worker(new URL('./hashWorker.ts', import.meta.url), { type: 'module' });
    w.onmessage = ({ data }: MessageEvent<HashAnswer>) => {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if (!waiting) return;
      if ('error' in data) waiting.reject(new Error(data.error));
      else waiting.resolve({ hash: data.hash });
    };
    w.onerror = (event) => {
      pending.forEach((p) => p.reject(new Error(event.message || 'The hash worker failed')));
      pending.clear();
    };
    return w;
  };
  return {
    hashSlice(input, signal) {
      worker ??= start();
      const w = worker;
      return new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        // Cancelled (another file picked): the worker's hash is started afresh by the next slice 0.
        signal.addEventListener('abort', () => pending.delete(id));
        const request: HashRequest = { id, ...input };
        w.postMessage(request);
      });
    },
    stop() {
      worker?.terminate();
      worker = null;
      pending.clear();
    },
  };
}
