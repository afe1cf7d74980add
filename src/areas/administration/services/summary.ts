import { dqServiceLabels, formatMoney, subscriptionStatusText } from '../../../../contract/shared/catalogue';
import { salesTax } from '../../../../contract/shared/shop';
import { formatDate } from '../../../shared/format';
import { suggestedPrice } from './bundleForm';
import type { AccountPlan, Bundle, Plan } from '../../../api/plans';
import { formatCount } from '../../../../contract/shared/numbers';

// The Subscription usage summary (spec section 3) in the words and figures the services page shows:
// pure functions of one subscription, tested on their own.

const count = formatCount;

/** Why a subscription is in its state, in a customer's words: the status, then deprecation. */
export function explanations(plan: Pick<AccountPlan, 'status' | 'deprecated' | 'deprecatedByPlan'>): string[] {
  const lines = [subscriptionStatusText[plan.status].explain];
  if (plan.deprecated) {
    const replacement = plan.deprecatedByPlan ? ` Its replacement is ${plan.deprecatedByPlan}.` : '';
    lines.push(`This plan is no longer sold; it keeps working until its bundles end.${replacement}`);
  }
  return lines;
}

/** The badge class of each status: green when calls are answered, amber or red when they are refused. */
export const statusTone: Record<AccountPlan['status'], 'ok' | 'warning' | 'danger' | 'muted'> = {
  active: 'ok',
  scheduled: 'muted',
  empty: 'warning',
  expired: 'danger',
  disabled: 'muted',
  none: 'muted',
};

/** Newest first (spec section 3: bundles sorted by bundleId descending), whatever order they came in. */
export const newestFirst = (bundles: readonly Bundle[]) => [...bundles].sort((a, b) => b.bundleId - a.bundleId);

/** Whether staff ended the bundle early (its clicks are spent no more). */
export const isEnded = (b: Pick<Bundle, 'endedAt'>) => b.endedAt !== null && b.endedAt !== undefined;

/** "Ended 27/11/2026: Service outage", or '' for a bundle running its course. */
export const endedText = (b: Pick<Bundle, 'endedAt' | 'endReason'>) => (isEnded(b) ? `Ended ${formatDate(b.endedAt!)}${b.endReason ? `: ${b.endReason}` : ''}` : '');

/** Clicks used and bought in the current bundles: started, not yet ended and not ended early, as the server counts remainClicks. */
export function currentUsage(bundles: readonly Bundle[], now: number) {
  const current = bundles.filter((b) => b.startDate <= now && b.endDate > now && !isEnded(b));
  const total = current.reduce((sum, b) => sum + b.clicks, 0);
  const used = current.reduce((sum, b) => sum + b.usedClicks, 0);
  return { used, total, percent: total === 0 ? 0 : Math.min(100, Math.round((used / total) * 100)) };
}

export type Change = { text: string; direction: 'up' | 'down' | 'same' | 'none'; words: string };

/**
 * The change of clicks consumed against the previous period: "+12%" or "−5%" (a true minus sign), with
 * words that say the same for anyone who cannot see the colour.
 */
export function changeFigure(change: number | null, periodDays: number): Change {
  const previous = `the previous ${periodDays} days`;
  if (change === null) return { text: '', direction: 'none', words: `nothing used in ${previous} to compare with` };
  const rounded = Math.round(change);
  if (rounded === 0) return { text: '0%', direction: 'same', words: `about the same as ${previous}` };
  const magnitude = count(Math.abs(rounded));
  return rounded > 0
    ? { text: `+${magnitude}%`, direction: 'up', words: `up on ${previous}` }
    : { text: `\u2212${magnitude}%`, direction: 'down', words: `down on ${previous}` };
}

/** Average clicks a day, to one decimal place below 10 and whole above. */
export const perDay = (average: number) => (average < 10 ? average.toLocaleString('en-GB', { maximumFractionDigits: 1 }) : count(Math.round(average)));

export const sourceLabels: Record<Bundle['source'], string> = { staff: 'Added by staff', shop: 'Bought', renewal: 'Automatic renewal' };

/** The bundle table as CSV rows (header first): what the table shows, in the territory's currency. */
export function bundleRows(plan: Pick<AccountPlan, 'service' | 'plan' | 'territory' | 'bundles'>): string[][] {
  return [
    ['Service', 'Plan', 'Bundle', 'Clicks', 'Used', 'Remaining', 'Price', 'Start', 'End', 'Source', 'Ended early'],
    ...newestFirst(plan.bundles).map((b) => [
      dqServiceLabels[plan.service],
      plan.plan,
      String(b.bundleId),
      String(b.clicks),
      String(b.usedClicks),
      String(b.remainingClicks),
      formatMoney(b.price, plan.territory),
      formatDate(b.startDate),
      formatDate(b.endDate),
      sourceLabels[b.source],
      endedText(b),
    ]),
  ];
}

/** A file name for a subscription's bundles: bundles-<dataset>-<plan>.csv, safe on every system. */
export const bundleFileName = (plan: Pick<AccountPlan, 'datasetRef' | 'plan'>) =>
  `bundles-${`${plan.datasetRef}-${plan.plan}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.csv`;

/**
 * A subscription's automatic renewal in words: whether it is on, what one renewal buys and costs
 * with tax next to the monthly cap, what will stop the next one, and how the last one went.
 */
export function renewalSummary(s: Pick<AccountPlan, 'subscription' | 'territory'>) {
  const r = s.subscription;
  const money = (minor: number) => formatMoney(minor, s.territory);
  const tax = salesTax[s.territory].name;
  const state =
    r.clicks === 0
      ? 'Off: nothing renews; buy more clicks in the Shop when you need them.'
      : !r.enabled
        ? `Paused while the subscription is disabled (${count(r.clicks)} clicks a time).`
        : `On: ${count(r.clicks)} clicks for ${money(r.total)} including ${tax}.`;
  const cap = r.monthlyCap === null ? 'No monthly cap on automatic renewals.' : `Monthly cap on automatic renewals: ${money(r.monthlyCap)}.`;
  const warning =
    r.obstacle === 'cap'
      ? r.monthlyCap !== null && r.total > r.monthlyCap
        ? `Will not renew: one renewal costs ${money(r.total)}, more than the monthly cap of ${money(r.monthlyCap)}. Raise the cap on the Billing tab or renew fewer clicks.`
        : `Will not renew this month: with this month's renewals it would pass the monthly cap of ${money(r.monthlyCap ?? 0)}. Raise the cap on the Billing tab or buy clicks in the Shop.`
      : r.obstacle === 'card'
        ? 'Will not renew: the account has no saved card. Save one on the Billing tab.'
        : r.obstacle === 'plan'
          ? 'Will not renew: the plan is no longer sold in this quantity. Choose another number of clicks, or buy its replacement in the Shop.'
          : null;
  const last = r.lastOutcome === null ? null : `${lastOutcomeWords[r.lastOutcome.result]} on ${formatDate(r.lastOutcome.date)}.`;
  return { state, cap: r.clicks > 0 ? cap : null, warning, last, lastTone: r.lastOutcome?.result === 'renewed' ? ('ok' as const) : ('danger' as const) };
}

const lastOutcomeWords: Record<NonNullable<AccountPlan['subscription']['lastOutcome']>['result'], string> = {
  renewed: 'Last renewed',
  cap: 'Last renewal refused by the monthly cap',
  card: 'Last renewal not made: no saved card',
  declined: 'Last renewal not made: the card was declined',
  plan: 'Last renewal not made: the plan is no longer sold',
};

/** What one automatic renewal of `quantity` clicks means and costs, priced by the plan (priceOf). */
export function renewalText(quantity: number | null, plan: Pick<Plan, 'calculator' | 'pricing'> | undefined, territory: AccountPlan['territory']): string {
  if (quantity === null) return 'Enter a whole number of clicks, or 0 for no automatic renewal.';
  if (quantity === 0) return 'No automatic renewal: you buy more clicks in the Shop when you need them.';
  if (!plan) return 'This plan is no longer sold, so the price of a renewal is not shown.';
  const price = suggestedPrice(plan, quantity);
  return 'problem' in price ? price.problem : `One renewal of ${count(quantity)} clicks costs ${formatMoney(price.price, territory)}.`;
}

export { count };
