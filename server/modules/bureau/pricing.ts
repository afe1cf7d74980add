import type { DedupeLevelKey, FileCosts, FileResults, SuppressSetting } from '../../../contract/bureau/entities';
import { costApplies, lineAmount, priceScale } from '../../../contract/shared/bureauPrice';
import { currencyCodes, orderTotals, salesTax } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import type { Db } from '../../db';
import type { BureauCostTypesTable, ChargeTransaction } from '../../db/bureauSchema';

// The price of a file's results, from the admin costs (spec section 3, Admin cost): every cost type
// that applies to the file's settings is a line of base price + (charged records x price per record +
// matches x price per match), the per-record and per-match prices being in ten-thousandths of a
// minor unit, rounded half up to a whole minor unit once per line. Net, tax and total as the shop's.

export type AppliesTo = BureauCostTypesTable['applies_to'];

/** One admin cost row with its type, prices as stored (per record / match in ten-thousandths). */
export type PriceRow = {
  costId: number;
  costTypeId: number;
  name: string;
  appliesTo: AppliesTo;
  basePrice: number;
  pricePerRecord: number;
  pricePerMatch: number;
  realPricePerRecord: number;
  realPricePerMatch: number;
  minRecCount: number;
};

/** What of a file decides its price: its settings and its results. */
export type PricedFile = {
  usePaf: boolean;
  dedupeLevel: DedupeLevelKey | null;
  suppression: Record<string, SuppressSetting>;
  results: FileResults;
};

export { lineAmount, priceScale };

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

const sum = (values: Record<string, number | undefined>) => Object.values(values).reduce<number>((total, n) => total + (n ?? 0), 0);

/**
 * The records and matches a cost type charges for, or null when it does not apply: cleanse always
 * (matches: matched + updated); paf when PAF addresses are used (matched + updated); dedupe when a
 * level is set (matches: the child records found); suppression when any list is not off (matches:
 * records suppressed or flagged).
 */
export function usageOf(appliesTo: AppliesTo, file: PricedFile): { records: number; matches: number } | null {
  const { results } = file;
  const screening = Object.values(file.suppression).some((setting) => setting !== 'off');
  if (!costApplies(appliesTo, { usePaf: file.usePaf, dedupe: file.dedupeLevel !== null, screening })) return null;
  const records = results.inputRecordCount;
  const coded = results.codingStats.matched + results.codingStats.updated;
  switch (appliesTo) {
    case 'cleanse':
    case 'paf':
      return { records, matches: coded };
    case 'dedupe':
      return { records, matches: results.dedupeStats.child };
    case 'suppression':
      return { records, matches: sum(results.suppressionRemovedStats) + sum(results.suppressionFlaggedStats) };
  }
}

/** The file's price lines from the given admin costs, with net, tax and total (spec: GET /files/results/costs). */
export function priceFile(territory: Territory, file: PricedFile, prices: readonly PriceRow[]): FileCosts {
  const lines = prices.flatMap((price) => {
    const used = usageOf(price.appliesTo, file);
    if (!used) return [];
    const records = Math.max(used.records, price.minRecCount);
    return [
      {
        costId: price.costId,
        costTypeId: price.costTypeId,
        name: price.name,
        basePrice: price.basePrice,
        pricePerRecord: price.pricePerRecord / priceScale,
        pricePerMatch: price.pricePerMatch / priceScale,
        records,
        matches: used.matches,
        amount: lineAmount(price.basePrice, price.pricePerRecord, price.pricePerMatch, records, used.matches),
      },
    ];
  });
  const totals = orderTotals(lines.map((line) => line.amount), territory);
  return { territory, currency: currencyCodes[territory], lines, ...totals, taxRateBasisPoints: salesTax[territory].rateBasisPoints };
}

/**
 * The job charge's transactions of a paid file: per priced line, what the customer was charged and
 * the royalty (real charge) owed the data owner on the records actually processed, at the real
 * prices of the same admin cost row.
 */
export function chargeTransactions(costs: FileCosts, results: FileResults, real: Map<number, PriceRow>): ChargeTransaction[] {
  return costs.lines.map((line) => {
    const price = real.get(line.costId);
    const realCharge = price ? lineAmount(0, price.realPricePerRecord, price.realPricePerMatch, results.inputRecordCount, line.matches) : 0;
    return { costTypeId: line.costTypeId, name: line.name, records: line.records, matches: line.matches, charge: line.amount, realCharge };
  });
}
