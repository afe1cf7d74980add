import * as address from '../../contract/address/endpoints';
import type { AddressDataset } from '../../contract/address/entities';
import type { LabelConfig } from '../../contract/shared/labelConfig';
import type { ApiClient } from './client';
import { serviceTokens } from './serviceTokens';

// The address calls of the Address Lookup page (spec section 7: GET /autoc/json, GET
// /json/{dataset}), each through its contract entry with the account's service JWT for the address
// service, metered on that account. Each is the page's to word when it fails (no Error modal) and is
// never answered from the cache: each is a click.

/** The account a call is charged to, and the dataset (its territory's) it searches. */
export type AddressAccount = { accountId: number; dataset: AddressDataset };

const quiet = { skipDefaultErrorHandling: true, cache: false } as const;
const chargedTo = (accountId: number) => ({ service: 'address' as const, groupId: accountId });
const lookupOf = (dataset: AddressDataset) => (dataset === 'uk' ? address.lookupUk : address.lookupAustralia);

export function addressApi(api: ApiClient) {
  const token = () => serviceTokens(api);
  return {
    /** Suggestions for what the user typed (GET /autoc/json, one autocomplete click). */
    suggest: ({ accountId, dataset }: AddressAccount, q: string, limit: number) =>
      token().call(address.autocomplete, { query: { q, dataset, limit } }, { action: 'suggest addresses', ...quiet }, chargedTo(accountId)),
    /** The addresses of a postcode or text, labelled by `config` (GET /json/{dataset} ?q, one click). */
    find: ({ accountId, dataset }: AddressAccount, q: string, limit: number, config: LabelConfig) =>
      token().call(lookupOf(dataset), { query: { q, limit, ...config } }, { action: 'find addresses', ...quiet }, chargedTo(accountId)),
    /** The address of a chosen suggestion, labelled by `config` (GET /json/{dataset} ?id, one click). */
    lookUp: ({ accountId, dataset }: AddressAccount, id: string, config: LabelConfig) =>
      token().call(lookupOf(dataset), { query: { id, ...config } }, { action: 'look up the address', ...quiet }, chargedTo(accountId)),
  };
}
