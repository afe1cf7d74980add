import { sql } from 'kysely';
import type { Db } from '../db';

// Who a group's owners are, for mail: the users holding owner or sudoowner on the group or on a group
// above it (an owner of an organisation owns its accounts). Lead moves, receipts, renewal notices and
// usage alerts are all sent to them.

export type OwnersMailOptions = {
  /** Leave out locked users. */
  unlockedOnly?: boolean;
  /** Leave out users who turned this notification off (a permission ref such as 'notify.usage'; on unless set off). */
  notification?: string;
};

/** The owners' emails of the groups (on them or above them), each once, by email. */
export async function ownersEmails(db: Db, groupIds: readonly number[], options: OwnersMailOptions = {}): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const { unlockedOnly = false, notification } = options;
  const rows = await db
    .withRecursive('chain(id, parent_id)', (qc) =>
      qc
        .selectFrom('groups')
        .where('groups.id', 'in', [...groupIds])
        .select(['groups.id', 'groups.parent_id'])
        .unionAll(qc.selectFrom('groups').innerJoin('chain', 'chain.parent_id', 'groups.id').select(['groups.id', 'groups.parent_id'])),
    )
    .selectFrom('chain')
    .innerJoin('group_users as gu', 'gu.group_id', 'chain.id')
    .innerJoin('users as u', 'u.id', 'gu.user_id')
    .where('gu.access_level', 'in', ['owner', 'sudoowner'])
    .$if(unlockedOnly, (qb) => qb.where('u.locked', '=', false))
    .$if(notification !== undefined, (qb) =>
      qb.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_permissions as up')
              .innerJoin('permissions as pm', 'pm.id', 'up.permission_id')
              .whereRef('up.user_id', '=', 'u.id')
              .where('pm.ref_id', '=', notification!)
              .where('up.enabled', '=', false)
              .select(sql`1`.as('one')),
          ),
        ),
      ),
    )
    .select('u.email')
    .distinct()
    .orderBy('u.email')
    .execute();
  return rows.map((row) => row.email);
}
