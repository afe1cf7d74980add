import type { AddressIndex, SearchResult } from './index';
import { recordWords, words } from './records';

/** Every record matching the query by a plain scan of the stored records: the bench's baseline and the tests' oracle for AddressIndex.search. */
export function scan(index: AddressIndex, query: string, limit: number): SearchResult {
  const qs = [...new Set(words(query))].slice(0, 12);
  if (qs.length === 0) return { ids: [], more: false };
  const ids: number[] = [];
  for (let r = 0; r < index.size; r++) {
    const ws = recordWords(index.layout, index.fields(r));
    if (!qs.every((q) => ws.some((w) => w.startsWith(q)))) continue;
    if (ids.length === limit) return { ids, more: true };
    ids.push(r);
  }
  return { ids, more: false };
}
