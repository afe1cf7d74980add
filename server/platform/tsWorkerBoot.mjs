// The first module of a worker thread started by startTsWorker (tsWorker.ts): it registers tsx's
// loader and imports the TypeScript module named by workerData.entry. Node 20 does not carry a
// loader registered with --import over to a worker's own first module, so the worker registers
// its own, under `npm start` (tsx), Vitest and the bench alike.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
