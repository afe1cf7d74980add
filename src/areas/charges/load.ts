import { shopApi } from '../../api/shop';
import type { Portal } from '../../app/portal';
import type { ChargesSearch } from '../../routing/params';
import { readFilters } from './chargesText';

/** /charges: the orders the filters in the address select (loaded with the page, lazily). */
export async function loadCharges(portal: Portal, search: ChargesSearch) {
  const { filters, query, problems } = readFilters(search);
  const charges = await shopApi(portal.api).charges(query);
  return { charges, filters, problems };
}

export type ChargesData = Awaited<ReturnType<typeof loadCharges>>;
