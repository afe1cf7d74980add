import type { BodyOf, QueryOf } from '../../contract/endpoint';
import * as plans from '../../contract/plans/endpoints';
import type { ApiClient } from './client';

// The catalogue calls of the plans manager (spec section 7: datasets, plans, filters, comparisons),
// each through its contract entry (contract/plans/endpoints.ts). Lists read quietly (an empty list on
// failure, spec section 8); one row by id and every write show the Error modal and throw.

export type { Dataset, Plan, PlanComparison, PlanFilter } from '../../contract/plans/entities';
export type DatasetBody = BodyOf<typeof plans.createDataset>;
export type PlanBody = BodyOf<typeof plans.createPlan>;
export type FilterBody = BodyOf<typeof plans.createFilter>;
export type ComparisonBody = BodyOf<typeof plans.createComparison>;

export function catalogueApi(api: ApiClient) {
  return {
    datasets: (query: QueryOf<typeof plans.listDatasets> = {}) =>
      api.call(plans.listDatasets, { query }, { action: 'load the datasets', listRead: true }),
    /** One dataset, or null when there is none with that id. */
    dataset: async (datasetId: number) =>
      (await api.call(plans.listDatasets, { query: { datasetId } }, { action: 'load the dataset' }))[0] ?? null,
    createDataset: (body: DatasetBody) => api.call(plans.createDataset, { body }, { action: 'create the dataset' }),
    updateDataset: (datasetId: number, body: BodyOf<typeof plans.updateDataset>) =>
      api.call(plans.updateDataset, { query: { datasetId }, body }, { action: 'update the dataset' }),
    deleteDataset: (datasetId: number) => api.call(plans.deleteDataset, { query: { datasetId } }, { action: 'delete the dataset' }),

    /** Staff see every plan: deprecated ones and those outside their availability window too. */
    plans: (query: Omit<QueryOf<typeof plans.listPlans>, 'all'> = {}) =>
      api.call(plans.listPlans, { query: { ...query, all: true } }, { action: 'load the plans', listRead: true }),
    /** One plan, or null when there is none with that id. */
    plan: async (planId: number) =>
      (await api.call(plans.listPlans, { query: { planId, all: true } }, { action: 'load the plan' }))[0] ?? null,
    createPlan: (body: PlanBody) => api.call(plans.createPlan, { body }, { action: 'create the plan' }),
    updatePlan: (planId: number, body: BodyOf<typeof plans.updatePlan>) =>
      api.call(plans.updatePlan, { query: { planId }, body }, { action: 'update the plan' }),
    deletePlan: (planId: number) => api.call(plans.deletePlan, { query: { planId } }, { action: 'delete the plan' }),

    createFilter: (planId: number, body: FilterBody) => api.call(plans.createFilter, { query: { planId }, body }, { action: 'add the filter' }),
    updateFilter: (filterId: number, body: FilterBody) =>
      api.call(plans.updateFilter, { query: { filterId }, body }, { action: 'update the filter' }),
    deleteFilter: (filterId: number) => api.call(plans.deleteFilter, { query: { filterId } }, { action: 'delete the filter' }),

    createComparison: (planId: number, body: ComparisonBody) =>
      api.call(plans.createComparison, { query: { planId }, body }, { action: 'add the comparison' }),
    updateComparison: (comparisonId: number, body: ComparisonBody) =>
      api.call(plans.updateComparison, { query: { comparisonId }, body }, { action: 'update the comparison' }),
    deleteComparison: (comparisonId: number) =>
      api.call(plans.deleteComparison, { query: { comparisonId } }, { action: 'delete the comparison' }),
  };
}

export type CatalogueApi = ReturnType<typeof catalogueApi>;
