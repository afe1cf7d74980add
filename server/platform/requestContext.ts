import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the HTTP request (or of the request that queued the job) the current code runs for, so a
 * job queued while answering a request carries its id into the job's log lines
 * (server/http/operations.ts sets it for each request, server/jobs/queue.ts for each job).
 */
export const requestContext = new AsyncLocalStorage<string | null>();
