import type { BodyOf, ResponseOf } from '../../../../contract/endpoint';
import * as metering from '../../../../contract/metering/endpoints';
import * as plans from '../../../../contract/plans/endpoints';
import type { Territory } from '../../../../contract/shared/territory';
import type { ApiClient } from '../../../api/client';

// The plans-manager calls of the services pages (spec section 7), each through its contract entry.
// Loaded with those pages only: the first page of the portal never carries them.

export type AccountPlan = ResponseOf<typeof plans.listAccountPlans>[number];
export type Bundle = AccountPlan['bundles'][number];
export type Plan = ResponseOf<typeof plans.listPlans>[number];
export type BundleInput = BodyOf<typeof plans.createBundle>;
export type BundleUpdate = BodyOf<typeof plans.updateBundle>;
export type UsageAlerts = ResponseOf<typeof metering.getUsageAlerts>;

export function servicesApi(api: ApiClient) {
  return {
    /** The account's subscriptions; a failure is said in the Error modal (an empty list would read "no subscriptions"). */
    accountPlans: (accountId: number) =>
      api.call(plans.listAccountPlans, { query: { accountId } }, { action: 'load the subscriptions', cache: false }),
    /** The plans of a territory; staff also see those no longer sold. A list read: quietly empty on failure. */
    plans: (territory: Territory, all: boolean) =>
      api.call(plans.listPlans, { query: { territory, all } }, { action: 'load the plans', listRead: true }),
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
    /** The usage alerts of a subscription (owners and staff). */
    usageAlerts: (accountId: number, planId: number) =>
      api.call(metering.getUsageAlerts, { query: { accountId, planId } }, { action: 'load the usage alerts', cache: false }),
    putUsageAlerts: (accountId: number, planId: number, thresholds: number[]) =>
      api.call(metering.putUsageAlerts, { query: { accountId, planId }, body: { thresholds } }, { action: 'save the usage alerts' }),
  };
}

export type ServicesApi = ReturnType<typeof servicesApi>;
