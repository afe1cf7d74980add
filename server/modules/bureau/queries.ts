import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { fileLimits, type FileStatus, type InputField } from '../../../contract/bureau/entities';
import type { Territory } from '../../../contract/shared/territory';
import type { Db, Trx } from '../../db';
import type { BureauFilesTable } from '../../db/bureauSchema';
import type { UploadsTable } from '../../db/uploadSchema';
import { DAY } from '../../kernel/time';

// The rows of the bureau's files (migration 010), through Kysely.

/**
 * A file's row, with its column count. A file with more columns than fileLimits.columns (made
 * before that limit) is read with no columns (input_fields []): its columns, 36 MB of JSON for
 * 400,000 of them, stay in the database, and the calls that need them refuse it (ownFile). The
 * test's results are read by the test alone (testResultsOf): with every column of 300 rows they
 * are megabytes for a wide file, which every other call on the file would read and throw away.
 */
export type FileRow = Omit<Selectable<BureauFilesTable>, 'test_results'> & { column_count: number };

const plainColumns = [
  'id', 'account_id', 'user_id', 'territory', 'name', 'upload_id', 'test_upload_id', 'delimiter', 'has_header', 'use_quotes', 'encoding', 'detected_encoding', 'test_encoding', 'test_lines', 'row_count', 'test_row_count',
  'column_signature', 'template_file_id', 'maf_id', 'use_paf', 'dedupe_level', 'separate_file', 'suppression', 'output_groups', 'status', 'settings_version',
  'test_version', 'results', 'results_version', 'results_upload_id', 'progress_done', 'progress_total', 'failure', 'cost', 'order_id',
  'paid_at', 'results_at', 'created_at', 'updated_at', 'deleted_at',
] as const;
// Every column of the table is read: one added to the table and not here fails the type check.
type Unread = Exclude<keyof BureauFilesTable, (typeof plainColumns)[number] | 'input_fields' | 'test_results'>;
const everyColumn: [Unread] extends [never] ? true : Unread = true;
void everyColumn;

/** A file row's columns: input_fields only within the column limit (the count alone is read for a wider one), and column_count. */
const fileColumns = [
  ...plainColumns,
  sql<InputField[]>`case when jsonb_array_length(input_fields) <= ${sql.lit(fileLimits.columns)} then input_fields else '[]'::jsonb end`.as('input_fields'),
  sql<number>`jsonb_array_length(input_fields)`.as('column_count'),
] as const;

export async function findFile(db: Db | Trx, id: number, accountId: number): Promise<FileRow | undefined> {
  return db.selectFrom('bureau_files').select(fileColumns).where('id', '=', id).where('account_id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The file of `id` for ownFile (which checks its account), locked until the transaction ends when asked. */
export async function fileById(db: Db | Trx, id: number, lock?: 'update'): Promise<FileRow | undefined> {
  return db
    .selectFrom('bureau_files')
    .select(fileColumns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(lock === 'update', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The file's row held until the transaction ends (one settings change, one job step at a time). */
export async function lockFile(trx: Trx, id: number): Promise<FileRow | undefined> {
  return fileById(trx, id, 'update');
}

/** The account's files for the list: the summary's columns only. */
export async function listFiles(db: Db, accountId: number) {
  return db
    .selectFrom('bureau_files')
    .select(['id', 'name', 'status', 'row_count', 'created_at', 'results_at', 'results_upload_id'])
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertFile(trx: Trx, row: Insertable<BureauFilesTable>): Promise<FileRow> {
  return trx.insertInto('bureau_files').values(row).returning(fileColumns).executeTakeFirstOrThrow();
}

export async function updateFile(db: Db | Trx, id: number, values: Updateable<BureauFilesTable>, when?: { status?: readonly FileStatus[]; version?: number }): Promise<FileRow | undefined> {
  return db
    .updateTable('bureau_files')
    .set(values)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(when?.status !== undefined, (qb) => qb.where('status', 'in', when!.status!))
    .$if(when?.version !== undefined, (qb) => qb.where('settings_version', '=', when!.version!))
    .returning(fileColumns)
    .executeTakeFirst();
}

/** The test's results kept on the file (for the settings of test_version), or null. */
export async function testResultsOf(db: Db | Trx, id: number) {
  const row = await db.selectFrom('bureau_files').select(['test_results', 'test_version']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return row ?? null;
}

/** updateFile with nothing read back (the row of a wide test's results is megabytes): whether the row was changed. */
export async function setFile(db: Db | Trx, id: number, values: Updateable<BureauFilesTable>, when: { version: number }): Promise<boolean> {
  const done = await db.updateTable('bureau_files').set(values).where('id', '=', id).where('deleted_at', 'is', null).where('settings_version', '=', when.version).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Files of the account with these columns, newest first: the saved mappings offered again (their columns read by findFile). */
export async function filesWithSignature(db: Db, accountId: number, signature: string, except?: number) {
  return db
    .selectFrom('bureau_files')
    .select(['id', 'name', 'created_at', 'status'])
    .where('account_id', '=', accountId)
    .where('column_signature', '=', signature)
    .where('deleted_at', 'is', null)
    .$if(except !== undefined, (qb) => qb.where('id', '!=', except!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}

export async function insertUpload(trx: Db | Trx, row: Insertable<UploadsTable>): Promise<void> {
  await trx
    .insertInto('uploads')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ status: row.status, sha256: row.sha256, bytes: row.bytes, updated_at: row.updated_at }))
    .execute();
}

export async function deleteUploads(trx: Db | Trx, ids: readonly string[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('uploads').where('id', 'in', ids).execute();
}

/** The status of an order; undefined when there is no such order. */
export async function orderStatus(db: Db | Trx, orderId: number) {
  return (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst())?.status;
}

export async function pendingOrder(db: Db | Trx, orderId: number | null): Promise<boolean> {
  if (orderId === null) return false;
  return (await orderStatus(db, orderId)) === 'pending';
}

/** The invoice of an order; undefined when it has none. */
export function invoiceOfOrder(db: Db, orderId: number) {
  return db.selectFrom('invoices').select(['id', 'number', 'territory', 'issued_at']).where('order_id', '=', orderId).executeTakeFirst();
}

/** The file an order pays for, locked for update; undefined when none waits for it. */
export function fileOfOrderForUpdate(trx: Db, orderId: number) {
  return trx
    .selectFrom('bureau_files')
    .select(['id', 'account_id', 'maf_id', 'territory', 'status', 'results', 'cost'])
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** The name, account and results of the file an order pays for; undefined when none waits for it. */
export function fileOfOrder(db: Db, orderId: number) {
  return db.selectFrom('bureau_files').select(['name', 'account_id', 'results']).where('order_id', '=', orderId).executeTakeFirst();
}

/** Marks a file with results paid (a file in another state stays as it is). */
export async function markFilePaid(trx: Db, fileId: number, now: number): Promise<void> {
  await trx
    .updateTable('bureau_files')
    .set({ status: 'paid', paid_at: now, updated_at: now })
    .where('id', '=', fileId)
    .where('status', '=', 'results')
    .execute();
}

/** Fixes a file's cost and the order that pays it. */
export async function setFileOrder(trx: Db, fileId: number, values: Pick<Updateable<BureauFilesTable>, 'cost' | 'order_id' | 'updated_at'>): Promise<void> {
  await trx.updateTable('bureau_files').set(values).where('id', '=', fileId).execute();
}

/** Deletes a file's row. */
export async function deleteFileRow(trx: Trx, fileId: number): Promise<void> {
  await trx.deleteFrom('bureau_files').where('id', '=', fileId).execute();
}

/** The uploads of the files other than `fileId` that use any of the uploads given. */
export function uploadsOfOtherFiles(trx: Trx, ids: string[], fileId: number) {
  return trx
    .selectFrom('bureau_files')
    .select(['upload_id', 'test_upload_id', 'results_upload_id'])
    .where('id', '!=', fileId)
    .where((eb) => eb.or([eb('upload_id', 'in', ids), eb('test_upload_id', 'in', ids), eb('results_upload_id', 'in', ids)]))
    .execute();
}

/** The files left 'queued' (not deleted) since before `before`. */
export function queuedBefore(db: Db, before: number) {
  return db
    .selectFrom('bureau_files')
    .select(['id', 'settings_version', 'user_id', 'updated_at'])
    .where('status', '=', 'queued')
    .where('deleted_at', 'is', null)
    .where('updated_at', '<', before)
    .execute();
}

export async function hasJobCharge(trx: Db | Trx, fileId: number): Promise<boolean> {
  return (await trx.selectFrom('bureau_job_charges').select('id').where('file_id', '=', fileId).executeTakeFirst()) !== undefined;
}

export async function retentionOf(db: Db, accountId: number) {
  return db.selectFrom('bureau_retention').select(['upload_days', 'result_days']).where('account_id', '=', accountId).executeTakeFirst();
}

export async function setRetention(db: Db, accountId: number, uploadDays: number, resultDays: number, now: number): Promise<void> {
  await db
    .insertInto('bureau_retention')
    .values({ account_id: accountId, upload_days: uploadDays, result_days: resultDays, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ upload_days: uploadDays, result_days: resultDays, updated_at: now }))
    .execute();
}

export async function activeMafs(db: Db, territory?: Territory) {
  return db
    .selectFrom('bureau_mafs')
    .selectAll()
    .where('active', '=', true)
    .$if(territory !== undefined, (qb) => qb.where('territory', '=', territory!))
    .orderBy('id')
    .execute();
}

// ---- Retention ---------------------------------------------------------------------------------

/** How many days the file's account keeps `column` (uploads or results): its own setting, else `fallback`. */
const keptDays = (column: 'upload_days' | 'result_days', fallback: number) => sql<number>`coalesce((select ${sql.ref(column)} from bureau_retention r where r.account_id = bureau_files.account_id), ${fallback})`;

/** Files whose results are older than their account's result days (else `fallbackDays`) and still kept. */
const oldResultsAt = (db: Db | Trx, now: number, fallbackDays: number) =>
  db
    .selectFrom('bureau_files')
    .select(['id', 'results_upload_id', 'status'])
    .where('deleted_at', 'is', null)
    .where('results_upload_id', 'is not', null)
    .where('results_at', '<', sql<number>`${now} - ${keptDays('result_days', fallbackDays)} * ${DAY}`);

/** Files whose upload is older than their account's upload days (else `fallbackDays`), keeping no results and not being run. */
const oldFilesAt = (db: Db | Trx, now: number, fallbackDays: number) =>
  db
    .selectFrom('bureau_files')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('results_upload_id', 'is', null)
    .where('status', 'not in', ['queued', 'running'])
    .where('created_at', '<', sql<number>`${now} - ${keptDays('upload_days', fallbackDays)} * ${DAY}`);

/** Every file whose results have outlived their account's result days (else `fallbackDays`) at `now`. */
export function oldResults(db: Db | Trx, now: number, fallbackDays: number) {
  return oldResultsAt(db, now, fallbackDays).execute();
}

/** Whether the file's results have outlived their account's result days (else `fallbackDays`) at `now`. */
export async function hasOldResults(db: Db | Trx, fileId: number, now: number, fallbackDays: number): Promise<boolean> {
  return (await oldResultsAt(db, now, fallbackDays).where('id', '=', fileId).executeTakeFirst()) !== undefined;
}

/** Every file whose upload has outlived their account's upload days (else `fallbackDays`) at `now`. */
export function oldFiles(db: Db | Trx, now: number, fallbackDays: number) {
  return oldFilesAt(db, now, fallbackDays).execute();
}

/** Whether the file's upload has outlived its account's upload days (else `fallbackDays`) at `now`. */
export async function isOldFile(db: Db | Trx, fileId: number, now: number, fallbackDays: number): Promise<boolean> {
  return (await oldFilesAt(db, now, fallbackDays).where('id', '=', fileId).executeTakeFirst()) !== undefined;
}
