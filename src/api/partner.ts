import type { QueryOf, ResponseOf } from '../../contract/endpoint';
import * as leads from '../../contract/leads/endpoints';
import type { ApiClient } from './client';

// The partner's own figures: GET /partner/accountinfo (spec section 7, plans manager) for the
// partner administration page, and our partner console. Loaded with those pages only.

export type PartnerAccountInfo = ResponseOf<typeof leads.partnerAccountInfo>[number];
export type PartnerConsole = ResponseOf<typeof leads.partnerConsole>;
export type ConsoleAccount = PartnerConsole['accounts'][number];

export function partnerApi(api: ApiClient) {
  return {
    accountInfo: (partnerId: number) =>
      api.call(leads.partnerAccountInfo, { query: { partnerId } }, { action: 'load the accounts of the partner', cache: false }),
    console: (query: QueryOf<typeof leads.partnerConsole>) => api.call(leads.partnerConsole, { query }, { action: 'load the partner console', cache: false }),
  };
}
