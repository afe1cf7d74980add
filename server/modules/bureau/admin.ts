import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AdminCost, JobCharge, Maf } from '../../../contract/bureau/entities';
import type { costType, royaltyCharge } from '../../../contract/bureau/entities';
import type { createCost as createCostShape } from '../../../contract/bureau/schemas';
import type { Territory } from '../../../contract/shared/territory';
import type { Db, Trx } from '../../db';
import type { BureauCostsTable } from '../../db/bureauSchema';
import { badRequest, conflict, notFound } from '../../errors';
import { secondsOf, utcDate } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertAdmin, type Caller } from '../access/index';
import { allCostTypes, allMafs, chargeTransactionsIn, costById, costHistory, costTypeForUpdate, costTypeNames, costTypeOfPrice, deletePricesFrom, endPrice, insertPrice, jobChargeRows, moveEndOfPrice, openPrice, priceStart } from './costQueries';
import { priceScale } from './pricing';

// The bureau's administration (spec section 2, /administration/addresscleanse; roles admin and
// super): the admin costs with their history, a new price (POST /admin/costs), the reference files
// and cost types, and the royalty and job charges reports over a date range.

type CostRow = Selectable<BureauCostsTable> & { costTypeName: string };
type CreateCostBody = z.output<typeof createCostShape.body>;

/** A price per record or match as stored (ten-thousandths of a minor unit) from the API's decimal minor units. */
const stored = (price: number) => Math.round(price * priceScale);

const adminCostOf = (row: CostRow): AdminCost => ({
  costId: row.id,
  costTypeId: row.cost_type_id,
  costTypeName: row.costTypeName,
  basePrice: Number(row.base_price),
  pricePerMatch: Number(row.price_per_match) / priceScale,
  pricePerRecord: Number(row.price_per_record) / priceScale,
  realPricePerMatch: Number(row.real_price_per_match) / priceScale,
  realPricePerRecord: Number(row.real_price_per_record) / priceScale,
  territory: row.territory,
  minRecCount: Number(row.min_rec_count),
  startDate: Number(row.start_date),
  endDate: row.end_date === null ? null : Number(row.end_date),
});

/** GET /admin/costs ?territory: every price, current and past, by territory and type, newest first. */
export async function listCosts(db: Db, caller: Caller, query: { territory?: Territory }): Promise<AdminCost[]> {
  assertAdmin(caller);
  const rows = await costHistory(db, query.territory);
  return rows.map(adminCostOf);
}

/**
 * POST /admin/costs: a new price of a cost type in a territory from startDate (now when left out).
 * In one transaction, under the cost type's row lock (so two new prices at once queue): scheduled
 * prices that have not started and would start on or after startDate are replaced (they go, and the
 * price before them is current again), then the current price ends at startDate and the new one
 * begins. A start before the current price's start is refused: a price that has started stays.
 */
export async function createCost(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, body: CreateCostBody): Promise<AdminCost> {
  assertAdmin(caller);
  const now = secondsOf(deps.clock);
  const startDate = body.startDate ?? now;
  const id = await deps.db.transaction().execute(async (trx) => {
    const type = await costTypeForUpdate(trx, body.costTypeId);
    if (!type) throw notFound('Cost type not found');
    await dropScheduled(trx, { costTypeId: body.costTypeId, territory: body.territory, from: Math.max(startDate, now + 1) });
    const current = await openPrice(trx, body.costTypeId, body.territory);
    if (current && startDate < Number(current.start_date)) {
      throw badRequest(`The new price must start on or after the current price's start (${utcDate(Number(current.start_date))})`);
    }
    if (current) await endPrice(trx, current.id, startDate);
    const row = await insertPrice(trx, {
      cost_type_id: body.costTypeId,
      territory: body.territory,
      base_price: body.basePrice,
      price_per_record: stored(body.pricePerRecord),
      price_per_match: stored(body.pricePerMatch),
      real_price_per_record: stored(body.realPricePerRecord),
      real_price_per_match: stored(body.realPricePerMatch),
      min_rec_count: body.minRecCount,
      start_date: startDate,
      end_date: null,
      created_by: caller.id,
      created_at: now,
    });
    return row.id;
  });
  return adminCostOf(await costById(deps.db, id));
}

/**
 * Removes the prices of a type and territory that start at or after `from` (callers keep `from` after
 * now, so only prices that have not started go); the price that ended where the first of them began
 * runs on where the last of them ended (open again when they were the newest).
 */
async function dropScheduled(trx: Trx, { costTypeId, territory, from }: { costTypeId: number; territory: Territory; from: number }): Promise<number> {
  const gone = await deletePricesFrom(trx, { costTypeId, territory, from });
  if (gone.length === 0) return 0;
  const firstStart = Math.min(...gone.map((g) => Number(g.start_date)));
  const ends = gone.map((g) => (g.end_date === null ? null : Number(g.end_date)));
  const lastEnd = ends.includes(null) ? null : Math.max(...(ends as number[]));
  await moveEndOfPrice(trx, { costTypeId, territory, from: firstStart, to: lastEnd });
  return gone.length;
}

/** The refusal of withdrawing a price that has started. */
export const startedPriceRefusal = 'This price has started: it stays in the price history. Add a new price to change it.';

/**
 * DELETE /admin/costs ?costId: withdraws a scheduled price that has not started (and any scheduled
 * after it, which would otherwise follow a gap); the price before it runs on. Under the cost type's
 * row lock, as a new price.
 */
export async function withdrawCost(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, query: { costId: number }) {
  assertAdmin(caller);
  const now = secondsOf(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    const found = await costTypeOfPrice(trx, query.costId);
    if (!found) throw notFound(priceNotFound);
    await costTypeForUpdate(trx, found.cost_type_id);
    const cost = await priceStart(trx, query.costId);
    if (!cost) throw notFound(priceNotFound);
    if (Number(cost.start_date) <= now) throw conflict(startedPriceRefusal);
    await dropScheduled(trx, { costTypeId: cost.cost_type_id, territory: cost.territory, from: Number(cost.start_date) });
  });
  return { msg: 'Price withdrawn' };
}

const priceNotFound = 'Price not found';

/** GET /admin/mafs: every reference file, active or not. */
export async function listAdminMafs(db: Db, caller: Caller): Promise<Maf[]> {
  assertAdmin(caller);
  const rows = await allMafs(db);
  return rows.map((row) => ({ mafId: row.id, mafName: row.name, mafCountryCode: row.country_code, territory: row.territory }));
}

/** GET /admin/costtypes. */
export async function listCostTypes(db: Db, caller: Caller): Promise<z.infer<typeof costType>[]> {
  assertAdmin(caller);
  const rows = await allCostTypes(db);
  return rows.map((row) => ({ costTypeId: row.id, name: row.name, description: row.description, appliesTo: row.applies_to }));
}

function checkRange(range: { startDate: number; endDate: number }): void {
  if (range.startDate > range.endDate) throw badRequest('The end date is before the start date');
}

/** GET /admin/royaltycharges: per cost type, the job charges of the territory dated in the range. */
export async function royaltyCharges(
  db: Db,
  caller: Caller,
  query: { territory: Territory; startDate: number; endDate: number; includedTypes?: number[] },
): Promise<z.infer<typeof royaltyCharge>[]> {
  assertAdmin(caller);
  checkRange(query);
  const types = await costTypeNames(db, query.includedTypes);
  const charges = await chargeTransactionsIn(db, query);
  const totals = new Map(types.map((type) => [type.id, { costTypeId: type.id, name: type.name, territory: query.territory, jobs: 0, records: 0, matches: 0, charges: 0, realCharges: 0 }]));
  for (const charge of charges) {
    for (const line of charge.transactions) {
      const total = totals.get(line.costTypeId);
      if (!total) continue;
      total.jobs += 1;
      total.records += line.records;
      total.matches += line.matches;
      total.charges += line.charge;
      total.realCharges += line.realCharge;
    }
  }
  return [...totals.values()];
}

/** GET /admin/jobcharges: the job charges dated in the range, newest first, of the given jobs and territory. */
export async function jobCharges(
  db: Db,
  caller: Caller,
  query: { territory?: Territory; startDate: number; endDate: number; includedJobs?: number[] },
): Promise<JobCharge[]> {
  assertAdmin(caller);
  checkRange(query);
  const rows = await jobChargeRows(db, query);
  return rows.map((row) => ({
    jobId: row.id,
    accId: row.account_id,
    accountName: row.accountName ?? '',
    fileName: row.fileName,
    mafId: row.maf_id,
    territory: row.territory,
    totalCharges: Number(row.total_charges),
    totalRealCharges: Number(row.total_real_charges),
    totalCount: Number(row.total_count),
    date: Number(row.date),
    isPostPay: row.is_post_pay,
    transactions: row.transactions,
  }));
}
