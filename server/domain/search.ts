import { searchLimit, type SearchResponse } from '../../contract/search/schemas';
import type { Db } from '../db';
import { assertStaff, type Actor } from './access';
import { groupTrees } from './groups';
import { userColumns } from './userAdmin';
import { isRowId, toUser, type UserRecord } from './users';

const likePattern = (filter: string) => `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /search (staff): groups by name or id, users by name, email, company or id; tokens come later. */
export async function search(db: Db, actor: Actor, filter: string): Promise<SearchResponse> {
  assertStaff(actor);
  const pattern = likePattern(filter);
  const asId = /^\d+$/.test(filter) && isRowId(Number(filter)) ? Number(filter) : null;
  const { rows: groupIds } = await db.query<{ id: number }>(
    `select id from groups where name ilike $1 or id = $2::int order by id limit $3`,
    [pattern, asId, searchLimit],
  );
  const { rows: users } = await db.query<UserRecord>(
    `select ${userColumns} from users u
      where u.user_name ilike $1 or u.email ilike $1 or u.personal_name ilike $1 or u.company_name ilike $1 or u.id = $2::int
      order by u.id limit $3`,
    [pattern, asId, searchLimit],
  );
  return {
    tokens: [],
    groups: await groupTrees(db, actor, groupIds.map((row) => row.id), false),
    users: users.map(toUser),
  };
}
