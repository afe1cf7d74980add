// What the catalogue pages show about datasets and plans, as pure functions of the rows (and the
// time, passed in): availability, the filters of the catalogue home, and the CSV exports.

import { calculatorLabels, dqServiceLabels, rateText, type DqService } from '../../../contract/shared/catalogue';
import { territoryLabels, type Territory } from '../../../contract/shared/territory';
import type { Dataset, Plan } from '../../api/plans';
import type { Cell } from '../../shared/csv';
import { formatDate } from '../../shared/format';

/** Whether a plan is sold now: before its window, in it, or after it. */
export type Availability = 'upcoming' | 'available' | 'ended';

export function availabilityOf(plan: Pick<Plan, 'availableStart' | 'availableEnd'>, nowSeconds: number): Availability {
  if (plan.availableStart > nowSeconds) return 'upcoming';
  return plan.availableEnd !== null && plan.availableEnd <= nowSeconds ? 'ended' : 'available';
}

export const availabilityLabels: Record<Availability, string> = {
  upcoming: 'Not yet available',
  available: 'Available',
  ended: 'No longer available',
};

/** "01/04/2025 – 31/03/2026", or "From 01/04/2025" with no end. */
export const windowText = (plan: Pick<Plan, 'availableStart' | 'availableEnd'>) =>
  plan.availableEnd === null ? `From ${formatDate(plan.availableStart)}` : `${formatDate(plan.availableStart)} – ${formatDate(plan.availableEnd)}`;

/** The rate of the plan's first band, in its territory's currency: "£30.00 per 1,000 clicks". */
export const firstRate = (plan: Pick<Plan, 'pricing' | 'territory'>) =>
  plan.pricing[0] ? rateText(plan.pricing[0].pricePer1000, plan.territory) : '—';

export type PlanFilters = { service: DqService | ''; territory: Territory | ''; showAll: boolean };
export const noPlanFilters: PlanFilters = { service: '', territory: '', showAll: false };

/** A plan is hidden unless asked for when it is deprecated or outside its availability window. */
export const isSold = (plan: Plan, nowSeconds: number) => !plan.deprecated && availabilityOf(plan, nowSeconds) === 'available';

export function filterPlans(plans: readonly Plan[], f: PlanFilters, nowSeconds: number): Plan[] {
  return plans.filter(
    (p) => (!f.service || p.service === f.service) && (!f.territory || p.territory === f.territory) && (f.showAll || isSold(p, nowSeconds)),
  );
}

export const filterDatasets = (datasets: readonly Dataset[], service: DqService | '') =>
  datasets.filter((d) => !service || d.service === service);

export function datasetsCsv(datasets: readonly Dataset[]): Cell[][] {
  return [
    ['Dataset id', 'Name', 'Reference', 'Service', 'Description', 'Plans', 'Created', 'Updated'],
    ...datasets.map((d) => [d.datasetId, d.dataset, d.datasetRef, dqServiceLabels[d.service], d.description, d.planCount, formatDate(d.createdDate), formatDate(d.updatedDate)]),
  ];
}

export function plansCsv(plans: readonly Plan[], nowSeconds: number): Cell[][] {
  return [
    ['Plan id', 'Name', 'Dataset', 'Reference', 'Service', 'Territory', 'Duration (months)', 'Available from', 'Available until', 'Status',
      'Calculator', 'Pricing', 'Allow test', 'Display order', 'Deprecated by', 'Subscriptions'],
    ...plans.map((p) => [
      p.planId, p.plan, p.dataset, p.datasetRef, dqServiceLabels[p.service], territoryLabels[p.territory], p.duration,
      formatDate(p.availableStart), p.availableEnd === null ? '' : formatDate(p.availableEnd),
      p.deprecated ? 'Deprecated' : availabilityLabels[availabilityOf(p, nowSeconds)],
      calculatorLabels[p.calculator].split(':')[0], p.formula, p.allowTest ? 'Yes' : 'No', p.displayOrder, p.deprecatedByPlan ?? '', p.subscriptionCount,
    ]),
  ];
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
