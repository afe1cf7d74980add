import { randomBytes } from 'node:crypto';
import { higherRoleRefusal, mayActOnRole, ownsWith } from '../../../contract/shared/access';
import { isStaff } from '../../../contract/shared/roles';
import type { AuthUser, User } from '../../../contract/users/entities';
import type { ResetBody, SignupBody, UpdateUserBody } from '../../../contract/users/schemas';
import type { Trx } from '../../db';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorised } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { invalidCredentials } from '../../http/route';
import { baseUrlOf, type Deps } from '../deps';
import { assertOnUser, isRowId, type Actor } from '../groups/access';
import { hasOtherOwner, levels } from '../groups/queries';
import { codesSent, consumeCode, issueCode, lockKeys, wrongGuesses, type CodeCheck } from './codes';
import { existingAccountMail, failedLoginsMail, resetMail, validationMail } from './emails';
import type { SessionClaims } from './jwt';
import { hashPassword, spendVerifyTime, verifyPassword } from './passwords';
import { findUserById, findUserByName, insertCheckedSession, insertUser, revokeSessions, toUser, updateUserRow, type UserRecord } from './queries';
import { clearAccountFailures, reserveLoginTry, settleLogin, takeSlot } from './throttle';

// The user server of spec section 7: sessions, validation, password reset and the user's own
// details (user admin, services and permissions are in ./admin.ts). Every function is
// (deps, actor, input) and authorises inside.

/** The signed-in caller as the session hook found them: the whole users row. */
export type SessionUser = UserRecord;

export const validationCodeSeconds = 24 * 3600;
export const resetCodeSeconds = 3600;
export const resetRequestedMessage = 'If the user exists, a reset code has been sent';
// Each code allows a few guesses; capping codes per hour caps the guesses an attacker gets.
const maxResetCodesPerHour = 5;


const userNotFound = () => notFound('User not found');

export async function requireUser(deps: Pick<Deps, 'db'>, id: number): Promise<UserRecord> {
  const user = await findUserById(deps.db, id);
  if (!user) throw userNotFound();
  return user;
}

// ---- Sessions ----------------------------------------------------------------------------------

export type Lifetimes = { recycleSeconds: number; expirySeconds: number; sessionId: string };
type SessionDeps = Pick<Deps, 'db' | 'clock' | 'tokens' | 'config' | 'botCheck' | 'mail' | 'log'>;

/** GET /auth: basic credentials (null when the header is missing or malformed) and the query. */
export async function logIn(
  deps: SessionDeps,
  _actor: null,
  input: {
    credentials: { userName: string; password: string } | null;
    ip: string;
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
  await db.updateTable('users').set({ activity_timestamp: now }).where('id', '=', user.id).execute();
  // Expired sessions are no use to anyone; each login sweeps them away.
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  const sessionId = randomBytes(18).toString('base64url');
  const session = { id: sessionId, kind: input.expiryTime === undefined ? 'session' : 'api', created_at: now, expires_at: now + lifetimes.expirySeconds } as const;
  // Changed or locked since the password was checked: the login is answered as if it came after.
  const made = await db.transaction().execute((trx) => insertCheckedSession(trx, user, session));
  if (made !== 'ok') throw unauthorised(made === 'locked' ? 'This user is locked' : invalidCredentials);
  return issueSession(deps, user, { ...lifetimes, sessionId }, await permittedAccountId(deps, user, input.accId), now);
}

/**
 * GET /reauth: a fresh token for a signed-in user, with the lifetimes chosen at login and the user's
 * current roles and validation. The account is attached only when asked for and owned (spec section
 * 4): the SPA passes its current account on every renewal, and selecting an account it does not own
 * sends none, which must clear the old one.
 */
export async function reauthenticate(
  deps: SessionDeps,
  actor: SessionUser,
  input: { accId?: number; lifetimes: Lifetimes },
): Promise<AuthUser> {
  const now = secondsOf(deps.clock);
  await deps.db.updateTable('users').set({ activity_timestamp: now }).where('id', '=', actor.id).execute();
  // The renewed token belongs to the same session, which now lasts as long as it.
  await deps.db.updateTable('sessions').set({ expires_at: now + input.lifetimes.expirySeconds }).where('id', '=', input.lifetimes.sessionId).execute();
  const account = await permittedAccountId(deps, actor, input.accId);
  return issueSession(deps, actor, input.lifetimes, account, now);
}

/** Signs the token of a session row: the claims of the user, its lifetimes and the account (when permitted). */
export async function issueSession(
  deps: Pick<Deps, 'tokens'>,
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
    sessionId: lifetimes.sessionId,
    recycleDate: now + lifetimes.recycleSeconds,
    recycleSeconds: lifetimes.recycleSeconds,
    expirySeconds: lifetimes.expirySeconds,
  };
  const jwt = await deps.tokens.sign(claims, now);
  const { userId, recycleSeconds: _r, expirySeconds: _e, sessionId: _s, ...rest } = claims;
  return { jwt, id: userId, ...rest };
}

/**
 * The account id goes into the token only for an account the user owns (owner or sudoowner of it
 * or of a group above it), or for staff; anything else is ignored rather than refused.
 */
async function permittedAccountId(deps: Pick<Deps, 'db'>, user: UserRecord, accountId?: number): Promise<number | undefined> {
  if (accountId === undefined || !isRowId(accountId)) return undefined;
  const account = await deps.db.selectFrom('groups').select('id').where('id', '=', accountId).where('type', '=', 'account').executeTakeFirst();
  if (!account) return undefined;
  const { level } = (await levels(deps.db, user.id, [accountId])).get(accountId)!;
  return ownsWith(level) || isStaff(user.roles) ? accountId : undefined;
}

// ---- Validation and password reset -------------------------------------------------------------

type CodeDeps = Pick<Deps, 'db' | 'clock' | 'mail' | 'config'>;

// Mail and guesses are limited over time, per user and per address: no mailbox gets more than a
// handful of codes an hour, and guessing a 6-digit code at 10 wrong tries an hour is hopeless.
export const maxValidationMailsPerHour = 5;
export const maxCodeGuessesPerHour = 10;

const waitMessage = (what: string, seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/**
 * Issues a code unless the user or the address has had `max` codes of this purpose within the hour;
 * the check and the new code are one step (advisory locks per user and address), so concurrent
 * requests cannot pass the same check. null when capped, with the wait.
 */
async function issueCappedCode(
  trx: Trx,
  user: { id: number; email: string },
  purpose: 'validate' | 'reset',
  max: number,
  ttlSeconds: number,
  now: number,
): Promise<{ code: string } | { waitSeconds: number }> {
  await lockKeys(trx, [`codes:${purpose}:user:${user.id}`, `codes:${purpose}:mail:${user.email}`]);
  const byUser = await codesSent(trx, { userId: user.id }, purpose, 3600, now);
  const byAddress = await codesSent(trx, { email: user.email }, purpose, 3600, now);
  const capped = [byUser, byAddress].filter((sent) => sent.count >= max);
  if (capped.length > 0) return { waitSeconds: Math.max(...capped.map((sent) => sent.waitSeconds)) };
  return { code: await issueCode(trx, user.id, purpose, ttlSeconds, now) };
}

/** GET /validate: sends a new validation code (the previous one stops working), a few an hour at most. */
export async function resendValidationCode(deps: CodeDeps, actor: Actor, input: { origin: string }): Promise<{ msg: string }> {
  const user = await requireUser(deps, actor.id);
  if (user.validated) throw badRequest('This user is already validated');
  const now = secondsOf(deps.clock);
  const issued = await deps.db
    .transaction()
    .execute((trx) => issueCappedCode(trx, user, 'validate', maxValidationMailsPerHour, validationCodeSeconds, now));
  if ('waitSeconds' in issued) {
    throw tooManyRequests(waitMessage('Too many validation codes have been sent.', issued.waitSeconds), issued.waitSeconds);
  }
  await deps.mail.send(validationMail(user.email, issued.code, baseUrlOf(deps, input.origin)));
  return { msg: 'A new validation code has been sent' };
}

const validationFailures: Record<Exclude<CodeCheck, 'ok'>, string> = {
  invalid: 'Invalid validation code',
  expired: 'The validation code has expired. Request a new one.',
  exhausted: 'Too many wrong codes. Request a new one.',
};

/** PUT /validate. */
export async function validateAccount(deps: CodeDeps, actor: Actor, input: { code: string }): Promise<{ validated: true }> {
  const user = await requireUser(deps, actor.id);
  if (user.validated) return { validated: true };
  const now = secondsOf(deps.clock);
  // The outcome is returned, not thrown, so a wrong try's attempt count is committed.
  const outcome = await deps.db.transaction().execute(async (trx): Promise<CodeCheck | 'throttled'> => {
    await lockKeys(trx, [`codes:validate:user:${user.id}`]);
    if ((await wrongGuesses(trx, user.id, 'validate', 3600, now)) >= maxCodeGuessesPerHour) return 'throttled';
    const check = await consumeCode(trx, user.id, 'validate', input.code, now);
    if (check === 'ok') await trx.updateTable('users').set({ validated: true, update_timestamp: now }).where('id', '=', user.id).execute();
    return check;
  });
  if (outcome === 'throttled') throw tooManyRequests('Too many wrong validation codes. Try again in an hour.', 3600);
  if (outcome !== 'ok') throw badRequest(validationFailures[outcome]);
  return { validated: true };
}

/** GET /resetpassword: emails a reset code when the user exists; the answer is the same either way. */
export async function requestPasswordReset(deps: CodeDeps, _actor: null, input: { userId: string; origin: string }): Promise<{ msg: string }> {
  const user = await findUserByName(deps.db, input.userId);
  if (user) {
    const now = secondsOf(deps.clock);
    // Capped in one step with the count (advisory locks), so concurrent requests cannot pass it together.
    const issued = await deps.db
      .transaction()
      .execute((trx) => issueCappedCode(trx, user, 'reset', maxResetCodesPerHour, resetCodeSeconds, now));
    if ('code' in issued) await deps.mail.send(resetMail(user.email, issued.code, baseUrlOf(deps, input.origin), user.userName));
  }
  return { msg: resetRequestedMessage };
}

/** PUT /resetpassword. */
export async function resetPassword(deps: CodeDeps, _actor: null, input: ResetBody): Promise<{ msg: string }> {
  const invalid = () => badRequest('Invalid or expired reset code');
  const user = await findUserByName(deps.db, input.userId);
  if (!user) throw invalid();
  const now = secondsOf(deps.clock);
  // The outcome is returned, not thrown, so a wrong try's attempt count is committed.
  const outcome = await deps.db.transaction().execute((trx) => consumeCode(trx, user.id, 'reset', input.activationCode, now));
  if (outcome !== 'ok') throw invalid();
  // Hashed only after the code checks out, so guessing codes cannot make the server hash at will.
  const hash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, update_timestamp: now }).where('id', '=', user.id).execute();
    await clearAccountFailures(trx, user.userName);
    // Whoever knew the old password is signed out; exported API tokens stay until revoked.
    await revokeSessions(trx, user.id, now, { includeApi: false });
  });
  return { msg: 'Your password has been reset' };
}

// ---- Users -------------------------------------------------------------------------------------

const uniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
export const signupAnswer = 'Check your email: we have sent you what you need to finish signing up';
const maxSignupMailsPerAddressPerHour = 3;

/**
 * POST /users: answers the same whether or not the address has an account, so sign-up tells no one
 * who is registered. A new address gets an unvalidated account user and a validation code (written
 * together; the mail goes after the commit, and if it fails the user stays and can ask again); an
 * address with an account gets a mail telling its owner instead. Throttled per IP, and the mails to
 * one address are capped per hour.
 */
export async function signUp(
  deps: CodeDeps & Pick<Deps, 'botCheck' | 'log'>,
  _actor: null,
  input: { body: SignupBody; token?: string; ip: string; origin: string },
): Promise<{ msg: string }> {
  const { db } = deps;
  const { body } = input;
  await deps.botCheck(input.token, input.ip);
  const now = secondsOf(deps.clock);
  const wait = await takeSlot(db, `signup:ip:${input.ip}`, deps.config.throttle.signupsPerIp, 3600, now);
  if (wait > 0) throw tooManyRequests(waitMessage('Too many sign-ups from your network.', wait), wait);
  // Hashed either way, so the time taken does not tell either.
  const passwordHash = await hashPassword(body.password);
  const baseUrl = baseUrlOf(deps, input.origin);
  const mailOnce = async (send: () => Promise<void>) => {
    if ((await takeSlot(db, `signup:mail:${body.email}`, maxSignupMailsPerAddressPerHour, 3600, now)) > 0) return;
    await send().catch((error: unknown) => deps.log.error({ err: error }, 'Could not send the sign-up email'));
  };
  let created: { user: UserRecord; code: string } | null;
  try {
    created = await db.transaction().execute(async (trx) => {
      if (await findUserByName(trx, body.email)) return null;
      const user = await insertUser(trx, {
        user_name: body.email,
        email: body.email,
        password_hash: passwordHash,
        personal_name: body.personalName,
        company_name: body.companyName || null,
        country: body.country || null,
        territory: body.territory,
        roles: ['account'],
        validated: false,
        create_timestamp: now,
        update_timestamp: now,
      });
      return { user, code: await issueCode(trx, user.id, 'validate', validationCodeSeconds, now) };
    });
  } catch (error) {
    // Two signups with one email at once: the unique index lets only one through.
    if (!uniqueViolation(error)) throw error;
    created = null;
  }
  if (created) {
    const { user, code } = created;
    try {
      await deps.mail.send(validationMail(user.email, code, baseUrl));
    } catch (error) {
      deps.log.error({ err: error, userId: user.id }, 'Could not send the validation email');
    }
  } else {
    await mailOnce(() => deps.mail.send(existingAccountMail(body.email, baseUrl)));
  }
  return { msg: signupAnswer };
}

/**
 * GET /user: users read themselves; staff read anyone. Reading oneself answers from the row the
 * session check of this very request loaded, so the call costs one query, not two (issue 9, finding 16).
 */
export async function getUser(deps: Pick<Deps, 'db'>, actor: SessionUser, input: { id: number }): Promise<User> {
  assertOnUser(actor, input.id, 'read');
  return toUser(input.id === actor.id ? actor : await requireUser(deps, input.id));
}

/** Staff act on users of their own role or lower, never higher (finding 12 of issue 9). */
async function assertNotOutranked(deps: Pick<Deps, 'db'>, actor: Actor, targetId: number): Promise<void> {
  if (targetId === actor.id) return;
  const target = await findUserById(deps.db, targetId);
  if (target && !mayActOnRole(actor, target)) throw forbidden(higherRoleRefusal);
}

/** PUT /users: the user's own details (or anyone's, by admin and super). Empty texts clear a field. */
export async function updateUser(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  input: { query: { id: number }; body: UpdateUserBody },
): Promise<User> {
  assertOnUser(actor, input.query.id, 'change');
  await assertNotOutranked(deps, actor, input.query.id);
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
export async function deleteUser(deps: Pick<Deps, 'db'>, actor: Actor, input: { id: number }): Promise<{ msg: string }> {
  assertOnUser(actor, input.id, 'change');
  await assertNotOutranked(deps, actor, input.id);
  const deleted = await deps.db.transaction().execute(async (trx) => {
    // Never an ownerless group: the groups the user alone owns must get another owner first.
    const owned = await trx
      .selectFrom('group_users')
      .innerJoin('groups', 'groups.id', 'group_users.group_id')
      .select(['groups.id', 'groups.name'])
      .where('group_users.user_id', '=', input.id)
      .where('group_users.access_level', '=', 'owner')
      .orderBy('groups.name')
      .forUpdate()
      .execute();
    const alone: string[] = [];
    for (const group of owned) if (!(await hasOtherOwner(trx, group.id, input.id))) alone.push(group.name);
    if (alone.length > 0) {
      throw conflict(`This user is the only owner of ${alone.join(', ')}. Make someone else an owner of ${alone.length === 1 ? 'that group' : 'those groups'} first.`);
    }
    await trx.deleteFrom('group_users').where('user_id', '=', input.id).execute();
    return trx.deleteFrom('users').where('id', '=', input.id).returning('id').executeTakeFirst();
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
  actor: SessionUser,
  input: { currentPassword: string; newPassword: string; sessionId: string; ip: string },
): Promise<{ msg: string }> {
  const now = secondsOf(deps.clock);
  const source = { userName: actor.userName, ip: input.ip };
  const ticket = await reserveLoginTry(deps.db, deps.config.throttle, source, now);
  if (!(await verifyPassword(actor.passwordHash, input.currentPassword))) throw badRequest(wrongCurrentPassword);
  await settleLogin(deps.db, ticket, source);
  const hash = await hashPassword(input.newPassword);
  const row = await deps.db.transaction().execute(async (trx) => {
    // Over the hash the current password was checked against only: a reset or change that committed
    // since (the session check read the row before it) stands, and this one is refused.
    const updated = await trx.updateTable('users').set({ password_hash: hash, update_timestamp: now })
      .where('id', '=', actor.id).where('password_hash', '=', actor.passwordHash).returning('id').executeTakeFirst();
    if (updated) await revokeSessions(trx, actor.id, now, { except: input.sessionId, includeApi: false });
    return updated;
  });
  if (!row) throw badRequest(wrongCurrentPassword);
  return { msg: 'Password updated' };
}

/** DELETE /auth: logs out, ending the caller's session on the server. */
export async function logOut(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: { sessionId: string }): Promise<{ msg: string }> {
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: secondsOf(deps.clock) })
    .where('id', '=', input.sessionId)
    .where('user_id', '=', actor.id)
    .execute();
  return { msg: 'Logged out' };
}
