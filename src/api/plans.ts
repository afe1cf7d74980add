import type { BodyOf, QueryOf, ResponseOf } from '../../contract/endpoint';
import * as plans from '../../contract/plans/endpoints';
import type { Territory } from '../../contract/shared/territory';
import type { ApiClient } from './client';

// The plans manager's calls of spec section 7 (contract/plans/endpoints.ts), each through its
// contract entry: plansApi for an account's subscriptions and bundles and the plans on sale;
// catalogueApi for the staff's catalogue (datasets, plans, filters, comparisons). Catalogue lists
// read quietly (an empty list on failure, spec section 8); one row by id and every write show the
// Error modal and throw.

export type AccountPlan = ResponseOf<typeof plans.listAccountPlans>[number];
export type Bundle = AccountPlan['bundles'][number];
export type BundleInput = BodyOf<typeof plans.createBundle>;
export type BundleUpdate = BodyOf<typeof plans.updateBundle>;

export function plansApi(api: ApiClient) {
  return {
    /**
     * The account's subscriptions; a failure is said in the Error modal (an empty list would read "no
     * subscriptions"), or only logged when `quiet` (a page that says so itself).
     */
    accountPlans: (accountId: number, quiet = false) =>
      api.call(plans.listAccountPlans, { query: { accountId } }, { action: 'load the subscriptions', cache: false, ...(quiet ? { skipDefaultErrorHandling: true } : {}) }),
    /** The subscriptions again, for the clicks left beside a validation page's form (no Error modal). */
    clicksLeft: (accountId: number) =>
      api.call(plans.listAccountPlans, { query: { accountId } }, { action: 'load the clicks left', cache: false, skipDefaultErrorHandling: true }),
    /**
     * The plans on sale in a territory; with `all`, staff also see those no longer sold. A list read:
     * quietly empty on failure.
     */
    onSale: (territory: Territory, all?: boolean) =>
      api.call(plans.listPlans, { query: all === undefined ? { territory } : { territory, all } }, { action: 'load the plans', listRead: true }),
    createBundle: (where: { organisationId: number; accountId: number }, body: BundleInput) =>
      api.call(plans.createBundle, { query: where, body }, { action: 'create the bundle' }),
    updateBundle: (bundleId: number, body: BundleUpdate) =>
      api.call(plans.updateBundle, { query: { bundleId }, body }, { action: 'update the bundle' }),
    deleteBundle: (bundleId: number) => api.call(plans.deleteBundle, { query: { bundleId } }, { action: 'delete the bundle' }),
    /** Ends a paid bundle now with a credit note against its invoice (admin and super). */
    endBundle: (bundleId: number, body: BodyOf<typeof plans.endBundle>) => api.call(plans.endBundle, { query: { bundleId }, body }, { action: 'end the bundle' }),
    disableSubscription: (accountId: number, planId: number) =>
      api.call(plans.disableSubscription, { query: { accountId, planId } }, { action: 'disable the subscription' }),
    /** With the signed-in user's password again (basic credentials); clicks per automatic renewal, 0 for none. */
    enableSubscription: (accountId: number, planId: number, clicks: number, basic: { userName: string; password: string }) =>
      api.call(plans.enableSubscription, { query: { accountId, planId, clicks }, basic }, { action: 'enable the subscription' }),
    canDeleteAccount: (accountId: number) =>
      api.call(plans.canDeleteAccount, { query: { accountId } }, { action: 'check the account can be deleted', cache: false }),
  };
}

export type PlansApi = ReturnType<typeof plansApi>;

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
