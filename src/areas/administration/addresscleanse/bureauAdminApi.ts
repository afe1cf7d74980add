import * as bureau from '../../../../contract/bureau/endpoints';
import type { BodyOf, QueryOf, ResponseOf } from '../../../../contract/endpoint';
import type { ApiClient } from '../../../api/client';

// The admin calls of the bureau server (spec section 7; admin and super): costs and their history,
// cost types, reference files, and the royalty and job charge reports. Lists are read afresh.

export type AdminCost = ResponseOf<typeof bureau.listCosts>[number];
export type CostType = ResponseOf<typeof bureau.listCostTypes>[number];
export type AdminMaf = ResponseOf<typeof bureau.listAdminMafs>[number];
export type RoyaltyCharge = ResponseOf<typeof bureau.royaltyCharges>[number];
export type JobCharge = ResponseOf<typeof bureau.jobCharges>[number];
export type CostBody = BodyOf<typeof bureau.createCost>;

export const bureauAdminApi = (api: ApiClient) => ({
  costs: () => api.call(bureau.listCosts, { query: {} }, { action: 'load the address cleanse prices', cache: false }),
  costTypes: () => api.call(bureau.listCostTypes, {}, { action: 'load the cost types', cache: false }),
  mafs: () => api.call(bureau.listAdminMafs, {}, { action: 'load the reference files', cache: false }),
  createCost: (body: CostBody) => api.call(bureau.createCost, { body }, { action: 'save the price' }),
  withdrawCost: (costId: number) => api.call(bureau.withdrawCost, { query: { costId } }, { action: 'withdraw the price' }),
  royaltyCharges: (query: QueryOf<typeof bureau.royaltyCharges>) =>
    api.call(bureau.royaltyCharges, { query }, { action: 'load the royalty charges', cache: false }),
  jobCharges: (query: QueryOf<typeof bureau.jobCharges>) => api.call(bureau.jobCharges, { query }, { action: 'load the job charges', cache: false }),
});
