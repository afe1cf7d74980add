import { searchLimit, type SearchResponse } from '../../../contract/search/schemas';
import type { Deps } from '../../kernel/deps';
import { assertStaff, isRowId, type Caller } from '../access/index';
import { groupTrees } from '../groups/index';
import { searchUserRecords, toUser } from '../users/index';
import { searchGroupIds } from './queries';

const likePattern = (filter: string) => `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /search (staff): groups by name or id, users by name, email, company or id; tokens come later. */
export async function search(deps: Pick<Deps, 'db'>, caller: Caller, input: { filter: string }): Promise<SearchResponse> {
  assertStaff(caller);
  const { filter } = input;
  const pattern = likePattern(filter);
  const asId = /^\d+$/.test(filter) && isRowId(Number(filter)) ? Number(filter) : null;
  const groupIds = await searchGroupIds(deps.db, pattern, asId, searchLimit);
  const users = await searchUserRecords(deps.db, pattern, asId, searchLimit);
  return { tokens: [], groups: await groupTrees(deps.db, caller, groupIds, false), users: users.map(toUser) };
}
