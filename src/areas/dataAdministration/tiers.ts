// The price tiers as an admin types them (clicks as whole numbers, prices in pounds or dollars per
// 1,000 clicks) and as the server keeps them (contract/shared/catalogue.ts PriceTier: integer minor
// units). The shared rules (tierProblem, priceOf) decide whether tiers are sound and what they charge.

import { tierProblem, type PriceTier } from '../../../contract/shared/catalogue';
import { majorUnitsProblem, majorUnitsText, minorUnitsOf } from '../../shared/money';

/** One row of the tiers editor, as typed; `key` keeps React's rows apart when one is removed. */
export type TierDraft = { key: number; from: string; to: string; price: string };

let nextKey = 1;
const newKey = () => nextKey++;

export const draftsOf = (tiers: readonly PriceTier[]): TierDraft[] =>
  tiers.map((t) => ({
    key: newKey(),
    from: String(t.fromClicks),
    to: t.toClicks === null ? '' : String(t.toClicks),
    price: majorUnitsText(t.pricePer1000),
  }));

/** A new plan starts with one open-ended tier from the first click. */
export const firstDraft = (): TierDraft[] => [{ key: newKey(), from: '1', to: '', price: '' }];

/** A row added after the last one starts where the last one ends. */
export function withRowAdded(drafts: readonly TierDraft[]): TierDraft[] {
  const last = drafts[drafts.length - 1];
  const lastTo = last && /^\d+$/.test(last.to.trim()) ? Number(last.to.trim()) : null;
  return [...drafts, { key: newKey(), from: lastTo === null ? '' : String(lastTo + 1), to: '', price: '' }];
}

const wholeClicks = /^\d{1,10}$/;

/**
 * The tiers the rows describe, or why they cannot price a plan: first what is wrong with a row as
 * typed, then the shared rule across rows (no gap, no overlap, only the last open-ended).
 */
export function readTiers(drafts: readonly TierDraft[]): { tiers: PriceTier[]; problem: null } | { tiers: null; problem: string } {
  const tiers: PriceTier[] = [];
  for (const [i, d] of drafts.entries()) {
    const row = `Tier ${i + 1}`;
    if (!wholeClicks.test(d.from.trim())) return { tiers: null, problem: `${row} must start at a whole number of clicks` };
    if (d.to.trim() && !wholeClicks.test(d.to.trim()))
      return { tiers: null, problem: `${row} must end at a whole number of clicks, or be left blank for no upper limit` };
    const priceProblem = majorUnitsProblem(d.price, `${row}'s price`);
    if (priceProblem) return { tiers: null, problem: priceProblem };
    tiers.push({ fromClicks: Number(d.from.trim()), toClicks: d.to.trim() ? Number(d.to.trim()) : null, pricePer1000: minorUnitsOf(d.price)! });
  }
  const problem = tierProblem(tiers);
  return problem ? { tiers: null, problem } : { tiers, problem: null };
}
