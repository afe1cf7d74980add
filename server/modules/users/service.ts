import { randomBytes } from 'node:crypto';
import { can } from '../../../contract/shared/access';
import type { SecondFactorMethod } from '../../../contract/security/entities';
import type { AuthUser, User } from '../../../contract/users/entities';
import type { UpdateUserBody } from '../../../contract/users/schemas';
import { badRequest, conflict, notFound, unauthorised } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { invalidCredentials } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { assertMayActOn, assertOnUser, findGroupFacts, groupsOwnedBy, hasOtherOwner, isRowId, levels, type Caller } from '../access/index';
import { failedLoginsMail } from './emails';
import type { SessionClaims } from './jwt';
import { hashPassword, spendVerifyTime, verifyPassword } from './passwords';
import {
  deleteExpiredSessions,
  deleteUserRow,
  extendSession,
  findUserById,
  findUserByName,
  insertCheckedSession,
  removeMemberships,
  replacePasswordHash,
  revokeSession,
  revokeSessions,
  toUser,
  touchUserActivity,
  updateUserRow,
  type UserRecord,
} from './queries';
import { sessionStage, type SessionRowStage } from './securityQueries';
import { reserveLoginTry, settleLogin } from './throttle';
import { loginStageOf, secondFactorsOf } from './twoFactorPolicy';

// The user server of spec section 7: sessions and the user's own details (sign-up, validation and
// password reset are in ./verification.ts; user admin, services and permissions in ./admin.ts).
// Every function is (deps, caller, input) and authorises inside.

/** The signed-in caller as the session hook found them: the whole users row. */
export type SessionUser = UserRecord;

const userNotFound = () => notFound('User not found');

export async function requireUser(deps: Pick<Deps, 'db'>, id: number): Promise<UserRecord> {
  const user = await findUserById(deps.db, id);
  if (!user) throw userNotFound();
  return user;
}

// ---- Sessions ----------------------------------------------------------------------------------

export type Lifetimes = { recycleSeconds: number; expirySeconds: number; sessionId: string };
type SessionDeps = Pick<Deps, 'db' | 'clock' | 'jwt' | 'config' | 'botCheck' | 'mail' | 'log'>;

/** GET /auth: basic credentials (null when the header is missing or malformed) and the query. */
export async function logIn(
  deps: SessionDeps,
  _actor: null,
  input: {
    credentials: { userName: string; password: string } | null;
    ip: string;
    userAgent?: string | null;
    token?: string;
    recycleTime?: number;
    expiryTime?: number;
    accId?: number;
  },
): Promise<AuthUser> {
  const { db } = deps;
  await deps.botCheck(input.token, input.ip);
  if (!input.credentials) throw unauthorised(invalidCredentials);
  const { userName, password } = input.credentials;
  const recycleSeconds = input.recycleTime ?? deps.config.runtime.sessionRecycleSeconds;
  const lifetimes = { recycleSeconds, expirySeconds: input.expiryTime ?? recycleSeconds };
  const now = secondsOf(deps.clock);
  const source = { userName, ip: input.ip };
  // Counted before the password is looked at: the check and the count are one step.
  const ticket = await reserveLoginTry(db, deps.config.throttle, source, now);
  const user = await findUserByName(db, userName);
  const passwordOk = user ? await verifyPassword(user.passwordHash, password) : await spendVerifyTime(password).then(() => false);
  if (!user || !passwordOk) {
    if (user && ticket.accountWideCount === deps.config.throttle.alertFailures) {
      await deps.mail.send(failedLoginsMail(user.email, ticket.accountWideCount)).catch((error: unknown) => {
        deps.log.error({ err: error }, 'failed-login alert not sent');
      });
    }
    throw unauthorised(invalidCredentials);
  }
  await settleLogin(db, ticket, source);
  // Told only to someone who knows the password, so the lock does not reveal that the account exists.
  if (user.locked) throw unauthorised('This user is locked');
  await touchUserActivity(db, user.id, now);
  // Expired sessions are no use to anyone; each login sweeps them away.
  await deleteExpiredSessions(db, now);
  // A user with a second factor, or one who must add one, gets a half-signed-in session.
  const next = await loginStageOf(deps, user);
  const sessionId = randomBytes(18).toString('base64url');
  const session = {
    id: sessionId,
    kind: input.expiryTime === undefined ? 'session' : 'api',
    created_at: now,
    expires_at: now + lifetimes.expirySeconds,
    stage: next.stage,
    user_agent: input.userAgent ?? null,
    ip: input.ip,
    last_used_at: now,
  } as const;
  // Changed or locked since the password was checked: the login is answered as if it came after.
  const made = await db.transaction().execute((trx) => insertCheckedSession(trx, user, session));
  if (made !== 'ok') throw unauthorised(made === 'locked' ? 'This user is locked' : invalidCredentials);
  return issueSession(deps, user, { ...lifetimes, sessionId }, await permittedAccountId(deps, user, input.accId), now, next);
}

/**
 * GET /reauth: a fresh token for a signed-in user, with the lifetimes chosen at login and the user's
 * current roles and validation. The account is attached only when asked for and owned (spec section
 * 4): the SPA passes its current account on every renewal, and selecting an account it does not own
 * sends none, which must clear the old one.
 */
export async function reauthenticate(
  deps: SessionDeps,
  caller: SessionUser,
  input: { accId?: number; lifetimes: Lifetimes },
): Promise<AuthUser> {
  const now = secondsOf(deps.clock);
  await touchUserActivity(deps.db, caller.id, now);
  // The renewed token belongs to the same session, which now lasts as long as it.
  await extendSession(deps.db, input.lifetimes.sessionId, now + input.lifetimes.expirySeconds, now);
  const account = await permittedAccountId(deps, caller, input.accId);
  // The session row, not the token, says how far sign-in has got: renewal never finishes a half session.
  const stage = (await sessionStage(deps.db, input.lifetimes.sessionId)) ?? 'full';
  const next = stage === 'secondFactor' ? { stage, secondFactors: await secondFactorsOf(deps, caller.id) } : { stage };
  return issueSession(deps, caller, input.lifetimes, account, now, next);
}

/**
 * Signs the token of a session row: the claims of the user, its lifetimes, the account (when
 * permitted) and the session's stage when it is half signed in (with, at the second step, the ways
 * to finish).
 */
export async function issueSession(
  deps: Pick<Deps, 'jwt'>,
  user: UserRecord,
  lifetimes: Lifetimes,
  accountId: number | undefined,
  now: number,
  next: { stage: SessionRowStage; secondFactors?: SecondFactorMethod[] } = { stage: 'full' },
): Promise<AuthUser> {
  const claims: SessionClaims = {
    userId: user.id,
    userName: user.userName,
    roles: user.roles,
    territory: user.territory,
    validated: user.validated,
    ...(accountId === undefined ? {} : { accountId }),
    ...(next.stage === 'full' ? {} : { stage: next.stage }),
    sessionId: lifetimes.sessionId,
    recycleDate: now + lifetimes.recycleSeconds,
    recycleSeconds: lifetimes.recycleSeconds,
    expirySeconds: lifetimes.expirySeconds,
  };
  const jwt = await deps.jwt.sign(claims, now);
  const { userId, recycleSeconds: _r, expirySeconds: _e, sessionId: _s, ...rest } = claims;
  return { jwt, id: userId, ...rest, ...(next.secondFactors ? { secondFactors: next.secondFactors } : {}) };
}

/**
 * The account id goes into the token only for an account the user owns (owner or sudoowner of it
 * or of a group above it), or for staff; anything else is ignored rather than refused.
 */
export async function permittedAccountId(deps: Pick<Deps, 'db'>, user: UserRecord, accountId?: number): Promise<number | undefined> {
  if (accountId === undefined || !isRowId(accountId)) return undefined;
  const account = await findGroupFacts(deps.db, accountId);
  if (account?.type !== 'account') return undefined;
  const { level } = (await levels(deps.db, user.id, [accountId])).get(accountId)!;
  return can(user, { level }, 'manage') ? accountId : undefined;
}

// ---- Users -------------------------------------------------------------------------------------

/**
 * GET /user: users read themselves; staff read anyone. Reading oneself answers from the row the
 * session check of this very request loaded, so the call costs one query, not two.
 */
export async function getUser(deps: Pick<Deps, 'db'>, caller: SessionUser, input: { id: number }): Promise<User> {
  assertOnUser(caller, input.id, 'read');
  return toUser(input.id === caller.id ? caller : await requireUser(deps, input.id));
}

/** Staff act on users of their own role or lower, never higher. */
async function assertNotOutranked(deps: Pick<Deps, 'db'>, caller: Caller, targetId: number): Promise<void> {
  const target = targetId === caller.id ? undefined : await findUserById(deps.db, targetId);
  if (target) assertMayActOn(caller, target);
}

/** PUT /users: the user's own details (or anyone's, by admin and super). Empty texts clear a field. */
export async function updateUser(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  input: { query: { id: number }; body: UpdateUserBody },
): Promise<User> {
  assertOnUser(caller, input.query.id, 'change');
  await assertNotOutranked(deps, caller, input.query.id);
  const { personalName, companyName, ...address } = input.body;
  const blank = (value: string | null | undefined) => (value === '' ? null : value);
  const row = await updateUserRow(deps.db, input.query.id, {
    update_timestamp: secondsOf(deps.clock),
    ...(personalName !== undefined ? { personal_name: blank(personalName) } : {}),
    ...(companyName !== undefined ? { company_name: blank(companyName) } : {}),
    ...Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined).map(([key, value]) => [key, blank(value)])),
  });
  if (!row) throw userNotFound();
  return toUser(row);
}

/** DELETE /users: removes the user and their group memberships together; their tokens stop working at once. */
export async function deleteUser(deps: Pick<Deps, 'db'>, caller: Caller, input: { id: number }): Promise<{ msg: string }> {
  assertOnUser(caller, input.id, 'change');
  await assertNotOutranked(deps, caller, input.id);
  const deleted = await deps.db.transaction().execute(async (trx) => {
    // Never an ownerless group: the groups the user alone owns must get another owner first.
    const owned = await groupsOwnedBy(trx, input.id);
    const alone: string[] = [];
    for (const group of owned) if (!(await hasOtherOwner(trx, group.id, input.id))) alone.push(group.name);
    if (alone.length > 0) {
      throw conflict(`This user is the only owner of ${alone.join(', ')}. Make someone else an owner of ${alone.length === 1 ? 'that group' : 'those groups'} first.`);
    }
    await removeMemberships(trx, input.id);
    // Their sessions, exported tokens included, go with the row (sessions.user_id on delete cascade).
    return deleteUserRow(trx, input.id);
  });
  if (!deleted) throw userNotFound();
  return { msg: 'User deleted' };
}

export const wrongCurrentPassword = 'The current password is not correct';

/**
 * PUT /userpassword: the caller's own password, given the current one (a stolen token alone cannot
 * take the account over). Wrong tries count against the login limits of the caller's address. Every
 * other browser session of the user ends; the caller's own goes on.
 */
export async function setPassword(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  caller: SessionUser,
  input: { currentPassword: string; newPassword: string; sessionId: string; ip: string },
): Promise<{ msg: string }> {
  const now = secondsOf(deps.clock);
  const source = { userName: caller.userName, ip: input.ip };
  const ticket = await reserveLoginTry(deps.db, deps.config.throttle, source, now);
  if (!(await verifyPassword(caller.passwordHash, input.currentPassword))) throw badRequest(wrongCurrentPassword);
  await settleLogin(deps.db, ticket, source);
  const hash = await hashPassword(input.newPassword);
  const row = await deps.db.transaction().execute(async (trx) => {
    // Over the hash the current password was checked against only: a reset or change that committed
    // since (the session check read the row before it) stands, and this one is refused.
    const updated = await replacePasswordHash(trx, caller.id, caller.passwordHash, hash, now);
    if (updated) await revokeSessions(trx, caller.id, now, { except: input.sessionId, includeApi: false });
    return updated;
  });
  if (!row) throw badRequest(wrongCurrentPassword);
  return { msg: 'Password updated' };
}

/** DELETE /auth: logs out, ending the caller's session on the server. */
export async function logOut(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, input: { sessionId: string }): Promise<{ msg: string }> {
  await revokeSession(deps.db, caller.id, input.sessionId, secondsOf(deps.clock));
  return { msg: 'Logged out' };
}
