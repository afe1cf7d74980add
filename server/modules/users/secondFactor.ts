import type { SecurityEvent, SecurityStatus } from '../../../contract/security/entities';
import type { AuthUser } from '../../../contract/users/entities';
import type { Db, Trx } from '../../db';
import { badRequest, conflict } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { secondsOf } from '../../platform/clock';
import { mailSecurityEvent, recordSecurityEvent } from './audit';
import type { SessionClaims } from './jwt';
import { verifyPasskeySecondFactor } from './passkeys';
import type { UserRecord } from './queries';
import { codesLeftText, hashRecoveryCode } from './recoveryCodes';
import { factorsOf, finishSessionStage, findTotp, latestSecurityEvents, passkeysOf, spendRecoveryCode, spendTotpStep } from './securityQueries';
import { issueSession } from './service';
import { reserveLoginTry, settleLogin } from './throttle';
import { checkTotpCode, totpRefusals } from './totp';
import { requirementOf } from './twoFactorPolicy';

// The second step of sign-in: a half-signed-in session (stage 'secondFactor', after the password)
// finishes with an authenticator code, a recovery code or a passkey, and gets a full token. Every
// try is counted like a password's, so codes cannot be guessed faster than passwords. Also the
// caller's own security status and audit trail (My Settings).

export const secondStepRefusals = {
  recoveryWrong: 'That recovery code is not right, or it has been used already',
  finished: 'This sign-in is already finished: sign in again',
} as const;

type VerifyInput = { body: { method: 'totp'; code: string } | { method: 'recovery'; code: string } | { method: 'passkey'; challengeId: string; response: Record<string, unknown> } };
type Deps2 = Pick<Deps, 'db' | 'clock' | 'config' | 'jwt' | 'mail' | 'log'>;

/**
 * PUT /auth/secondfactor: checks the second factor of a half-signed-in session and, when it is
 * right, makes the session full and answers its full token (the lifetimes chosen at login). A code
 * is accepted once: an authenticator code only for a later time step than the last one accepted, a
 * recovery code only while unused (of two requests with one code, exactly one succeeds).
 */
export async function verifySecondFactor(
  deps: Deps2,
  caller: UserRecord,
  input: VerifyInput & { claims: SessionClaims; ip: string; origin: string },
): Promise<AuthUser & { recoveryCodesLeft?: number }> {
  const { claims, body } = input;
  const now = secondsOf(deps.clock);
  const source = { userName: caller.userName, ip: input.ip };
  // Counted before the code is looked at, as a password is: a wrong code is a failed login.
  const ticket = await reserveLoginTry(deps.db, deps.config.throttle, source, now);
  // The session becomes full only from the second step, once: a second success on it is refused.
  const finish = async (trx: Db | Trx) => {
    if (!(await finishSessionStage(trx, claims.sessionId, caller.id, 'secondFactor'))) throw conflict(secondStepRefusals.finished);
  };
  let recoveryCodesLeft: number | undefined;
  if (body.method === 'totp') {
    const factor = await findTotp(deps.db, caller.id);
    if (!factor || factor.confirmed_at === null) throw badRequest(totpRefusals.none);
    const checked = checkTotpCode(factor.secret, body.code, now);
    if (checked === 'wrong' || checked === 'expired') throw badRequest(totpRefusals[checked]);
    if (factor.last_step !== null && checked.step <= factor.last_step) throw badRequest(totpRefusals.reused);
    await deps.db.transaction().execute(async (trx) => {
      if (!(await spendTotpStep(trx, caller.id, checked.step))) throw badRequest(totpRefusals.reused);
      await finish(trx);
    });
  } else if (body.method === 'recovery') {
    const hash = hashRecoveryCode(body.code);
    recoveryCodesLeft = await deps.db.transaction().execute(async (trx) => {
      if (!(await spendRecoveryCode(trx, caller.id, hash, now))) throw badRequest(secondStepRefusals.recoveryWrong);
      await finish(trx);
      const left = (await factorsOf(trx, caller.id)).recoveryCodes;
      await recordSecurityEvent(trx, { userId: caller.id, kind: 'recovery.used', detail: codesLeftText(left), ip: input.ip, at: now });
      return left;
    });
    await mailSecurityEvent(deps, caller.email, { kind: 'recovery.used', detail: codesLeftText(recoveryCodesLeft), ip: input.ip });
  } else {
    await verifyPasskeySecondFactor(deps, { userId: caller.id, sessionId: claims.sessionId, challengeId: body.challengeId, response: body.response, origin: input.origin });
    await finish(deps.db);
  }
  await settleLogin(deps.db, ticket, source);
  const lifetimes = { recycleSeconds: claims.recycleSeconds, expirySeconds: claims.expirySeconds, sessionId: claims.sessionId };
  const full = await issueSession(deps, caller, lifetimes, claims.accountId, now);
  return recoveryCodesLeft === undefined ? full : { ...full, recoveryCodesLeft };
}

/** GET /security: the caller's second factors and whether two-factor is required of them. */
export async function getSecurity(deps: Pick<Deps, 'db' | 'config'>, caller: UserRecord): Promise<SecurityStatus> {
  const [factors, passkeys, requirement] = await Promise.all([factorsOf(deps.db, caller.id), passkeysOf(deps.db, caller.id), requirementOf(deps, caller)]);
  return { totp: factors.totp, passkeys, recoveryCodesLeft: factors.recoveryCodes, ...requirement };
}

/** GET /security/events: the caller's last 50 security events, newest first. */
export async function securityEvents(deps: Pick<Deps, 'db'>, caller: UserRecord): Promise<SecurityEvent[]> {
  return latestSecurityEvents(deps.db, caller.id, 50);
}
