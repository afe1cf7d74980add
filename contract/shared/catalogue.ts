// The catalogue's rules with no zod, shared by the SPA (data administration, the shop's
// calculator, the services page) and the server (plan validation, bundle and checkout prices), so a
// price is computed by one function everywhere.

import { formatCount } from './numbers';
import { currencySymbols, type Territory } from './territory';

/** The data-quality services a dataset (and so a plan) belongs to. */
export const dqServices = ['addresslookup', 'autocomplete', 'email', 'bankcode', 'name', 'addresscleanse'] as const;
export type DqService = (typeof dqServices)[number];

export const dqServiceLabels: Record<DqService, string> = {
  addresslookup: 'Address lookup',
  autocomplete: 'Address autocomplete',
  email: 'Email validation',
  bankcode: 'Bank code validation',
  name: 'Name validation',
  addresscleanse: 'Address cleanse',
};

/**
 * How tiers price a quantity (the same two models as Stripe's tiered prices):
 * volume: every click at the rate of the tier the whole quantity falls in;
 * graduated: each tier's share of the quantity at that tier's rate.
 */
export const calculators = ['volume', 'graduated'] as const;
export type Calculator = (typeof calculators)[number];

export const calculatorLabels: Record<Calculator, string> = {
  volume: 'Volume: every click at the rate of the band the quantity falls in',
  graduated: 'Graduated: each band of clicks at its own rate',
};

/**
 * One price tier: clicks fromClicks..toClicks (inclusive; toClicks null = no upper bound) at
 * pricePer1000 minor units (pence or cents) per 1,000 clicks, so a per-click price of 2.5p is 2500.
 */
export type PriceTier = { fromClicks: number; toClicks: number | null; pricePer1000: number };

/** Largest click quantity and rate accepted anywhere: clicks x rate stays an exact integer in a double. */
export const maxClicks = 1_000_000_000;
export const maxPricePer1000 = 10_000_000;

const count = formatCount;
const band = (t: PriceTier) => (t.toClicks === null ? `${count(t.fromClicks)}+` : `${count(t.fromClicks)}–${count(t.toClicks)}`);

/**
 * Why a tier list cannot price every quantity from its first tier up, or null when it can: tiers
 * must follow each other with no gap and no overlap, and only the last may be open-ended.
 */
export function tierProblem(tiers: readonly PriceTier[]): string | null {
  if (tiers.length === 0) return 'A plan needs at least one price tier';
  for (const [i, t] of tiers.entries()) {
    if (!Number.isInteger(t.fromClicks) || t.fromClicks < 1) return `Tier ${i + 1} must start at a whole number of clicks of at least 1`;
    if (t.toClicks !== null && (!Number.isInteger(t.toClicks) || t.toClicks < t.fromClicks))
      return `Tier ${i + 1} must end at or after ${count(t.fromClicks)} clicks`;
    if (!Number.isInteger(t.pricePer1000) || t.pricePer1000 < 0) return `Tier ${i + 1} needs a price of zero or more in whole minor units`;
    if (t.pricePer1000 > maxPricePer1000 || t.fromClicks > maxClicks || (t.toClicks ?? 0) > maxClicks) return `Tier ${i + 1} is too large`;
    const next = tiers[i + 1];
    if (!next) break;
    if (t.toClicks === null) return 'Only the last price tier may be open-ended';
    if (next.fromClicks <= t.toClicks) return `Price tiers overlap: ${band(t)} and ${band(next)}`;
    if (next.fromClicks > t.toClicks + 1) return `Price tiers leave a gap between ${count(t.toClicks)} and ${count(next.fromClicks)} clicks`;
  }
  return null;
}

/** Why a quantity cannot be bought on these tiers, or null. */
export function quantityProblem(tiers: readonly PriceTier[], clicks: number): string | null {
  if (!Number.isInteger(clicks) || clicks < 1) return 'Clicks must be a whole number of at least 1';
  const first = tiers[0];
  const last = tiers[tiers.length - 1];
  if (!first || !last) return 'This plan has no prices';
  if (clicks < first.fromClicks) return `The smallest quantity of this plan is ${count(first.fromClicks)} clicks`;
  if (last.toClicks !== null && clicks > last.toClicks) return `The largest quantity of this plan is ${count(last.toClicks)} clicks`;
  if (clicks > maxClicks) return `The largest quantity is ${count(maxClicks)} clicks`;
  return null;
}

/**
 * The price in minor units of `clicks` on valid tiers (tierProblem null), rounded half up once at
 * the end; throws on a quantity the tiers do not cover (check quantityProblem first).
 */
export function priceOf(calculator: Calculator, tiers: readonly PriceTier[], clicks: number): number {
  const problem = quantityProblem(tiers, clicks);
  if (problem) throw new Error(problem);
  // Sum clicks x rate exactly in integers (at most 1e9 x 1e7 = 1e16 < 2^53 per tier) and divide once.
  let thousandths = 0;
  if (calculator === 'volume') {
    const tier = tiers.find((t) => clicks >= t.fromClicks && (t.toClicks === null || clicks <= t.toClicks));
    thousandths = clicks * (tier?.pricePer1000 ?? 0);
  } else {
    for (const t of tiers) {
      if (clicks < t.fromClicks) break;
      const upper = t.toClicks === null ? clicks : Math.min(clicks, t.toClicks);
      // The first tier also prices the clicks below its start (the minimum quantity is bought at its rate).
      const lower = t === tiers[0] ? 1 : t.fromClicks;
      thousandths += (upper - lower + 1) * t.pricePer1000;
    }
  }
  return Math.floor((thousandths + 500) / 1000);
}

/** A rate of minor units per 1,000 clicks as the customer reads it: "£25.00 per 1,000 clicks". */
export function rateText(pricePer1000: number, territory: Territory): string {
  return `${formatMoney(pricePer1000, territory)} per 1,000 clicks`;
}

/** The plan's formula in words (spec section 3, Plan.formula), derived from calculator and tiers. */
export function formulaOf(calculator: Calculator, tiers: readonly PriceTier[], territory: Territory): string {
  const bands = tiers.map((t) => `${band(t)} clicks: ${rateText(t.pricePer1000, territory)}`).join('; ');
  return calculator === 'volume'
    ? `Every click at the rate of the band the quantity falls in. ${bands}`
    : `Each band of clicks at its own rate, added up. ${bands}`;
}

const currencies: Record<Territory, string> = { uk: 'GBP', australia: 'AUD' };

/** Minor units (pence, cents) in the territory's currency: £1,234.50 or A$1,234.50. */
export function formatMoney(minor: number, territory: Territory): string {
  const major = minor / 100;
  // en-GB writes AUD as A$, which is what an Australian customer on a multi-currency site expects too.
  const text = major.toLocaleString('en-GB', { style: 'currency', currency: currencies[territory] });
  return text.startsWith(currencySymbols[territory]) || text.startsWith(`-${currencySymbols[territory]}`) ? text : `${currencySymbols[territory]}${major.toFixed(2)}`;
}

/** What a subscription's status means, in a customer's words (spec section 4 leaves the values to us). */
export const subscriptionStatuses = ['active', 'scheduled', 'empty', 'expired', 'disabled', 'none'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionStatusText: Record<SubscriptionStatus, { label: string; explain: string }> = {
  active: { label: 'Active', explain: 'Clicks are available and calls are answered.' },
  scheduled: { label: 'Starts soon', explain: 'The bundle you bought starts on its start date; calls are answered from then.' },
  empty: { label: 'No clicks left', explain: 'All clicks of the current bundles are used: calls are refused until you buy more or the subscription renews.' },
  expired: { label: 'Expired', explain: 'The last bundle ended: calls are refused until you buy a new one.' },
  disabled: { label: 'Disabled', explain: 'You turned this subscription off: calls are refused and it does not renew.' },
  none: { label: 'No bundles', explain: 'This subscription holds no bundles yet.' },
};
