import type { z } from 'zod';
import type * as S from '../../../contract/bureau/schemas';
import type { Trx } from '../../db';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { authoriseGroup } from '../access/index';
import { accountTerritory, noAccountMessage } from '../files/index';
import { dedupeLevels, outputFields, outputGroups, suppressionGroupsOf, suppressionListOf, referenceIndex, suppressionTypeList } from './catalogue';
import { bureauMessages, fileView, ownAnyAccount, ownBureauAccount, ownFile, retentionFor, toSummary, type BureauCaller, type BureauDeps } from './files';
import * as Q from './queries';

// The file list and one file, rename and delete, the columns with their saved mappings, the
// catalogue reads (reference files, suppression lists, dedupe levels, output groups and fields) and
// how long the account keeps its uploads and results.

type FileQuery = { fileId: number };

export async function listFiles(deps: BureauDeps, caller: BureauCaller): Promise<z.input<typeof S.listFiles.response>> {
  const accountId = await ownBureauAccount(deps, caller);
  const { resultDays } = await retentionFor(deps.db, accountId);
  return (await Q.listFiles(deps.db, accountId)).map((f) => toSummary(f, resultDays));
}

export async function getFile(deps: BureauDeps, caller: BureauCaller, query: FileQuery) {
  return fileView(deps, await ownFile(deps.db, caller.user, query.fileId));
}

/** Renaming is no change of settings: allowed in every status. */
export async function renameFile(deps: BureauDeps, caller: BureauCaller, input: { query: FileQuery; body: { name: string } }) {
  const file = await ownFile(deps.db, caller.user, input.query.fileId);
  const row = await Q.updateFile(deps.db, file.id, { name: input.body.name, updated_at: secondsOf(deps.clock) });
  if (!row) throw notFound('File not found');
  return fileView(deps, row);
}

/**
 * Removes a file at once: its upload, test sample and results from the storage and their rows. A
 * file that was paid for keeps its row (deleted_at set, the job charge stays for the reports) and the
 * row of its upload, whose bytes are gone; any other file's row goes too. `still`, when given, asks
 * again under the file's row lock whether it should go (a sweep chose it from an earlier read).
 */
export async function deleteBureauFile(
  deps: Pick<BureauDeps, 'db' | 'fileStorage' | 'clock'>,
  fileId: number,
  still?: (trx: Trx, file: Q.FileRow) => Promise<boolean>,
): Promise<void> {
  const ids = await deps.db.transaction().execute(async (trx) => {
    const file = await Q.lockFile(trx, fileId);
    if (!file || (still && !(await still(trx, file)))) return [];
    const extra = [file.test_upload_id, file.results_upload_id].filter((id): id is string => id !== null);
    // Another file made with the same test sample (a given testFileServerId) keeps it.
    if (await Q.hasJobCharge(trx, file.id)) {
      await Q.updateFile(trx, file.id, { deleted_at: secondsOf(deps.clock), test_upload_id: null, results_upload_id: null });
      await Q.deleteUploads(trx, await unshared(trx, extra, file.id));
      return [file.upload_id, ...extra];
    }
    await Q.deleteFileRow(trx, file.id);
    const mine = await unshared(trx, [file.upload_id, ...extra], file.id);
    await Q.deleteUploads(trx, mine);
    return mine;
  });
  for (const id of ids) await deps.fileStorage.delete(id);
}

/** The uploads no other file uses. */
async function unshared(trx: Trx, ids: string[], fileId: number) {
  if (!ids.length) return [];
  const used = await Q.uploadsOfOtherFiles(trx, ids, fileId);
  const taken = new Set(used.flatMap((u) => [u.upload_id, u.test_upload_id, u.results_upload_id]));
  return ids.filter((id) => !taken.has(id));
}

export async function deleteFile(deps: BureauDeps, caller: BureauCaller, query: FileQuery) {
  const file = await ownFile(deps.db, caller.user, query.fileId, { wide: 'allowed' });
  await deleteBureauFile(deps, file.id, async (trx, locked) => {
    // Paid on the gateway's page after this, the order would take the money for results that are gone.
    if (await Q.pendingOrder(trx, locked.order_id)) throw conflict(bureauMessages.paying);
    return true;
  });
  return { msg: 'File deleted' };
}

export async function getInputFields(deps: BureauDeps, caller: BureauCaller, query: FileQuery): Promise<z.input<typeof S.getInputFields.response>> {
  const file = await ownFile(deps.db, caller.user, query.fileId);
  const view = await fileView(deps, file);
  const templates = await Q.filesWithSignature(deps.db, file.account_id, file.column_signature, file.id);
  return {
    inputFields: view.inputFields,
    delimiter: view.delimiter,
    hasHeader: view.hasHeader,
    encoding: view.encoding,
    detectedEncoding: view.detectedEncoding,
    templates: templates.map((t) => ({ fileId: t.id, name: t.name, createdAt: Number(t.created_at) })),
  };
}

export async function listMafs(deps: BureauDeps, caller: BureauCaller): Promise<z.input<typeof S.listMafs.response>> {
  const account = await ownAnyAccount(deps, caller);
  return (await Q.activeMafs(deps.db, account.territory)).map((m) => ({ mafId: m.id, mafName: m.name, mafCountryCode: m.country_code, territory: m.territory }));
}

/** A maf of the caller's territory (400 otherwise). */
async function ownMaf(deps: BureauDeps, caller: BureauCaller, mafId: number) {
  const account = await ownAnyAccount(deps, caller);
  const maf = (await Q.activeMafs(deps.db, account.territory)).find((m) => m.id === mafId);
  if (!maf) throw badRequest(`Reference file ${mafId} is not one of your territory's: see GET /mafs`);
  return maf;
}

export async function getSuppressionTypes(deps: BureauDeps, caller: BureauCaller) {
  await ownAnyAccount(deps, caller);
  return suppressionTypeList();
}

/** The maf's suppression lists with their record counts (the reference data must be loaded: 503 until then). */
export async function getSuppressionSettings(deps: BureauDeps, caller: BureauCaller, query: { mafId: number }) {
  const maf = await ownMaf(deps, caller, query.mafId);
  const { counts } = suppressionListOf(referenceIndex(deps, maf.territory));
  return suppressionGroupsOf(maf.id, counts);
}

export async function getFileSuppression(deps: BureauDeps, caller: BureauCaller, query: FileQuery) {
  return (await getFile(deps, caller, query)).suppression;
}

export async function getDedupeLevels(deps: BureauDeps, caller: BureauCaller) {
  await ownAnyAccount(deps, caller);
  return dedupeLevels;
}

export async function getOutputGroups(deps: BureauDeps, caller: BureauCaller, query: { mafId: number }) {
  await ownMaf(deps, caller, query.mafId);
  return outputGroups;
}

export async function getOutputFields(deps: BureauDeps, caller: BureauCaller, query: { mafId: number }) {
  await ownMaf(deps, caller, query.mafId);
  return outputFields;
}

export async function getFileOutputGroups(deps: BureauDeps, caller: BureauCaller, query: FileQuery) {
  return { outputGroupIds: (await getFile(deps, caller, query)).outputGroupIds };
}

/** The account of ?accountId when the caller owns it. */
async function retentionAccount(deps: BureauDeps, caller: BureauCaller, accountId: number) {
  await authoriseGroup(deps.db, caller.user, accountId, 'own');
  const account = await accountTerritory(deps.db, accountId);
  if (account?.type !== 'account') throw forbidden(noAccountMessage);
  return accountId;
}

export async function getRetention(deps: BureauDeps, caller: BureauCaller, query: { accountId: number }) {
  return retentionFor(deps.db, await retentionAccount(deps, caller, query.accountId));
}

export async function putRetention(deps: BureauDeps, caller: BureauCaller, input: { query: { accountId: number }; body: { uploadDays: number; resultDays: number } }) {
  const accountId = await retentionAccount(deps, caller, input.query.accountId);
  await Q.setRetention(deps.db, accountId, input.body.uploadDays, input.body.resultDays, secondsOf(deps.clock));
  return retentionFor(deps.db, accountId);
}
