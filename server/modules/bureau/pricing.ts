import type { DedupeLevelKey, FileCosts, FileResults, SuppressSetting } from '../../../contract/bureau/entities';
import { costApplies, lineAmount, priceScale } from '../../../contract/shared/bureauPrice';
import { currencyCodes, orderTotals, salesTax } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
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
