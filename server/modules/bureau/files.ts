import type { z } from 'zod';
import type { BureauFile, FileResults, FileStatus, FileSummary } from '../../../contract/bureau/entities';
import { bureauTerritories, delimiters, fileLimitMessages, fileLimits } from '../../../contract/bureau/entities';
import type { Territory } from '../../../contract/shared/territory';
import type { bureauFile } from '../../../contract/bureau/entities';
import { refusal } from '../../../contract/shared/access';
import type { Db, Trx } from '../../db';
import { badRequest, conflict, notFound } from '../../errors';
import { DAY } from '../../kernel/time';
import type { Deps } from '../../kernel/deps';
import { ownAccount, ownedAccount, type FileCaller } from '../files/index';
import { assertMay, isRowId, levels, type Caller } from '../access/index';
import { defaultSuppression, suppressionGroupsOf } from './catalogue';
import * as Q from './queries';

// Who may act on a bureau file and how a file row reads. Every call acts for an owner of the
// account in the caller's session (the token's accountId); the file calls are for UK accounts only
// (spec section 2), and another account's file is simply not found. The money helper's calls
// (costs, pay, stats) use ownFile and resultsOf from here: one ownership check for both.

export type BureauCaller = FileCaller;
export type BureauDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'fileStorage' | 'jobs' | 'addressDatasets' | 'log'>;

/** Spec section 2: the file routes are for UK accounts. */
const fileTerritory: Territory = bureauTerritories[0];

export const fileNotFoundMessage = 'File not found';
export const bureauMessages = {
  busy: 'The results are being made: wait until they are ready, then change the settings (changing them will discard those results)',
  paid: 'The results of this file are paid for, so its settings can no longer change: upload the file again to cleanse it another way',
  paying: 'A payment for these results is in progress: finish or cancel it first',
  notMapped: 'Confirm the field mapping first (PUT /files/inputfields)',
  noResults: 'There are no results for this file yet: create them first',
  notPaid: 'Pay for the results to download them',
  stillRunning: 'The results are still being made: wait until they are ready',
  resultsGone: 'The results of this file are no longer kept: the retention period has passed',
} as const;

/** The UK account of the session the caller owns (403 with the spec's message for an Australian one). */
export const ownBureauAccount = (deps: Pick<Deps, 'db'>, caller: BureauCaller) => ownAccount(deps, caller, fileTerritory);
/** The account of the session the caller owns, any territory (the catalogue reads). */
export const ownAnyAccount = (deps: Pick<Deps, 'db'>, caller: BureauCaller) => ownedAccount(deps, caller);

/**
 * The file of `fileId` for an owner of its account (spec section 2: the file routes and their money
 * are the owner's), for the file calls and the money calls (costs, pay) alike. Someone with no access
 * to the account, or a deleted file, gets 404, so ids cannot be probed; a member or staff gets the
 * owners-only refusal. `lock: 'update'` holds the row until the caller's transaction ends. Files are made in the
 * session's UK account only (POST /files), so a file is always a UK account's.
 * A file with more columns than fileLimits.columns (made before that limit) is refused with the
 * limit's 400 unless `wide` allows it: the calls that need no columns (delete, the results made and
 * paid for, their download) take it; the others would read, map or return its columns.
 */
export async function ownFile(db: Db | Trx, caller: Caller, fileId: number, options: { lock?: 'update'; wide?: 'allowed' } = {}): Promise<Q.FileRow> {
  if (!isRowId(fileId)) throw notFound(fileNotFoundMessage);
  const file = await Q.fileById(db, fileId, options.lock);
  if (!file) throw notFound(fileNotFoundMessage);
  const { level } = (await levels(db, caller.id, [file.account_id])).get(file.account_id)!;
  // A file of a group the caller has no access to is not theirs to know of.
  if (refusal(caller, { level }, 'own') === 'noAccess') throw notFound(fileNotFoundMessage);
  assertMay(caller, level, 'own');
  if (options.wide !== 'allowed') assertColumnsAccepted(file);
  return file;
}

/** 400 naming the limit for a file with more columns than fileLimits.columns (one made before the limit). */
export function assertColumnsAccepted(file: Pick<Q.FileRow, 'column_count'>): void {
  if (file.column_count > fileLimits.columns) throw badRequest(fileLimitMessages.columns(file.column_count));
}

/** The file's results (spec: File results) once made, else null. */
export const resultsOf = (file: Pick<Q.FileRow, 'results' | 'status'>): FileResults | null =>
  file.results && (file.status === 'results' || file.status === 'paid') ? file.results : null;

/** Statuses whose settings may change (results made and not paid are discarded by a change). */
export const changeable: readonly FileStatus[] = ['mapping', 'ready', 'results', 'failed', 'discarded'];

/** Refuses a settings change (or a discard) while results are made or paid for, or a payment is under way. */
export async function assertChangeable(deps: Pick<Deps, 'db'>, file: Q.FileRow): Promise<void> {
  if (file.status === 'queued' || file.status === 'running') throw conflict(bureauMessages.busy);
  if (file.status === 'paid') throw conflict(bureauMessages.paid);
  if (await Q.pendingOrder(deps.db, file.order_id)) throw conflict(bureauMessages.paying);
}

export function toSummary(file: Pick<Q.FileRow, 'id' | 'name' | 'status' | 'row_count' | 'created_at' | 'results_at' | 'results_upload_id'>, resultDays: number): FileSummary {
  return {
    id: file.id,
    name: file.name,
    status: file.status,
    rowCount: file.row_count,
    createdAt: Number(file.created_at),
    expiresAt: file.results_at === null || file.results_upload_id === null ? null : Number(file.results_at) + resultDays * DAY,
  };
}

/** The stored delimiter as one of the engine's. */
export const delimiterOf = (d: string) => delimiters.find((x) => x === d) ?? ',';

export function toBureauFile(file: Q.FileRow, resultDays: number): z.input<typeof bureauFile> & BureauFile {
  const groups = file.maf_id === null ? [] : suppressionGroupsOf(file.maf_id);
  const stored = { ...(file.maf_id === null ? {} : defaultSuppression(file.maf_id)), ...file.suppression };
  return {
    ...toSummary(file, resultDays),
    fileServerId: file.upload_id,
    testFileServerId: file.test_upload_id,
    delimiter: delimiterOf(file.delimiter),
    hasHeader: file.has_header,
    useQuotes: file.use_quotes,
    encoding: file.encoding,
    detectedEncoding: file.detected_encoding,
    testRowCount: file.test_row_count,
    inputFields: file.input_fields,
    templateFileId: file.template_file_id,
    mafId: file.maf_id,
    usePAF: file.use_paf,
    dedupeLevel: file.dedupe_level,
    separateFile: file.separate_file,
    suppression: groups.map((g) => ({ suppressGroupId: g.suppressGroupId, suppressSetting: stored[String(g.suppressGroupId)] ?? g.defaultSetting })),
    outputGroupIds: file.output_groups,
    settingsVersion: file.settings_version,
    // test_version is written with the test's results only (getTestResults).
    tested: file.test_version === file.settings_version,
    progress: { done: Number(file.progress_done), total: Number(file.progress_total) },
    failure: file.failure,
    paidAt: file.paid_at === null ? null : Number(file.paid_at),
  };
}

export const defaultRetention = { uploadDays: 30, resultDays: 30 } as const;

export async function retentionFor(db: Deps['db'], accountId: number) {
  const row = await Q.retentionOf(db, accountId);
  return row ? { uploadDays: row.upload_days, resultDays: row.result_days } : { ...defaultRetention };
}

/** The file as the calls answer it, with its account's retention for expiresAt. */
export async function fileView(deps: Pick<Deps, 'db'>, file: Q.FileRow) {
  return toBureauFile(file, (await retentionFor(deps.db, file.account_id)).resultDays);
}
