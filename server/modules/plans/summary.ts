import type { AccountPlan, Bundle } from '../../../contract/plans/entities';
import { priceOf, quantityProblem, type SubscriptionStatus } from '../../../contract/shared/catalogue';
import type { SubscriptionRow, UsageTotals } from './accountQueries';
import { dayOf } from './common';

// The Subscription usage summary of spec section 3, computed from rows already read: no database
// and no clock of its own, so the numbers are tested with any `now`.

export const periodDays = 30;
const day = 86_400;

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

/** One subscription's summary; `bundles` are the subscription's own, newest first. */
export function summarise(sub: SubscriptionRow, bundles: Bundle[], usage: UsageTotals | undefined, now: number): AccountPlan {
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
      price: renewable ? priceOf(sub.calculator, sub.pricing, renewClicks) : 0,
      estimatedRenewalDate: renewClicks > 0 && sub.enabled ? estimatedExpiryDate : null,
      enabled: sub.enabled,
    },
    deprecated: sub.deprecatedByPlanId !== null,
    deprecatedByPlan: sub.deprecatedByPlan,
    deprecatedByPlanId: sub.deprecatedByPlanId === null ? null : String(sub.deprecatedByPlanId),
    bundles,
  };
}
