import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/bureau/endpoints';
import * as S from '../../../contract/bureau/schemas';
import { route, type Call } from '../../http/route';
import type { QueueDefinition } from '../../jobs/queue';
import type { Deps } from '../../kernel/deps';
import { getTestResults } from './cleanse';
import { createFile } from './create';
import type { BureauCaller } from './files';
import * as M from './manage';
import { getResultsReceipt } from './receipt';
import * as R from './results';
import { queueFirstRetentionSweep, retentionQueueDefinition, startRetentionWorker } from './retention';
import * as Settings from './settings';
import { warmUploadReader } from './uploadReader';

/** The queues startJobs must create for the bureau: the results job and the retention sweep. */
export const bureauQueues: QueueDefinition[] = [R.resultsQueueDefinition, retentionQueueDefinition];

const caller = (call: Call): BureauCaller => ({ user: call.caller, accountId: call.claims.accountId });

/**
 * The bureau server (spec section 7, Bureau), mounted at /api/bureau: a UK account's files, their
 * mapping and settings, the free test, the results job, the results and their download.
 */
export const bureauPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.listFiles, S.listFiles, (_input, call) => M.listFiles(deps, caller(call)));
  route(app, E.createFile, S.createFile, ({ body }, call) => createFile(deps, caller(call), body));
  route(app, E.getFile, S.getFile, ({ query }, call) => M.getFile(deps, caller(call), query));
  route(app, E.renameFile, S.renameFile, (input, call) => M.renameFile(deps, caller(call), input));
  route(app, E.deleteFile, S.deleteFile, ({ query }, call) => M.deleteFile(deps, caller(call), query), { docs: { errors: [409] } });
  route(app, E.getRetention, S.getRetention, ({ query }, call) => M.getRetention(deps, caller(call), query));
  route(app, E.putRetention, S.putRetention, (input, call) => M.putRetention(deps, caller(call), input));

  route(app, E.listMafs, S.listMafs, (_input, call) => M.listMafs(deps, caller(call)));
  route(app, E.getSuppressionTypes, S.getSuppressionTypes, (_input, call) => M.getSuppressionTypes(deps, caller(call)));
  route(app, E.getSuppressionSettings, S.getSuppressionSettings, ({ query }, call) => M.getSuppressionSettings(deps, caller(call), query));
  route(app, E.getDedupeLevels, S.getDedupeLevels, (_input, call) => M.getDedupeLevels(deps, caller(call)));
  route(app, E.getOutputGroups, S.getOutputGroups, ({ query }, call) => M.getOutputGroups(deps, caller(call), query));
  route(app, E.getOutputFields, S.getOutputFields, ({ query }, call) => M.getOutputFields(deps, caller(call), query));

  route(app, E.getInputFields, S.getInputFields, ({ query }, call) => M.getInputFields(deps, caller(call), query));
  route(app, E.putInputFields, S.putInputFields, (input, call) => Settings.putInputFields(deps, caller(call), input));
  route(app, E.putEncoding, S.putEncoding, (input, call) => Settings.putEncoding(deps, caller(call), input));
  route(app, E.getFileSuppression, S.getFileSuppression, ({ query }, call) => M.getFileSuppression(deps, caller(call), query));
  route(app, E.putFileSuppression, S.putFileSuppression, (input, call) => Settings.putFileSuppression(deps, caller(call), input));
  route(app, E.putDedupeSettings, S.putDedupeSettings, (input, call) => Settings.putDedupeSettings(deps, caller(call), input));
  route(app, E.putDedupeSeparateFile, S.putDedupeSeparateFile, (input, call) => Settings.putDedupeSeparateFile(deps, caller(call), input));
  route(app, E.putAddressSettings, S.putAddressSettings, (input, call) => Settings.putAddressSettings(deps, caller(call), input), { docs: { errors: [409] } });
  route(app, E.putMafSettings, S.putMafSettings, (input, call) => Settings.putMafSettings(deps, caller(call), input));
  route(app, E.getFileOutputGroups, S.getFileOutputGroups, ({ query }, call) => M.getFileOutputGroups(deps, caller(call), query));
  route(app, E.putFileOutputGroups, S.putFileOutputGroups, (input, call) => Settings.putFileOutputGroups(deps, caller(call), input));

  route(app, E.getTestResults, S.getTestResults, ({ query }, call) => getTestResults(deps, caller(call), query));
  route(app, E.createResults, S.createResults, ({ query }, call) => R.createResults(deps, caller(call), query), { docs: { errors: [409] } });
  route(app, E.getResults, S.getResults, ({ query }, call) => R.getResults(deps, caller(call), query));
  route(app, E.discardResults, S.discardResults, ({ query }, call) => R.discardResults(deps, caller(call), query), { docs: { errors: [409] } });
  route(app, E.getResultsFileId, S.getResultsFileId, ({ query }, call) => R.getResultsFileId(deps, caller(call), query), { docs: { errors: [402, 409] } });
  route(app, E.getResultsReceipt, S.getResultsReceipt, ({ query }, call) => getResultsReceipt(deps, caller(call), { query, origin: call.origin }), { docs: { errors: [402] } });

  // The workers are registered on ready (pg-boss is not started by that); the first retention sweep
  // is queued, and the upload reader's worker thread started, once the server listens, so the many
  // test apps that only inject never start pg-boss (nor a reader before their first file).
  app.addHook('onReady', async () => {
    await R.startResultsWorker(deps);
    await startRetentionWorker(deps);
  });
  app.addHook('onListen', async () => {
    await queueFirstRetentionSweep(deps);
    warmUploadReader();
  });
};
