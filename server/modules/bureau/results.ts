import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import type * as S from '../../../contract/bureau/schemas';
import { resultsFileName, type FileResults } from '../../../contract/bureau/entities';
import type { ParseItem } from '../../engines/cleanse/parse';
import { parseDelimitedBatches } from '../../engines/cleanse/parse';
import { cleanse, emptyStats, fileResults } from '../../engines/cleanse/run';
import type { JobMeta, QueueDefinition } from '../../jobs/queue';
import { AppError, conflict } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { waitForIndex } from './catalogue';
import { cleanseSettingsOf, parseOptionsOf } from './cleanse';
import { assertColumnsAccepted, bureauMessages, fileView, ownFile, resultsOf, type BureauCaller, type BureauDeps } from './files';
import { writeOutputs, zipOf } from './output';
import * as Q from './queries';
import { summaryPage } from './report';

// The results of a file: PUT /files/createresults queues one pg-boss job per file and settings
// version (singletonKey), which streams the uploaded file through the engine into the results zip.
// The file's status is the lock: queued -> running -> results, each step a conditional update on
// the status and settings version, so a job killed part way and retried (pg-boss: expireInSeconds,
// retryLimit) starts again from scratch, overwrites what it had written, and the results and their
// zip are recorded once, in one transaction. Nothing is charged here: paying is POST /files/results/pay.

export const resultsQueue = 'bureau-results';
export const resultsQueueDefinition: QueueDefinition = { name: resultsQueue, policy: 'stately', retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 7200 };

/** runId names the zip in the storage; queuedAt dates it, so every try of the job writes the same bytes. */
export type ResultsJob = { fileId: number; settingsVersion: number; userId: number; runId: string; queuedAt: number };

/** The file's settings changed, or its results were discarded, while the job ran: it stops, writing nothing. */
class Superseded extends Error {}

export async function createResults(deps: BureauDeps, caller: BureauCaller, query: { fileId: number }) {
  const file = await ownFile(deps.db, caller.user, query.fileId);
  if (file.status === 'mapping') throw conflict(bureauMessages.notMapped);
  if (file.status === 'paid') throw conflict(bureauMessages.paid);
  if (file.status === 'results') return fileView(deps, file);
  const data: ResultsJob = { fileId: file.id, settingsVersion: file.settings_version, userId: caller.user.id, runId: randomBytes(16).toString('hex'), queuedAt: secondsOf(deps.clock) };
  if (file.status !== 'queued' && file.status !== 'running') {
    const queued = await Q.updateFile(
      deps.db,
      file.id,
      { status: 'queued', progress_done: 0, progress_total: file.row_count, failure: null, updated_at: secondsOf(deps.clock) },
      { status: ['ready', 'failed', 'discarded'], version: file.settings_version },
    );
    if (!queued) {
      // Another call queued it meanwhile (two clicks): the same answer as that call's.
      const now = await Q.findFile(deps.db, file.id, file.account_id);
      const same = now && now.settings_version === file.settings_version && ['queued', 'running', 'results'].includes(now.status);
      if (!same) throw conflict('The file changed meanwhile: look at it again and then create the results');
      return fileView(deps, now);
    }
  }
  try {
    await sendJob(deps, data);
  } catch (error) {
    await Q.updateFile(deps.db, file.id, { status: 'ready' }, { status: ['queued'], version: file.settings_version });
    throw error;
  }
  return fileView(deps, (await Q.findFile(deps.db, file.id, file.account_id)) ?? file);
}

/** How long a file may say 'queued' before the sweep sends its job again. */
export const strandedAfterSeconds = 600;

/**
 * Files marked 'queued' longer than `strandedAfterSeconds` whose process may have died between that
 * mark and sending the job: their job is sent again. Harmless when the job is there after all: the
 * singleton key keeps one waiting, and a run finds the file's state moved on and stops.
 */
export async function requeueStranded(deps: Pick<BureauDeps, 'db' | 'jobs' | 'config' | 'clock'>): Promise<number> {
  const now = secondsOf(deps.clock);
  const stranded = await Q.queuedBefore(deps.db, now - strandedAfterSeconds);
  for (const file of stranded) {
    // The zip is recorded as its maker's upload: with that user gone, the owner queues it again.
    if (file.user_id === null) await Q.updateFile(deps.db, file.id, { status: 'ready' }, { status: ['queued'], version: file.settings_version });
    else await sendJob(deps, { fileId: file.id, settingsVersion: file.settings_version, userId: file.user_id, runId: randomBytes(16).toString('hex'), queuedAt: file.updated_at });
  }
  return stranded.length;
}

/** Queues the run; a run already queued or running for the same file and settings keeps the place (singletonKey). */
export async function sendJob(deps: Pick<BureauDeps, 'jobs' | 'config'>, data: ResultsJob): Promise<void> {
  const { expireSeconds, retryDelaySeconds } = deps.config.bureau;
  await deps.jobs.send(resultsQueue, data, {
    singletonKey: `${data.fileId}:${data.settingsVersion}`,
    expireInSeconds: expireSeconds,
    retryDelaySeconds,
    retryLimit: resultsQueueDefinition.retryLimit,
  });
}

/** The 'bureau-results' job: one run from scratch to the recorded results. */
export async function runResults(deps: BureauDeps, data: ResultsJob, meta?: Pick<JobMeta, 'retryCount' | 'retryLimit'>): Promise<'done' | 'superseded'> {
  const version = data.settingsVersion;
  const file = await Q.updateFile(deps.db, data.fileId, { status: 'running', progress_done: 0, failure: null, updated_at: secondsOf(deps.clock) }, { status: ['queued', 'running'], version });
  if (!file) return 'superseded';
  let work: string | null = null;
  try {
    // A file wider than the limit (made before it, queued before it) is not read: failed with the limit's words.
    assertColumnsAccepted(file);
    const index = await waitForIndex(deps, 'uk');
    const settings = cleanseSettingsOf(file, index);
    const passes = settings.dedupeLevel ? 2 : 1;
    const total = file.row_count * passes;
    let done = 0;
    const every = deps.config.bureau.progressRows;
    const progress = async () => {
      const row = await Q.updateFile(deps.db, file.id, { progress_done: Math.min(done, total), progress_total: total }, { status: ['running'], version });
      if (!row) throw new Superseded();
    };
    await progress();
    const rows = async function* (): AsyncGenerator<ParseItem[]> {
      const opened = await deps.fileStorage.readFile(file.upload_id);
      if (!opened) throw new AppError(410, 'The uploaded file is no longer kept: upload it again');
      for await (const batch of parseDelimitedBatches(opened.stream, parseOptionsOf(file))) {
        yield batch;
        const before = done;
        done += batch.length;
        // Each time the count passes a multiple of `every` (a batch is at most 512 rows).
        if (Math.floor(done / every) > Math.floor(before / every)) await progress();
      }
    };
    const stats = emptyStats();
    work = await mkdtemp(join(tmpdir(), `bureau-results-${file.id}-`));
    const names = file.input_fields.map((f) => f.name);
    const written = await writeOutputs(cleanse(rows, settings, stats), work, { groups: file.output_groups, inputNames: names, separateFile: file.separate_file, encoding: file.encoding });
    const results: FileResults = fileResults(stats);
    const madeAt = secondsOf(deps.clock);
    const summary = summaryPage(results, { fileName: file.name, madeAt: data.queuedAt, dedupeLevel: file.dedupe_level, usePAF: file.use_paf, outputGroupIds: file.output_groups, encoding: file.encoding });
    // The run's zip goes under the job's own id: a retry of the job writes the same bytes over it.
    const zip = await deps.fileStorage.writeFile(data.runId, zipOf(written, summary, new Date(data.queuedAt * 1000)));
    const recorded = await deps.db.transaction().execute(async (trx) => {
      await Q.insertUpload(trx, {
        id: data.runId, user_id: data.userId, account_id: file.account_id, territory: file.territory, file_prefix: resultsFileName,
        status: 'complete', declared_bytes: zip.bytes, chunk_count: 0, bytes: zip.bytes, sha256: zip.sha256, created_at: madeAt, updated_at: madeAt,
      });
      const row = await Q.updateFile(
        trx,
        file.id,
        { status: 'results', results: JSON.stringify(results), results_version: version, results_upload_id: data.runId, results_at: madeAt, progress_done: total, updated_at: madeAt },
        { status: ['running'], version },
      );
      if (!row) await Q.deleteUploads(trx, [data.runId]);
      return row !== undefined;
    });
    if (!recorded) throw new Superseded();
    return 'done';
  } catch (error) {
    if (error instanceof Superseded) {
      // Another try of the same job (a process taken for dead) may have recorded this very zip.
      const now = await Q.findFile(deps.db, file.id, file.account_id);
      if (now?.results_upload_id !== data.runId) await deps.fileStorage.delete(data.runId);
      return 'superseded';
    }
    // A refusal (400: past a file limit) or a file gone (410) is the same on every try.
    const last = !meta || meta.retryCount >= meta.retryLimit || (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 410));
    const message = error instanceof AppError ? error.message : 'The results could not be made: create them again, or contact support if it happens again';
    if (last) {
      await Q.updateFile(deps.db, file.id, { status: 'failed', failure: message, updated_at: secondsOf(deps.clock) }, { status: ['running'], version });
      deps.log.error({ err: error, fileId: file.id }, 'bureau results failed');
      return 'done';
    }
    throw error;
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
  }
}

export async function startResultsWorker(deps: BureauDeps): Promise<void> {
  await deps.jobs.work<ResultsJob>(resultsQueue, async (data, job) => {
    await runResults(deps, data, job);
  });
}

export async function getResults(deps: BureauDeps, caller: BureauCaller, query: { fileId: number }): Promise<z.input<typeof S.getResults.response>> {
  const file = await ownFile(deps.db, caller.user, query.fileId, { wide: 'allowed' });
  return { status: file.status, progress: { done: Number(file.progress_done), total: Number(file.progress_total) }, results: resultsOf(file), failure: file.failure };
}

/** Throws away results not paid for: the zip is deleted and the file may be set up and run again. */
export async function discardResults(deps: BureauDeps, caller: BureauCaller, query: { fileId: number }) {
  const owned = await ownFile(deps.db, caller.user, query.fileId);
  const { row, zip } = await deps.db.transaction().execute(async (trx) => {
    const file = await Q.lockFile(trx, owned.id);
    if (!file) throw conflict(bureauMessages.noResults);
    if (file.status === 'paid') throw conflict(bureauMessages.paid);
    if (file.status !== 'results') throw conflict(file.status === 'queued' || file.status === 'running' ? bureauMessages.stillRunning : bureauMessages.noResults);
    if (await Q.pendingOrder(trx, file.order_id)) throw conflict(bureauMessages.paying);
    const updated = await Q.updateFile(trx, file.id, { status: 'discarded', results_upload_id: null, updated_at: secondsOf(deps.clock) });
    await Q.deleteUploads(trx, file.results_upload_id ? [file.results_upload_id] : []);
    return { row: updated!, zip: file.results_upload_id };
  });
  if (zip) await deps.fileStorage.delete(zip);
  return fileView(deps, row);
}

/** The results zip's file server id, once paid (402 before; 409 with no results; 410 once the retention removed them). */
export async function getResultsFileId(deps: BureauDeps, caller: BureauCaller, query: { fileId: number }) {
  const file = await ownFile(deps.db, caller.user, query.fileId, { wide: 'allowed' });
  if (file.status === 'paid') {
    if (!file.results_upload_id) throw new AppError(410, bureauMessages.resultsGone);
    return { fileServerId: file.results_upload_id, fileName: resultsFileName };
  }
  if (file.status === 'results') throw new AppError(402, bureauMessages.notPaid);
  if (file.status === 'queued' || file.status === 'running') throw conflict(bureauMessages.stillRunning);
  throw conflict(bureauMessages.noResults);
}
