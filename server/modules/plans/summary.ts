import type { AccountPlan, Bundle } from '../../../contract/plans/entities';
import { priceOf, quantityProblem, type SubscriptionStatus } from '../../../contract/shared/catalogue';
import { orderTotals, renewalObstacle, type RenewalRefusal } from '../../../contract/shared/shop';
import type { SubscriptionRow, UsageTotals } from './accountQueries';
import { dayOf } from '../../kernel/time';
import { DAY as day } from '../../kernel/time';

// The Subscription usage summary of spec section 3, computed from rows already read: no database
// and no clock of its own, so the numbers are tested with any `now`.

export const periodDays = 30;

/** The usage periods ending today: the last periodDays days (today included) and the ones before. */
export function usagePeriods(now: number) {
  const today = dayOf(now);
  const currentFrom = today - (periodDays - 1) * day;
  return { previousFrom: currentFrom - periodDays * day, currentFrom, to: today };
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * Strongest first: a disabled subscription is disabled whatever it holds; then whether any bundle
 * is running now, and if so whether clicks are left.
 */
function statusOf(enabled: boolean, current: Bundle[], future: Bundle[], ended: Bundle[], remain: number): SubscriptionStatus {
  if (!enabled) return 'disabled';
  if (current.length === 0) {
    if (future.length > 0) return 'scheduled';
    return ended.length > 0 ? 'expired' : 'none';
  }
  return remain === 0 ? 'empty' : 'active';
}

/** How the account pays for renewals: whether it has a saved card, its monthly cap and this month's renewals. */
export type RenewalBilling = { hasCard: boolean; cap: number | null; spent: number };
/** A renewal refused, newest first per subscription: the notice its payers were mailed. */
export type RefusedRenewal = { reason: RenewalRefusal; date: number };

/** The last renewal of a subscription: the newest renewal bundle or refusal, whichever came later. */
function lastOutcomeOf(bundles: Bundle[], refused: RefusedRenewal | undefined): AccountPlan['subscription']['lastOutcome'] {
  const renewed = bundles.filter((b) => b.source === 'renewal').reduce<number | null>((at, b) => (at === null || b.createdDate > at ? b.createdDate : at), null);
  if (refused && (renewed === null || refused.date > renewed)) return { result: refused.reason, date: refused.date };
  return renewed === null ? null : { result: 'renewed', date: renewed };
}

/** Whether the plan is sold at `now` (a renewal buys only plans on sale). */
const onSale = (sub: SubscriptionRow, now: number) =>
  sub.deprecatedByPlanId === null && sub.availableStart <= now && (sub.availableEnd === null || sub.availableEnd > now);

/**
 * One subscription's summary; `bundles` are the subscription's own, newest first. Without `renewals`
 * (how the account pays, its refused renewals) what would stop a renewal and the last one are not asked.
 */
export function summarise(
  sub: SubscriptionRow,
  bundles: Bundle[],
  usage: UsageTotals | undefined,
  now: number,
  renewals?: { billing: RenewalBilling; refused: RefusedRenewal | undefined },
): AccountPlan {
  // A bundle staff ended early counts as ended from then on, whatever its dates say.
  const running = bundles.filter((b) => b.endedAt === null || b.endedAt === undefined);
  const current = running.filter((b) => b.startDate <= now && b.endDate > now);
  const future = running.filter((b) => b.startDate > now);
  const ended = bundles.filter((b) => b.endDate <= now || !running.includes(b));
  const remainClicks = current.reduce((sum, b) => sum + b.remainingClicks, 0);
  const notEnded = [...current, ...future];
  const endDate = notEnded.length > 0 ? Math.max(...notEnded.map((b) => b.endDate)) : null;

  const consumed = usage?.current ?? 0;
  const before = usage?.previous ?? 0;
  const averageClicks = oneDecimal(consumed / periodDays);
  const clickConsumptionChange = before === 0 ? null : oneDecimal(((consumed - before) / before) * 100);

  let estimatedExpiryDate: number | null = null;
  if (current.length > 0 && endDate !== null) {
    // At the period's rate the clicks run out after remain / average days; with no use, at the end
    // date; with none left, they ran out already.
    const runOut = remainClicks === 0 ? now : consumed > 0 ? now + Math.floor((remainClicks / (consumed / periodDays)) * day) : endDate;
    estimatedExpiryDate = Math.min(endDate, runOut);
  }

  const renewClicks = sub.renewClicks;
  const renewable = renewClicks > 0 && quantityProblem(sub.pricing, renewClicks) === null;
  const price = renewable ? priceOf(sub.calculator, sub.pricing, renewClicks) : 0;
  const total = renewable ? orderTotals([price], sub.territory).total : 0;
  // Only a subscription that renews can be stopped; the renewal asks the same question.
  const obstacle =
    renewals && renewClicks > 0 && sub.enabled
      ? renewalObstacle({ onSale: renewable && onSale(sub, now), hasCard: renewals.billing.hasCard, cap: renewals.billing.cap, spentThisMonth: renewals.billing.spent, total })
      : null;
  return {
    service: sub.service,
    plan: sub.plan,
    planId: sub.planId,
    datasetRef: sub.datasetRef,
    territory: sub.territory,
    endDate,
    estimatedExpiryDate,
    remainClicks,
    averageClicks,
    clicksConsumedInPeriod: consumed,
    clickConsumptionChange,
    periodDays,
    status: statusOf(sub.enabled, current, future, ended, remainClicks),
    subscription: {
      clicks: renewClicks,
      price,
      estimatedRenewalDate: renewClicks > 0 && sub.enabled && obstacle === null ? estimatedExpiryDate : null,
      enabled: sub.enabled,
      total,
      monthlyCap: renewals?.billing.cap ?? null,
      obstacle,
      lastOutcome: renewals ? lastOutcomeOf(bundles, renewals.refused) : null,
    },
    deprecated: sub.deprecatedByPlanId !== null,
    deprecatedByPlan: sub.deprecatedByPlan,
    deprecatedByPlanId: sub.deprecatedByPlanId === null ? null : String(sub.deprecatedByPlanId),
    bundles,
    allowTest: sub.allowTest,
    testCallsInPeriod: usage?.testCalls ?? 0,
  };
}
