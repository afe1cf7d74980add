import type { Insertable, Selectable, Updateable } from 'kysely';
import type { FileStatus } from '../../../contract/bureau/entities';
import type { Territory } from '../../../contract/shared/territory';
import type { Db, Trx } from '../../db';
import type { BureauFilesTable } from '../../db/bureauSchema';
import type { UploadsTable } from '../../db/uploadSchema';

// The rows of the bureau's files (migration 010), through Kysely.

export type FileRow = Selectable<BureauFilesTable>;

export async function findFile(db: Db | Trx, id: number, accountId: number): Promise<FileRow | undefined> {
  return db.selectFrom('bureau_files').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The file's row held until the transaction ends (one settings change, one job step at a time). */
export async function lockFile(trx: Trx, id: number): Promise<FileRow | undefined> {
  return trx.selectFrom('bureau_files').selectAll().where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function listFiles(db: Db, accountId: number): Promise<FileRow[]> {
  return db.selectFrom('bureau_files').selectAll().where('account_id', '=', accountId).where('deleted_at', 'is', null).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function insertFile(trx: Trx, row: Insertable<BureauFilesTable>): Promise<FileRow> {
  return trx.insertInto('bureau_files').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateFile(db: Db | Trx, id: number, values: Updateable<BureauFilesTable>, when?: { status?: readonly FileStatus[]; version?: number }): Promise<FileRow | undefined> {
  return db
    .updateTable('bureau_files')
    .set(values)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .$if(when?.status !== undefined, (qb) => qb.where('status', 'in', when!.status!))
    .$if(when?.version !== undefined, (qb) => qb.where('settings_version', '=', when!.version!))
    .returningAll()
    .executeTakeFirst();
}

/** Files of the account with these columns, newest first: the saved mappings offered again. */
export async function filesWithSignature(db: Db, accountId: number, signature: string, except?: number) {
  return db
    .selectFrom('bureau_files')
    .select(['id', 'name', 'created_at', 'input_fields', 'status'])
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

export async function pendingOrder(db: Db | Trx, orderId: number | null): Promise<boolean> {
  if (orderId === null) return false;
  const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return order?.status === 'pending';
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
