import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The account and plan manager of spec section 7 (service `plans`). All bearer except enabling a
// subscription, which re-checks the owner's password with basic credentials.

export const canDeleteAccount = endpoint<typeof S.canDeleteAccount>('plans', 'GET', '/account/candelete', 'bearer');

export const listDatasets = endpoint<typeof S.listDatasets>('plans', 'GET', '/datasets', 'bearer');
export const createDataset = endpoint<typeof S.createDataset>('plans', 'POST', '/datasets', 'bearer');
export const updateDataset = endpoint<typeof S.updateDataset>('plans', 'PUT', '/datasets', 'bearer');
export const deleteDataset = endpoint<typeof S.deleteDataset>('plans', 'DELETE', '/datasets', 'bearer');

export const listPlans = endpoint<typeof S.listPlans>('plans', 'GET', '/plans', 'bearer');
export const createPlan = endpoint<typeof S.createPlan>('plans', 'POST', '/plans', 'bearer');
export const updatePlan = endpoint<typeof S.updatePlan>('plans', 'PUT', '/plans', 'bearer');
export const deletePlan = endpoint<typeof S.deletePlan>('plans', 'DELETE', '/plans', 'bearer');

export const listFilters = endpoint<typeof S.listFilters>('plans', 'GET', '/filters', 'bearer');
export const createFilter = endpoint<typeof S.createFilter>('plans', 'POST', '/filters', 'bearer');
export const updateFilter = endpoint<typeof S.updateFilter>('plans', 'PUT', '/filters', 'bearer');
export const deleteFilter = endpoint<typeof S.deleteFilter>('plans', 'DELETE', '/filters', 'bearer');

export const listComparisons = endpoint<typeof S.listComparisons>('plans', 'GET', '/comparison', 'bearer');
export const createComparison = endpoint<typeof S.createComparison>('plans', 'POST', '/comparison', 'bearer');
export const updateComparison = endpoint<typeof S.updateComparison>('plans', 'PUT', '/comparison', 'bearer');
export const deleteComparison = endpoint<typeof S.deleteComparison>('plans', 'DELETE', '/comparison', 'bearer');

export const listAccountPlans = endpoint<typeof S.listAccountPlans>('plans', 'GET', '/account/plans', 'bearer');
export const createBundle = endpoint<typeof S.createBundle>('plans', 'POST', '/bundles', 'bearer');
export const updateBundle = endpoint<typeof S.updateBundle>('plans', 'PUT', '/bundles', 'bearer');
export const deleteBundle = endpoint<typeof S.deleteBundle>('plans', 'DELETE', '/bundles', 'bearer');
export const endBundle = endpoint<typeof S.endBundle>('plans', 'POST', '/bundles/end', 'bearer');

export const disableSubscription = endpoint<typeof S.disableSubscription>('plans', 'DELETE', '/payment/subscription', 'bearer');
export const enableSubscription = endpoint<typeof S.enableSubscription>('plans', 'PUT', '/payment/subscription', 'basic');
