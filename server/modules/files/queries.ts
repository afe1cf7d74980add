import type { Insertable, Selectable } from 'kysely';
import type { Db, Trx } from '../../db';
import type { UploadChunksTable, UploadsTable } from '../../db/uploadSchema';
import type { ChunkDigest } from '../../platform/fileStorage';
import type { Territory } from '../../../contract/shared/territory';

// The rows of the file servers' uploads (migrations 009 and 012).

export type UploadRow = Selectable<UploadsTable>;

export async function accountTerritory(db: Db, accountId: number) {
  return db.selectFrom('groups').select(['type', 'territory']).where('id', '=', accountId).executeTakeFirst();
}

export async function insertUpload(db: Db, row: Insertable<UploadsTable>): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

/** The upload when it is this user's, in this account, on this territory's server. */
export async function findUpload(
  db: Db,
  where: { id: string; userId: number; accountId: number; territory: Territory },
): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', where.id)
    .where('user_id', '=', where.userId)
    .where('account_id', '=', where.accountId)
    .where('territory', '=', where.territory)
    .executeTakeFirst();
}

/** Holds the upload's row until the transaction ends: one chunk or one end at a time, across processes. */
export async function lockUpload(trx: Trx, id: string): Promise<UploadRow | undefined> {
  return trx.selectFrom('uploads').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findChunk(db: Db | Trx, uploadId: string, idx: number) {
  return db.selectFrom('upload_chunks').select(['size', 'sha256', 'prefix_sha256']).where('upload_id', '=', uploadId).where('idx', '=', idx).executeTakeFirst();
}

/** The digest of chunks 0 .. idx that chunk idx's row keeps, or null (it keeps its own, or there is none). */
export async function prefixDigest(db: Db | Trx, uploadId: string, idx: number): Promise<string | null> {
  const row = await db.selectFrom('upload_chunks').select('prefix_sha256').where('upload_id', '=', uploadId).where('idx', '=', idx).executeTakeFirst();
  return row?.prefix_sha256 ?? null;
}

export async function chunkIndexes(db: Db, uploadId: string): Promise<number[]> {
  const rows = await db.selectFrom('upload_chunks').select('idx').where('upload_id', '=', uploadId).orderBy('idx').execute();
  return rows.map((row) => row.idx);
}

export async function insertChunk(trx: Trx, row: Insertable<UploadChunksTable>): Promise<void> {
  await trx.insertInto('upload_chunks').values(row).execute();
}

export async function chunkAdded(trx: Trx, id: string, size: number, now: number): Promise<void> {
  await trx
    .updateTable('uploads')
    .set((eb) => ({ chunk_count: eb('chunk_count', '+', 1), bytes: eb('bytes', '+', size), updated_at: now }))
    .where('id', '=', id)
    .execute();
}

/** Each chunk's digest (its own, or that of the chunks up to it), in order. */
export async function chunkDigests(db: Db, uploadId: string): Promise<ChunkDigest[]> {
  const rows = await db.selectFrom('upload_chunks').select(['sha256', 'prefix_sha256']).where('upload_id', '=', uploadId).orderBy('idx').execute();
  return rows.map((row) => (row.prefix_sha256 === null ? { chunk: row.sha256! } : { prefix: row.prefix_sha256 }));
}

/** Forgets chunks `idx` onwards: the upload expects chunk `idx` next. */
export async function dropChunksFrom(trx: Trx, id: string, idx: number, now: number): Promise<void> {
  await trx.deleteFrom('upload_chunks').where('upload_id', '=', id).where('idx', '>=', idx).execute();
  const kept = await trx.selectFrom('upload_chunks').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes')).where('upload_id', '=', id).executeTakeFirstOrThrow();
  await trx.updateTable('uploads').set({ chunk_count: idx, bytes: Number(kept.bytes), updated_at: now }).where('id', '=', id).execute();
}

export async function completeUpload(trx: Trx, id: string, values: { sha256: string; bytes: number; updated_at: number }): Promise<void> {
  await trx.updateTable('uploads').set({ status: 'complete', ...values }).where('id', '=', id).execute();
}

/** The bureau file whose results zip this upload is (its download waits for payment), if any. */
export async function resultsFileOf(db: Db, uploadId: string) {
  return db.selectFrom('bureau_files').select(['account_id', 'status']).where('results_upload_id', '=', uploadId).where('deleted_at', 'is', null).executeTakeFirst();
}
