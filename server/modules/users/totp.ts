import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { badRequest, conflict } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { secondsOf } from '../../platform/clock';
import { mailSecurityEvent, recordSecurityEvent } from './audit';
import type { UserRecord } from './queries';
import { issueRecoveryCodes } from './recoveryCodes';
import {
  confirmTotpRow,
  deleteRecoveryCodes,
  deleteTotp,
  factorsOf,
  finishSessionStage,
  findTotp,
  lockFactorsOf,
  putUnconfirmedTotp,
} from './securityQueries';
import { confirmPassword, requirementOf, requirementReason } from './twoFactorPolicy';

// An authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps, what every app assumes):
// enrolment (a secret shown as a QR code, confirmed by typing a code from it) and removal. The
// second step of sign-in checks codes with verifyTotpCode below.

export const totpIssuer = 'Data Quality Portal';
const period = 30;

export const totpRefusals = {
  alreadySetUp: 'An authenticator app is already set up. Remove it before adding another.',
  notStarted: 'Start adding an authenticator app first: the code must come from the secret it was given',
  wrong: 'That code is not right. Type the 6 digits your authenticator app shows now.',
  expired: 'That code has expired. Type the code your authenticator app shows now.',
  reused: 'That code has already been used. Wait for the next one.',
  none: 'No authenticator app is set up for this account',
} as const;

/**
 * What `code` is for `secret` at `nowSeconds`: the time step it belongs to when it is within one
 * step of now (a clock a little off, a code typed as it changed); 'expired' when it belongs to a
 * step of the last five minutes; 'wrong' otherwise.
 */
export function checkTotpCode(secret: string, code: string, nowSeconds: number): { step: number } | 'expired' | 'wrong' {
  const result = verifySync({ secret, token: code, epoch: nowSeconds, period, epochTolerance: period });
  // A TOTP result names the step it matched (the functional API's type also covers HOTP's).
  if (result.valid && 'timeStep' in result) return { step: result.timeStep };
  const late = verifySync({ secret, token: code, epoch: nowSeconds, period, epochTolerance: [10 * period, 0] });
  return late.valid ? 'expired' : 'wrong';
}

/** POST /security/totp: a new secret to scan (replacing one not yet confirmed); 409 when an app is already set up. */
export async function startTotp(deps: Pick<Deps, 'db'>, caller: UserRecord): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  const secret = generateSecret();
  if (!(await putUnconfirmedTotp(deps.db, caller.id, secret))) throw conflict(totpRefusals.alreadySetUp);
  const otpauthUrl = generateURI({ issuer: totpIssuer, label: caller.email, secret, period });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * PUT /security/totp: the code from the app confirms the secret. The code's step is spent (it cannot
 * sign in afterwards); a user without unused recovery codes gets ten, shown this once. A session
 * that was sent to enrol is now full (the SPA renews its token to get a full one).
 */
export async function confirmTotp(
  deps: Pick<Deps, 'db' | 'clock' | 'mail' | 'log'>,
  caller: UserRecord,
  input: { code: string; sessionId: string; ip: string },
): Promise<{ recoveryCodes?: string[] }> {
  const now = secondsOf(deps.clock);
  const factor = await findTotp(deps.db, caller.id);
  if (!factor) throw badRequest(totpRefusals.notStarted);
  if (factor.confirmed_at !== null) throw conflict(totpRefusals.alreadySetUp);
  const checked = checkTotpCode(factor.secret, input.code, now);
  if (checked === 'wrong' || checked === 'expired') throw badRequest(totpRefusals[checked]);
  const codes = await deps.db.transaction().execute(async (trx) => {
    await lockFactorsOf(trx, caller.id);
    // Confirmed, or replaced by a new start, since it was read: this confirmation is too late.
    if (!(await confirmTotpRow(trx, caller.id, factor.secret, checked.step, now))) throw conflict(totpRefusals.alreadySetUp);
    const made = (await factorsOf(trx, caller.id)).recoveryCodes === 0 ? await issueRecoveryCodes(trx, caller.id, now) : undefined;
    await recordSecurityEvent(trx, { userId: caller.id, kind: 'totp.enrolled', ip: input.ip, at: now });
    await finishSessionStage(trx, input.sessionId, caller.id, 'enrol');
    return made;
  });
  await mailSecurityEvent(deps, caller.email, { kind: 'totp.enrolled', ip: input.ip });
  return codes ? { recoveryCodes: codes } : {};
}

/**
 * DELETE /security/totp: removes the authenticator app, given the password. Refused while two-factor
 * is required of the user and it is their last factor; removing the last factor also removes the
 * recovery codes (they stand in for a factor the account no longer has).
 */
export async function removeTotp(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mail' | 'log'>,
  caller: UserRecord,
  input: { password: string; ip: string },
): Promise<{ msg: string }> {
  await confirmPassword(deps, caller, input);
  const now = secondsOf(deps.clock);
  const requirement = await requirementOf(deps, caller);
  await deps.db.transaction().execute(async (trx) => {
    await lockFactorsOf(trx, caller.id);
    const factors = await factorsOf(trx, caller.id);
    if (requirement.required && factors.passkeys === 0 && factors.totp) {
      throw conflict(`${requirementReason(requirement)}: add a passkey before removing the authenticator app`);
    }
    if (!(await deleteTotp(trx, caller.id))) throw badRequest(totpRefusals.none);
    if (factors.passkeys === 0) await deleteRecoveryCodes(trx, caller.id);
    await recordSecurityEvent(trx, { userId: caller.id, kind: 'totp.removed', ip: input.ip, at: now });
  });
  await mailSecurityEvent(deps, caller.email, { kind: 'totp.removed', ip: input.ip });
  return { msg: 'Authenticator app removed' };
}
