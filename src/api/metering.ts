import type { ResponseOf } from '../../contract/endpoint';
import * as metering from '../../contract/metering/endpoints';
import type { ApiClient } from './client';

// The metering calls of the services page (contract/metering/endpoints.ts): a subscription's usage
// alerts (owners and staff). The service JWTs of the application pages are src/api/serviceTokens.ts.

export type UsageAlerts = ResponseOf<typeof metering.getUsageAlerts>;

export function meteringApi(api: ApiClient) {
  return {
    usageAlerts: (accountId: number, planId: number) =>
      api.call(metering.getUsageAlerts, { query: { accountId, planId } }, { action: 'load the usage alerts', cache: false }),
    putUsageAlerts: (accountId: number, planId: number, thresholds: number[]) =>
      api.call(metering.putUsageAlerts, { query: { accountId, planId }, body: { thresholds } }, { action: 'save the usage alerts' }),
  };
}
