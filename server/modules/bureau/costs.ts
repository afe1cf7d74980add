import type { Selectable } from 'kysely';
import type { FileCosts, FileResults } from '../../../contract/bureau/entities';
import { accessRefusals, refusal } from '../../../contract/shared/access';
import type { Db } from '../../db';
import type { BureauFilesTable } from '../../db/bureauSchema';
import { conflict, forbidden, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../deps';
import { isRowId, type Actor } from '../groups/access';
import { levels } from '../groups/queries';
import { priceFile, pricesAt, type PricedFile } from './pricing';

// GET /files/results/costs ?fileId: what the file's results cost. The price comes from the admin
// costs in force now until the file is paid for; POST /files/results/pay fixes it into the file's
// cost, so a price changed while the payment is under way does not change that order.

export type FileRow = Selectable<BureauFilesTable>;

export const fileMissing = () => notFound('File not found');
export const noResults = () => conflict('This file has no results yet: run the full results first');

/**
 * The file of `fileId`, for an owner of its account (spec section 2: the file routes are the
 * owner's). Another user's file, or a deleted one, is no file of theirs: 404, so ids cannot be
 * probed. `lock` holds the row until the caller's transaction ends.
 */
export async function ownedFile(db: Db, actor: Actor, fileId: number, lock?: 'update'): Promise<FileRow> {
  if (!isRowId(fileId)) throw fileMissing();
  const file = await db
    .selectFrom('bureau_files')
    .selectAll()
    .where('id', '=', fileId)
    .where('deleted_at', 'is', null)
    .$if(lock === 'update', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!file) throw fileMissing();
  const { level } = (await levels(db, actor.id, [file.account_id])).get(file.account_id)!;
  const why = refusal(actor, { level }, 'own');
  if (why === 'noAccess') throw fileMissing();
  if (why) throw forbidden(accessRefusals[why]);
  return file;
}

/** What prices the file: its settings and results (null while it has none). */
export function pricedFileOf(file: FileRow): PricedFile | null {
  const results: FileResults | null = file.results;
  if (results === null) return null;
  return { usePaf: file.use_paf, dedupeLevel: file.dedupe_level, suppression: file.suppression ?? {}, results };
}

/** Whether the file's fixed cost still stands: it is paid, or its order is under way at the gateway. */
export async function fixedCostStands(db: Db, file: FileRow): Promise<boolean> {
  if (file.cost === null) return false;
  if (file.status === 'paid') return true;
  if (file.order_id === null) return false;
  const order = await db.selectFrom('orders').select('status').where('id', '=', file.order_id).executeTakeFirst();
  return order?.status === 'pending' || order?.status === 'paid';
}

/** The price of the file's results from the admin costs in force at `now`. */
export async function currentCost(db: Db, file: FileRow, now: number): Promise<FileCosts> {
  const priced = pricedFileOf(file);
  if (!priced) throw noResults();
  return priceFile(file.territory, priced, await pricesAt(db, file.territory, now));
}

/** GET /files/results/costs ?fileId. */
export async function getResultCosts(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, query: { fileId: number }): Promise<FileCosts> {
  const file = await ownedFile(deps.db, actor, query.fileId);
  if ((file.status !== 'results' && file.status !== 'paid') || file.results === null) throw noResults();
  if (file.cost !== null && (await fixedCostStands(deps.db, file))) return file.cost;
  return currentCost(deps.db, file, secondsOf(deps.clock));
}
