import type { Dataset, Plan } from '../../../contract/plans/entities';
import { formulaOf } from '../../../contract/shared/catalogue';

// Catalogue rows as the plans manager answers them (contract/plans/entities.ts), for the view tests.

/** 1 January 2025 at noon UTC, in seconds: the same day in every time zone the tests may run in. */
export const jan2025 = 1_735_732_800;

export const dataset = (datasetId: number, over: Partial<Dataset> = {}): Dataset => ({
  datasetId,
  dataset: `Dataset ${datasetId}`,
  datasetRef: `DS${datasetId}`,
  service: 'addresslookup',
  description: '',
  planCount: 0,
  createdDate: jan2025,
  createdBy: 1,
  updatedDate: jan2025,
  updatedBy: 1,
  ...over,
});

export function plan(planId: number, over: Partial<Plan> = {}): Plan {
  const base: Plan = {
    planId,
    plan: `Plan ${planId}`,
    description: '',
    datasetId: 1,
    dataset: 'Dataset 1',
    datasetRef: 'DS1',
    service: 'addresslookup',
    duration: 12,
    availableStart: jan2025,
    availableEnd: null,
    calculator: 'volume',
    pricing: [
      { fromClicks: 1, toClicks: 10_000, pricePer1000: 3000 },
      { fromClicks: 10_001, toClicks: null, pricePer1000: 2000 },
    ],
    formula: '',
    createdDate: jan2025,
    createdBy: 1,
    updatedDate: jan2025,
    updatedBy: 1,
    territory: 'uk',
    allowTest: false,
    displayOrder: 0,
    planFilter: [],
    planComparison: [],
    deprecated: false,
    deprecatedByPlan: null,
    deprecatedByPlanId: null,
    subscriptionCount: 0,
  };
  const row = { ...base, ...over };
  return { ...row, formula: formulaOf(row.calculator, row.pricing, row.territory) };
}
