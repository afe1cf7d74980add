import type { ResetBody, SignupBody } from '../../../contract/users/schemas';
import type { Trx } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { lockKeys } from '../../db/locks';
import { badRequest, tooManyRequests } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { baseUrlOf, type Deps } from '../../kernel/deps';
import type { Caller } from '../access/index';
import { codesSent, wrongGuesses } from './codeQueries';
import { consumeCode, issueCode, type CodeCheck } from './codes';
import { existingAccountMail, resetMail, validationMail } from './emails';
import { hashPassword } from './passwords';
import { findUserByName, insertUser, revokeSessions, setPasswordHash, setUserValidated, type UserRecord } from './queries';
import { requireUser } from './service';
import { clearAccountFailures, takeSlot } from './throttle';

// The user server's codes (spec section 7): sign-up, validation and password reset, each code
// emailed, capped per hour and guessed a few times at most. Sessions and the user's own details are
// in ./service.ts.

export const validationCodeSeconds = 24 * 3600;
export const resetCodeSeconds = 3600;
export const resetRequestedMessage = 'If the user exists, a reset code has been sent';
// Each code allows a few guesses; capping codes per hour caps the guesses an attacker gets.
const maxResetCodesPerHour = 5;

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
export async function resendValidationCode(deps: CodeDeps, caller: Caller, input: { origin: string }): Promise<{ msg: string }> {
  const user = await requireUser(deps, caller.id);
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
export async function validateAccount(deps: CodeDeps, caller: Caller, input: { code: string }): Promise<{ validated: true }> {
  const user = await requireUser(deps, caller.id);
  if (user.validated) return { validated: true };
  const now = secondsOf(deps.clock);
  // The outcome is returned, not thrown, so a wrong try's attempt count is committed.
  const outcome = await deps.db.transaction().execute(async (trx): Promise<CodeCheck | 'throttled'> => {
    await lockKeys(trx, [`codes:validate:user:${user.id}`]);
    if ((await wrongGuesses(trx, user.id, 'validate', 3600, now)) >= maxCodeGuessesPerHour) return 'throttled';
    const check = await consumeCode(trx, user.id, 'validate', input.code, now);
    if (check === 'ok') await setUserValidated(trx, user.id, now);
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
    await setPasswordHash(trx, user.id, hash, now);
    await clearAccountFailures(trx, user.userName);
    // Whoever knew the old password is signed out; exported API tokens stay until revoked.
    await revokeSessions(trx, user.id, now, { includeApi: false });
  });
  return { msg: 'Your password has been reset' };
}

// ---- Sign-up -----------------------------------------------------------------------------------

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
    if (!isUniqueViolation(error)) throw error;
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
