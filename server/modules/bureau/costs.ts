import type { FileCosts, FileResults } from '../../../contract/bureau/entities';
import type { Db } from '../../db';
import { conflict } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import type { Caller } from '../access/index';
import { ownFile } from './files';
import { pricesAt } from './costQueries';
import { priceFile, type PricedFile } from './pricing';
import { orderStatus, type FileRow } from './queries';

// GET /files/results/costs ?fileId: what the file's results cost. The price comes from the admin
// costs in force now until the file is paid for; POST /files/results/pay fixes it into the file's
// cost, so a price changed while the payment is under way does not change that order.

export type { FileRow };

export const noResults = () => conflict('This file has no results yet: run the full results first');

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
  const status = await orderStatus(db, file.order_id);
  return status === 'pending' || status === 'paid';
}

/** The price of the file's results from the admin costs in force at `now`. */
export async function currentCost(db: Db, file: FileRow, now: number): Promise<FileCosts> {
  const priced = pricedFileOf(file);
  if (!priced) throw noResults();
  return priceFile(file.territory, priced, await pricesAt(db, file.territory, now));
}

/** GET /files/results/costs ?fileId. */
export async function getResultCosts(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: { fileId: number }): Promise<FileCosts> {
  const file = await ownFile(deps.db, caller, query.fileId, { wide: 'allowed' });
  if ((file.status !== 'results' && file.status !== 'paid') || file.results === null) throw noResults();
  if (file.cost !== null && (await fixedCostStands(deps.db, file))) return file.cost;
  return currentCost(deps.db, file, secondsOf(deps.clock));
}

/** GET /files/prices ?fileId: the admin prices in force now for the file's territory, and its record count. */
export async function getFilePrices(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: { fileId: number }) {
  const file = await ownFile(deps.db, caller, query.fileId, { wide: 'allowed' });
  const prices = await pricesAt(deps.db, file.territory, secondsOf(deps.clock));
  return {
    territory: file.territory,
    records: file.row_count,
    prices: prices.map(({ costTypeId, name, appliesTo, basePrice, pricePerRecord, pricePerMatch, minRecCount }) => ({ costTypeId, name, appliesTo, basePrice, pricePerRecord, pricePerMatch, minRecCount })),
  };
}
