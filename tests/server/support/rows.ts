// Rows read straight from the database: counts, and dumps of what a refused call must leave as it was.
import { query, type Harness } from './harness';

export const count = async (h: Harness, sql: string, params: unknown[] = []) => Number((await query<{ n: number }>(h.db, sql, params)).rows[0].n);

let counter = 0;
/** A text no other test of the run uses: `label`, the process and a counter. */
export const uniqueText = (label: string) => `${label} ${process.pid % 1000}-${++counter}`;

/** Everything the group calls can change, to compare before and after. */
export async function dumpGroupState(h: Harness) {
  const q = async (sql: string) => (await query(h.db, sql)).rows;
  return {
    groups: await q('select * from groups order by id'),
    groupUsers: await q('select * from group_users order by group_id, user_id'),
    invites: await q('select * from invites order by jti'),
    userServices: await q('select group_id, user_id, service_id, token_id from user_services order by id'),
    userPermissions: await q('select * from user_permissions order by user_id, permission_id'),
    locks: await q('select id, locked from users order by id'),
  };
}

