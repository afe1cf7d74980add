import { createSHA256, type IHasher } from 'hash-wasm';
import { readSlice } from './readSlice';

// The upload's SHA-256, computed off the main thread: the page sends the file's slices in order
// (slice 0 starts a new hash) and gets back the hex digest with the last one.

export type HashRequest = { id: number; data: Blob; idx: number; start: number; end: number; last: boolean };
export type HashAnswer = { id: number; hash: string | null } | { id: number; error: string };

let hasher: IHasher | null = null;

self.onmessage = async ({ data: request }: MessageEvent<HashRequest>) => {
  try {
    hasher ??= await createSHA256();
    if (request.idx === 0) hasher.init();
    hasher.update(await readSlice(request.data.slice(request.start, request.end)));
    const answer: HashAnswer = { id: request.id, hash: request.last ? hasher.digest('hex') : null };
    self.postMessage(answer);
  } catch (error) {
    const answer: HashAnswer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    self.postMessage(answer);
  }
};
