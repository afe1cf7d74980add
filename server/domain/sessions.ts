import type { AuthUser } from '../../contract/users/entities';
import type { SessionClaims } from '../auth/jwt';
import { spendVerifyTime, verifyPassword } from '../auth/passwords';
import { assertLoginAllowed, clearAccountFailures, recordLoginFailure } from '../auth/throttle';
import type { Db } from '../db';
import { unauthorised } from '../errors';
import { secondsOf, type DomainDeps } from './deps';
import { findUserByName, isRowId, isStaff, type UserRecord } from './users';

export const invalidCredentials = 'Invalid user name or password';

export type Lifetimes = { recycleSeconds: number; expirySeconds: number };

export type LoginInput = Lifetimes & {
  userName: string;
  password: string;
  ip: string;
  accountId?: number;
};

export async function logIn(deps: DomainDeps, input: LoginInput): Promise<AuthUser> {
  const { db } = deps;
  const now = secondsOf(deps.clock);
  const source = { userName: input.userName, ip: input.ip };
  await assertLoginAllowed(db, deps.config.throttle, source, now);
  const user = await findUserByName(db, input.userName);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await spendVerifyTime(input.password).then(() => false);
  if (!user || !passwordOk) {
    await recordLoginFailure(db, deps.config.throttle, source, now);
    throw unauthorised(invalidCredentials);
  }
  // Told only to someone who knows the password, so the lock does not reveal that the account exists.
  if (user.locked) throw unauthorised('This user is locked');
  await clearAccountFailures(db, user.userName);
  await db.query('update users set activity_timestamp = $2 where id = $1', [user.id, now]);
  return issueSession(deps, user, input, await permittedAccountId(db, user, input.accountId), now);
}

/**
 * A fresh token for a signed-in user, with the lifetimes chosen at login and the user's current
 * roles and validation. The account is attached only when asked for and owned (spec section 4):
 * the SPA passes its current account on every renewal, and selecting an account it does not own
 * sends none, which must clear the old one.
 */
export async function reauthenticate(
  deps: DomainDeps,
  user: UserRecord,
  claims: SessionClaims,
  accountId?: number,
): Promise<AuthUser> {
  const now = secondsOf(deps.clock);
  await deps.db.query('update users set activity_timestamp = $2 where id = $1', [user.id, now]);
  const account = await permittedAccountId(deps.db, user, accountId);
  return issueSession(deps, user, claims, account, now);
}

async function issueSession(
  deps: DomainDeps,
  user: UserRecord,
  lifetimes: Lifetimes,
  accountId: number | undefined,
  now: number,
): Promise<AuthUser> {
  const claims: SessionClaims = {
    userId: user.id,
    userName: user.userName,
    roles: user.roles,
    territory: user.territory,
    validated: user.validated,
    ...(accountId === undefined ? {} : { accountId }),
    recycleDate: now + lifetimes.recycleSeconds,
    recycleSeconds: lifetimes.recycleSeconds,
    expirySeconds: lifetimes.expirySeconds,
  };
  const jwt = await deps.tokens.sign(claims, now);
  const { userId, recycleSeconds: _r, expirySeconds: _e, ...rest } = claims;
  return { jwt, id: userId, ...rest };
}

/**
 * The account id goes into the token only for an account the user owns (owner or sudoowner of it
 * or of a group above it), or for staff; anything else is ignored rather than refused.
 */
export async function permittedAccountId(db: Db, user: UserRecord, accountId?: number): Promise<number | undefined> {
  if (accountId === undefined || !isRowId(accountId)) return undefined;
  const { rows } = await db.query<{ found: boolean; owns: boolean }>(
    `with recursive chain (id, parent_id) as (
       select id, parent_id from groups where id = $1 and type = 'account'
       union all
       select g.id, g.parent_id from groups g join chain c on g.id = c.parent_id
     )
     select exists (select 1 from chain) as found,
            exists (select 1 from group_users gu join chain c on gu.group_id = c.id
                     where gu.user_id = $2 and gu.access_level in ('owner', 'sudoowner')) as owns`,
    [accountId, user.id],
  );
  const { found, owns } = rows[0];
  return found && (owns || isStaff(user.roles)) ? accountId : undefined;
}
