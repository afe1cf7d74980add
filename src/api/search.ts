import type { ResponseOf } from '../../contract/endpoint';
import * as search from '../../contract/search/endpoints';
import type { ApiClient } from './client';

// The staff's search (contract/search/endpoints.ts); a failure shows the Error modal and throws.

export type SearchResult = ResponseOf<typeof search.search>;

export function searchApi(api: ApiClient) {
  return {
    search: (filter: string) => api.call(search.search, { query: { filter } }, { action: 'search', cache: false }),
  };
}
