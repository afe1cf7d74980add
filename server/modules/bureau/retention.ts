import type { QueueDefinition } from '../../jobs/queue';
import { secondsOf } from '../../platform/clock';
import { defaultRetention, type BureauDeps } from './files';
import { deleteBureauFile } from './manage';
import * as Q from './queries';
import { requeueStranded } from './results';

// How long an account keeps its bureau uploads and results (GET/PUT /files/retention; 30 days each
// by default). A sweep, a pg-boss job that queues itself again every BUREAU_RETENTION_SWEEP_SECONDS:
//  - results older than resultDays lose their zip (a file not paid for is then 'discarded'; a paid
//    one stays paid, and its download answers that the results are no longer kept);
//  - a file whose upload is older than uploadDays and that keeps no results zip is deleted whole.
// The same sweep sends again the results job of a file left 'queued' by a process that died before
// sending it (results.ts, requeueStranded).

export const retentionSweepQueue = 'bureau-retention-sweep';
export const retentionQueueDefinition: QueueDefinition = { name: retentionSweepQueue, policy: 'stately', retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 900 };


// Each file is chosen from a read made before its row lock: under the lock it is asked again, since
// meanwhile its owner may have queued it for results, made new results, or kept files for longer.
export async function sweepRetention(deps: Pick<BureauDeps, 'db' | 'clock' | 'fileStorage'>): Promise<{ results: number; files: number }> {
  const now = secondsOf(deps.clock);
  const oldResults = await Q.oldResults(deps.db, now, defaultRetention.resultDays);
  for (const file of oldResults) {
    const zip = await deps.db.transaction().execute(async (trx) => {
      const row = await Q.lockFile(trx, file.id);
      if (!row?.results_upload_id || (row.status !== 'results' && row.status !== 'paid')) return null;
      if (!(await Q.hasOldResults(trx, row.id, now, defaultRetention.resultDays))) return null;
      if (await Q.pendingOrder(trx, row.order_id)) return null;
      await Q.updateFile(trx, row.id, { results_upload_id: null, status: row.status === 'paid' ? 'paid' : 'discarded', updated_at: now });
      await Q.deleteUploads(trx, [row.results_upload_id]);
      return row.results_upload_id;
    });
    if (zip) await deps.fileStorage.delete(zip);
  }
  const oldFiles = await Q.oldFiles(deps.db, now, defaultRetention.uploadDays);
  for (const file of oldFiles) {
    await deleteBureauFile(deps, file.id, (trx) => Q.isOldFile(trx, file.id, now, defaultRetention.uploadDays));
  }
  return { results: oldResults.length, files: oldFiles.length };
}

export async function startRetentionWorker(deps: BureauDeps): Promise<void> {
  await deps.jobs.work(retentionSweepQueue, async () => {
    try {
      await sweepRetention(deps);
      await requeueStranded(deps);
    } finally {
      await deps.jobs.send(retentionSweepQueue, {}, { singletonKey: 'sweep', startAfterSeconds: deps.config.bureau.retentionSweepSeconds });
    }
  });
}

/** The sweep's first run (later ones queue themselves); the singleton key keeps it to one. */
export const queueFirstRetentionSweep = (deps: Pick<BureauDeps, 'jobs'>) => deps.jobs.send(retentionSweepQueue, {}, { singletonKey: 'sweep' });
