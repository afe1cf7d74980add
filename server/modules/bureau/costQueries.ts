import type { Insertable } from 'kysely';
import type { Territory } from '../../../contract/shared/territory';
import type { Db, Trx } from '../../db';
import type { BureauCostsTable, BureauJobChargesTable } from '../../db/bureauSchema';
import type { AppliesTo, PriceRow } from './pricing';

// The SQL of the bureau's admin costs, their cost types and the job charges written from them, through Kysely.

const priceColumns = [
  'bureau_costs.id',
  'bureau_costs.cost_type_id',
  'bureau_cost_types.name',
  'bureau_cost_types.applies_to',
  'bureau_costs.base_price',
  'bureau_costs.price_per_record',
  'bureau_costs.price_per_match',
  'bureau_costs.real_price_per_record',
  'bureau_costs.real_price_per_match',
  'bureau_costs.min_rec_count',
] as const;

type PriceSelect = {
  id: number;
  cost_type_id: number;
  name: string;
  applies_to: AppliesTo;
  base_price: number | string;
  price_per_record: number | string;
  price_per_match: number | string;
  real_price_per_record: number | string;
  real_price_per_match: number | string;
  min_rec_count: number;
};

// bigint columns come back as strings from PostgreSQL and as numbers from PGlite.
const priceRowOf = (row: PriceSelect): PriceRow => ({
  costId: row.id,
  costTypeId: row.cost_type_id,
  name: row.name,
  appliesTo: row.applies_to,
  basePrice: Number(row.base_price),
  pricePerRecord: Number(row.price_per_record),
  pricePerMatch: Number(row.price_per_match),
  realPricePerRecord: Number(row.real_price_per_record),
  realPricePerMatch: Number(row.real_price_per_match),
  minRecCount: Number(row.min_rec_count),
});

/** The admin costs of the territory in force at `at` (seconds): started, and not yet ended. */
export async function pricesAt(db: Db, territory: Territory, at: number): Promise<PriceRow[]> {
  const rows = await db
    .selectFrom('bureau_costs')
    .innerJoin('bureau_cost_types', 'bureau_cost_types.id', 'bureau_costs.cost_type_id')
    .select(priceColumns)
    .where('bureau_costs.territory', '=', territory)
    .where('bureau_costs.start_date', '<=', at)
    .where((eb) => eb.or([eb('bureau_costs.end_date', 'is', null), eb('bureau_costs.end_date', '>', at)]))
    .orderBy('bureau_costs.cost_type_id')
    .execute();
  return rows.map(priceRowOf);
}

/** Admin cost rows by id (the rows a file's fixed cost names), for the real prices of its job charge. */
export async function pricesById(db: Db, costIds: readonly number[]): Promise<Map<number, PriceRow>> {
  if (costIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bureau_costs')
    .innerJoin('bureau_cost_types', 'bureau_cost_types.id', 'bureau_costs.cost_type_id')
    .select(priceColumns)
    .where('bureau_costs.id', 'in', [...costIds])
    .execute();
  return new Map(rows.map((row) => [row.id, priceRowOf(row)]));
}


const costRows = (db: Db) =>
  db.selectFrom('bureau_costs').innerJoin('bureau_cost_types', 'bureau_cost_types.id', 'bureau_costs.cost_type_id').selectAll('bureau_costs').select('bureau_cost_types.name as costTypeName');

/** Every price, current and past, of the territory (all when left out), by territory and type, newest first, with its type's name. */
export function costHistory(db: Db, territory?: Territory) {
  return costRows(db)
    .$if(territory !== undefined, (qb) => qb.where('bureau_costs.territory', '=', territory!))
    .orderBy('bureau_costs.territory', 'desc')
    .orderBy('bureau_costs.cost_type_id')
    .orderBy('bureau_costs.start_date', 'desc')
    .orderBy('bureau_costs.id', 'desc')
    .execute();
}

/** One price with its type's name. */
export function costById(db: Db, id: number) {
  return costRows(db).where('bureau_costs.id', '=', id).executeTakeFirstOrThrow();
}

/** A cost type's row, locked for update (new prices of one type queue on it); undefined when there is none. */
export function costTypeForUpdate(trx: Trx, id: number) {
  return trx.selectFrom('bureau_cost_types').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The price of a type and territory that has no end (the current or last scheduled one). */
export function openPrice(trx: Trx, costTypeId: number, territory: Territory) {
  return trx
    .selectFrom('bureau_costs')
    .select(['id', 'start_date'])
    .where('cost_type_id', '=', costTypeId)
    .where('territory', '=', territory)
    .where('end_date', 'is', null)
    .executeTakeFirst();
}

/** Ends a price at `endDate`. */
export async function endPrice(trx: Trx, id: number, endDate: number): Promise<void> {
  await trx.updateTable('bureau_costs').set({ end_date: endDate }).where('id', '=', id).execute();
}

/** Adds a price and answers its id. */
export function insertPrice(trx: Trx, row: Insertable<BureauCostsTable>) {
  return trx.insertInto('bureau_costs').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Deletes the prices of a type and territory that start at or after `from`, answering their start and end. */
export function deletePricesFrom(trx: Trx, { costTypeId, territory, from }: { costTypeId: number; territory: Territory; from: number }) {
  return trx
    .deleteFrom('bureau_costs')
    .where('cost_type_id', '=', costTypeId)
    .where('territory', '=', territory)
    .where('start_date', '>=', from)
    .returning(['start_date', 'end_date'])
    .execute();
}

/** The price of a type and territory that ends at `from` ends at `to` instead (null: it is open). */
export async function moveEndOfPrice(trx: Trx, { costTypeId, territory, from, to }: { costTypeId: number; territory: Territory; from: number; to: number | null }): Promise<void> {
  await trx
    .updateTable('bureau_costs')
    .set({ end_date: to })
    .where('cost_type_id', '=', costTypeId)
    .where('territory', '=', territory)
    .where('end_date', '=', from)
    .execute();
}

/** The cost type of a price; undefined when there is no such price. */
export function costTypeOfPrice(trx: Trx, id: number) {
  return trx.selectFrom('bureau_costs').select('cost_type_id').where('id', '=', id).executeTakeFirst();
}

/** A price's type, territory and start; undefined when there is no such price. */
export function priceStart(trx: Trx, id: number) {
  return trx.selectFrom('bureau_costs').select(['cost_type_id', 'territory', 'start_date']).where('id', '=', id).executeTakeFirst();
}

/** Every reference file, active or not, by id. */
export function allMafs(db: Db) {
  return db.selectFrom('bureau_mafs').selectAll().orderBy('id').execute();
}

/** Every cost type, by id. */
export function allCostTypes(db: Db) {
  return db.selectFrom('bureau_cost_types').selectAll().orderBy('id').execute();
}

/** The id and name of the cost types given (every one when left out), by id. */
export function costTypeNames(db: Db, ids?: readonly number[]) {
  return db
    .selectFrom('bureau_cost_types')
    .select(['id', 'name'])
    .$if(ids !== undefined, (qb) => qb.where('id', 'in', [0, ...ids!]))
    .orderBy('id')
    .execute();
}

/** The transactions of the territory's job charges dated in the range (both ends included). */
export function chargeTransactionsIn(db: Db, range: { territory: Territory; startDate: number; endDate: number }) {
  return db
    .selectFrom('bureau_job_charges')
    .select('transactions')
    .where('territory', '=', range.territory)
    .where('date', '>=', range.startDate)
    .where('date', '<=', range.endDate)
    .execute();
}

/** The job charges dated in the range, newest first (at most 5000), of the given jobs and territory, with their file's and account's names. */
export function jobChargeRows(db: Db, range: { territory?: Territory; startDate: number; endDate: number; includedJobs?: number[] }) {
  return db
    .selectFrom('bureau_job_charges')
    .innerJoin('bureau_files', 'bureau_files.id', 'bureau_job_charges.file_id')
    .leftJoin('groups', 'groups.id', 'bureau_job_charges.account_id')
    .selectAll('bureau_job_charges')
    .select(['bureau_files.name as fileName', 'groups.name as accountName'])
    .where('bureau_job_charges.date', '>=', range.startDate)
    .where('bureau_job_charges.date', '<=', range.endDate)
    .$if(range.territory !== undefined, (qb) => qb.where('bureau_job_charges.territory', '=', range.territory!))
    .$if(range.includedJobs !== undefined, (qb) => qb.where('bureau_job_charges.id', 'in', [0, ...range.includedJobs!]))
    .orderBy('bureau_job_charges.date', 'desc')
    .orderBy('bureau_job_charges.id', 'desc')
    .limit(5000)
    .execute();
}

/** Writes a file's job charge, unless it has one (its unique file_id: a second charge is never written). */
export async function insertJobChargeOnce(trx: Db, row: Insertable<BureauJobChargesTable>): Promise<void> {
  await trx.insertInto('bureau_job_charges').values(row).onConflict((oc) => oc.column('file_id').doNothing()).execute();
}

/** An account's files with results made in the range (both ends included), with their order's status and job charge. */
export function resultsOfAccountIn(db: Db, range: { accId: number; dateFrom: number; dateTo: number }) {
  return db
    .selectFrom('bureau_files')
    .leftJoin('bureau_job_charges', 'bureau_job_charges.file_id', 'bureau_files.id')
    .leftJoin('orders', 'orders.id', 'bureau_files.order_id')
    .select([
      'bureau_files.maf_id',
      'bureau_files.territory',
      'bureau_files.use_paf',
      'bureau_files.dedupe_level',
      'bureau_files.suppression',
      'bureau_files.results',
      'bureau_files.cost',
      'orders.status as orderStatus',
      'bureau_job_charges.total_charges as charged',
    ])
    .where('bureau_files.account_id', '=', range.accId)
    .where('bureau_files.results', 'is not', null)
    .where('bureau_files.results_at', '>=', range.dateFrom)
    .where('bureau_files.results_at', '<=', range.dateTo)
    .execute();
}

/** The reference files of the territory and those of the ids given, by id. */
export function mafsOfTerritoryOr(db: Db, territory: Territory, ids: readonly number[]) {
  return db
    .selectFrom('bureau_mafs')
    .select(['id', 'name', 'country_code', 'territory'])
    .where((eb) => eb.or([eb('territory', '=', territory), eb('id', 'in', [0, ...ids])]))
    .orderBy('id')
    .execute();
}
