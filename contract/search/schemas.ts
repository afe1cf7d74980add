import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { user } from '../users/entities';
import { group } from '../groups/entities';

/** GET /search ?filter (staff): matches on name, email or id, at most searchLimit of each kind. */
export const searchLimit = 50;
export const searchQuery = z.object({
  filter: z.string().trim().min(2, 'Enter at least 2 characters').max(100),
});
export const searchResponse = z.object({
  /** API tokens matching the filter; empty until tokens exist. */
  tokens: z.array(z.object({ id: z.number().int(), parentId: z.number().int(), tag: z.string().nullable() })),
  groups: z.array(group),
  users: z.array(user),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const search = { query: searchQuery, response: searchResponse } satisfies CallShape;
