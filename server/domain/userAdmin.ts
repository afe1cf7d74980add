import type { User } from '../../contract/users/entities';
import type { Db } from '../db';
import { badRequest } from '../errors';
import { assertCanLockUser, assertStaff, type Actor } from './access';
import { secondsOf, type DomainDeps } from './deps';
import { requireUser, toUser, type UserRecord } from './users';

// The users row as domain/users.ts reads it (its column list is private to that file).
export const userColumns = `u.id, u.user_name as "userName", u.email, u.password_hash as "passwordHash",
  u.personal_name as "personalName", u.company_name as "companyName", u.address1, u.address2, u.address3, u.address4,
  u.town, u.county, u.postcode, u.country, u.territory, u.roles, u.validated, u.locked, u.is_group as "isGroup", u.type,
  u.sub_type as "subType", u.create_timestamp as "createTimestamp", u.update_timestamp as "updateTimestamp",
  u.activity_timestamp as "activityTimestamp"`;

export const maxUserList = 1000;

/** GET /users (staff): users by id, at most maxUserList. */
export async function listUsers(db: Db, actor: Actor): Promise<User[]> {
  assertStaff(actor);
  const { rows } = await db.query<UserRecord>(`select ${userColumns} from users u order by u.id limit $1`, [maxUserList]);
  return rows.map(toUser);
}

/** PUT /userlock: a locked user's token stops working at their next call, and they cannot log in. */
export async function setUserLock(deps: Pick<DomainDeps, 'db' | 'clock'>, actor: Actor, userId: number, lock: boolean): Promise<User> {
  const target = await requireUser(deps.db, userId);
  await assertCanLockUser(deps.db, actor, target);
  if (target.id === actor.id && lock) throw badRequest('You cannot lock yourself');
  const { rows } = await deps.db.query<UserRecord>(
    `update users u set locked = $2, update_timestamp = $3 where u.id = $1 returning ${userColumns}`,
    [userId, lock, secondsOf(deps.clock)],
  );
  return toUser(rows[0]);
}
