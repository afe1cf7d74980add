import { Worker, type ResourceLimits } from 'node:worker_threads';

// Worker threads on TypeScript modules: the server runs from its sources (tsx), so a worker's
// module is loaded through tsWorkerBoot.mjs, which registers tsx in the worker first.

const boot = new URL('./tsWorkerBoot.mjs', import.meta.url);

/** A worker thread running the TypeScript module at `entry` (a file URL). */
export function startTsWorker(entry: URL, options: { resourceLimits?: ResourceLimits } = {}): Worker {
  // No execArgv of this process: under tsx they hold its loader, which the boot registers anyway.
  return new Worker(boot, { workerData: { entry: entry.href }, execArgv: [], resourceLimits: options.resourceLimits });
}
