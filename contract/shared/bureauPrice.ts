// How an admin cost prices a file (spec section 3, Admin cost), plain TypeScript shared by the
// server's pricing (server/modules/bureau/pricing.ts) and the properties page's estimate: which cost
// types a file's settings bring in, and a line's amount from its prices and counts.

export const costAppliesTo = ['cleanse', 'paf', 'dedupe', 'suppression'] as const;
export type CostAppliesTo = (typeof costAppliesTo)[number];

/** Ten-thousandths of a minor unit in a stored per-record or per-match price. */
export const priceScale = 10_000;

/** The settings that decide which cost types price a file. */
export type PricedSettings = { usePaf: boolean; dedupe: boolean; screening: boolean };

/** Cleanse always; PAF when PAF addresses are used; dedupe when a level is set; screening when any suppression list is not off. */
export function costApplies(appliesTo: CostAppliesTo, s: PricedSettings): boolean {
  switch (appliesTo) {
    case 'cleanse':
      return true;
    case 'paf':
      return s.usePaf;
    case 'dedupe':
      return s.dedupe;
    case 'suppression':
      return s.screening;
  }
}

/**
 * base + round((records x perRecord + matches x perMatch) / 10,000), half up, in BigInt so a large
 * file at a high price cannot lose precision.
 */
export function lineAmount(base: number, perRecord: number, perMatch: number, records: number, matches: number): number {
  const scaled = BigInt(records) * BigInt(perRecord) + BigInt(matches) * BigInt(perMatch);
  const amount = BigInt(base) + (scaled + BigInt(priceScale / 2)) / BigInt(priceScale);
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('The price of this file is too large');
  return Number(amount);
}

/** An admin cost in force as a customer may read it (prices per record and per match in ten-thousandths of a minor unit). */
export type Tariff = { costTypeId: number; name: string; appliesTo: CostAppliesTo; basePrice: number; pricePerRecord: number; pricePerMatch: number; minRecCount: number };

/**
 * The lines a file of `records` records would be charged under these settings, before its results
 * are known: each line's amount with no record matched and with every record matched (the most it
 * can cost), as the results price it.
 */
export function estimateLines(tariffs: readonly Tariff[], settings: PricedSettings, records: number) {
  return tariffs
    .filter((t) => costApplies(t.appliesTo, settings))
    .map((t) => {
      const charged = Math.max(records, t.minRecCount);
      return {
        costTypeId: t.costTypeId,
        name: t.name,
        appliesTo: t.appliesTo,
        least: lineAmount(t.basePrice, t.pricePerRecord, t.pricePerMatch, charged, 0),
        most: lineAmount(t.basePrice, t.pricePerRecord, t.pricePerMatch, charged, records),
      };
    });
}
