import type { QueryOf } from '../../contract/endpoint';
import * as usage from '../../contract/usage/endpoints';
import type { ApiClient } from './client';

// The usage calls of spec section 7 as the reporting pages and the home dashboard make them (loaded with those pages only), each
// through its contract entry. A failure shows the Error modal (an empty report would read "no usage").

export type { AllTokensUsageReport, CountryUsageReport, PlanUsageReport, TokenUsageReport } from '../../contract/usage/entities';

export function usageApi(api: ApiClient) {
  return {
    /** `quiet`: a failure is only logged (the home dashboard says so on the page). */
    planUsage: (query: QueryOf<typeof usage.planUsage>, quiet = false) =>
      api.call(usage.planUsage, { query }, { action: 'load the usage', ...(quiet ? { skipDefaultErrorHandling: true } : {}) }),
    allTokensUsage: (query: QueryOf<typeof usage.allTokensUsage>) =>
      api.call(usage.allTokensUsage, { query }, { action: 'load the usage per token' }),
    tokenUsage: (query: QueryOf<typeof usage.tokenUsage>) => api.call(usage.tokenUsage, { query }, { action: "load the token's usage" }),
    countryUsage: (query: QueryOf<typeof usage.countryUsage>) =>
      api.call(usage.countryUsage, { query }, { action: 'load the usage per country' }),
  };
}
