import * as address from '../../contract/address/endpoints';
import type { AddressDataset } from '../../contract/address/entities';
import * as plans from '../../contract/plans/endpoints';
import type { LabelConfig } from '../../contract/shared/labelConfig';
import type { ApiClient } from './client';
import { serviceTokens } from './serviceTokens';

// The address calls of the Address Lookup page (spec section 7: GET /autoc/json, GET
// /json/{dataset}), each through its contract entry with the account's service JWT for the address
// service, metered on that account. Each is the page's to word when it fails (no Error modal) and is
// never answered from the cache: each is a click. The page also reads the clicks it has left.

/** The account a call is charged to, and the dataset (its territory's) it searches. */
export type AddressAccount = { accountId: number; dataset: AddressDataset };

const quiet = { skipDefaultErrorHandling: true, cache: false } as const;
const chargedTo = (accountId: number) => ({ service: 'address' as const, groupId: accountId });
const lookupOf = (dataset: AddressDataset) => (dataset === 'uk' ? address.lookupUk : address.lookupAustralia);

/** Suggestions for what the user typed (GET /autoc/json, one autocomplete click). */
export function suggestAddresses(api: ApiClient, { accountId, dataset }: AddressAccount, q: string, limit: number) {
  return serviceTokens(api).call(address.autocomplete, { query: { q, dataset, limit } }, { action: 'suggest addresses', ...quiet }, chargedTo(accountId));
}

/** The addresses of a postcode or text, labelled by `config` (GET /json/{dataset} ?q, one click). */
export function findAddresses(api: ApiClient, { accountId, dataset }: AddressAccount, q: string, limit: number, config: LabelConfig) {
  return serviceTokens(api).call(lookupOf(dataset), { query: { q, limit, ...config } }, { action: 'find addresses', ...quiet }, chargedTo(accountId));
}

/** The address of a chosen suggestion, labelled by `config` (GET /json/{dataset} ?id, one click). */
export function lookUpAddress(api: ApiClient, { accountId, dataset }: AddressAccount, id: string, config: LabelConfig) {
  return serviceTokens(api).call(lookupOf(dataset), { query: { id, ...config } }, { action: 'look up the address', ...quiet }, chargedTo(accountId));
}

/**
 * The clicks left on the account's address lookup and autocomplete subscriptions (GET
 * /account/plans of the plans service; refused to users who may not read the subscriptions).
 */
export async function addressClicksLeft(api: ApiClient, accountId: number) {
  const rows = await api.call(plans.listAccountPlans, { query: { accountId } }, { action: 'load the subscriptions', ...quiet });
  const sum = (service: string) => rows.filter((p) => p.service === service).reduce((n, p) => n + p.remainClicks, 0);
  return { lookup: sum('addresslookup'), autocomplete: sum('autocomplete') };
}
