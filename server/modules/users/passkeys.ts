import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey } from '../../../contract/security/entities';
import { AppError, badRequest, conflict, notFound, unauthorised } from '../../errors';
import { baseUrlOf, type Deps } from '../../kernel/deps';
import { secondsOf } from '../../platform/clock';
import { mailSecurityEvent, recordSecurityEvent } from './audit';
import {
  deletePasskey,
  findPasskey,
  insertChallenge,
  insertPasskey,
  passkeysOf,
  recordPasskeyUse,
  takeChallenge,
  type ChallengeRow,
  type PasskeyRow,
} from './passkeyQueries';
import { issueRecoveryCodes } from './recoveryCodes';
import { deleteRecoveryCodes, factorsOf, finishSessionStage, lockFactorsOf } from './securityQueries';
import { confirmPassword, requirementOf, requirementReason } from './twoFactorPolicy';
import type { SessionUser } from './service';

// Passkeys (WebAuthn, @simplewebauthn/server): registering them from My Settings and the check of
// one as the second factor of a half-signed-in session; signing in with one alone is ./passkeySignIn.ts.
// A passkey belongs to the host it was made on: the relying party is the portal's address the
// request came to (as mail links decide it, kernel/deps.ts baseUrlOf), its RP ID that address's host
// name, so uk-portal.localhost and aus-portal.localhost hold different passkeys. Every ceremony
// starts with a challenge stored for five minutes and taken (deleted) once by the answer to it.

const rpName = 'Data Quality Portal';
export const challengeSeconds = 300;

export type SecurityDeps = Pick<Deps, 'db' | 'clock' | 'config'>;
type MailingDeps = SecurityDeps & Pick<Deps, 'mail' | 'log'>;
export type Options = { challengeId: string; options: Record<string, unknown> };

/** The relying party of a request: the origin a browser's answer must name, and the RP ID. */
export function relyingParty(deps: Pick<Deps, 'config'>, requestOrigin: string): { origin: string; rpID: string } {
  const url = new URL(baseUrlOf(deps, requestOrigin));
  return { origin: url.origin, rpID: url.hostname };
}

const userHandleOf = (userId: number) => new TextEncoder().encode(String(userId));

const toPasskey = (row: PasskeyRow): Passkey => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at });

const descriptors = (rows: PasskeyRow[]) => rows.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransport[] }));

export async function storeChallenge(
  deps: SecurityDeps,
  challenge: string,
  row: { purpose: ChallengeRow['purpose']; userId?: number; sessionId?: string },
): Promise<string> {
  const now = secondsOf(deps.clock);
  const id = randomBytes(18).toString('base64url');
  await insertChallenge(deps.db, {
    id,
    purpose: row.purpose,
    challenge,
    user_id: row.userId ?? null,
    session_id: row.sessionId ?? null,
    expires_at: now + challengeSeconds,
  }, now);
  return id;
}

/** Takes the challenge for good; refuses one that is unknown, already used, someone else's or expired. */
export async function spendChallenge(deps: SecurityDeps, id: string, purpose: ChallengeRow['purpose'], owner: { userId?: number; sessionId?: string }): Promise<ChallengeRow> {
  const row = await takeChallenge(deps.db, id, purpose, owner);
  if (!row) throw badRequest('This passkey request is unknown or was already used: start again');
  if (row.expires_at <= secondsOf(deps.clock)) throw badRequest('This passkey request has expired (they last 5 minutes): start again');
  return row;
}

/** The library's reasons for refusing an answer, in words a user can act on. */
function refusalOf(error: unknown, status: 400 | 401): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  const refuse = (msg: string) => new AppError(status, msg);
  if (/counter/i.test(reason)) return refuse('This passkey\'s signature counter went backwards, so it may have been copied: it was refused');
  if (/RP ID/i.test(reason)) return refuse('This passkey was made for another site, not this portal\'s address');
  if (/origin/i.test(reason)) return refuse('This passkey answer came from another site, not this portal\'s address');
  if (/challenge/i.test(reason)) return refuse('This passkey answer is for another request: start again');
  if (/user verification|user presence|not present/i.test(reason)) return refuse('The passkey did not confirm that it was you (no user presence or verification)');
  return refuse(`The passkey answer could not be checked: ${reason}`);
}

/** Checks a sign-in answer (an assertion) against the stored passkey; the authenticator's new counter. */
export async function checkAssertion(
  deps: SecurityDeps,
  input: { challenge: ChallengeRow; passkey: PasskeyRow; response: Record<string, unknown>; origin: string; requireUserVerification: boolean },
): Promise<number> {
  const party = relyingParty(deps, input.origin);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: input.challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      requireUserVerification: input.requireUserVerification,
      credential: {
        id: input.passkey.id,
        publicKey: new Uint8Array(input.passkey.public_key),
        counter: input.passkey.counter,
        transports: input.passkey.transports as AuthenticatorTransport[],
      },
    });
  } catch (error) {
    throw refusalOf(error, 401);
  }
  if (!verified.verified) throw unauthorised('The passkey\'s signature is not valid');
  return verified.authenticationInfo.newCounter;
}

/** Records the use; refuses it when another use with the same or a higher counter came first. */
export async function recordUse(deps: SecurityDeps, passkey: PasskeyRow, counter: number): Promise<void> {
  if (!(await recordPasskeyUse(deps.db, passkey.id, counter, secondsOf(deps.clock)))) {
    throw unauthorised('This passkey\'s signature counter went backwards, so it may have been copied: it was refused');
  }
}

export const credentialIdOf = (response: Record<string, unknown>): string => {
  if (typeof response.id !== 'string' || response.id === '') throw badRequest('The passkey answer has no credential id');
  return response.id;
};

// ---- Registration (My Settings) ------------------------------------------------------------------

/** POST /security/passkeys/options: what the browser needs to make a passkey of the caller on this host. */
export async function passkeyRegistrationOptions(deps: SecurityDeps, caller: SessionUser, input: { origin: string }): Promise<Options> {
  const party = relyingParty(deps, input.origin);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: party.rpID,
    userID: userHandleOf(caller.id),
    userName: caller.email,
    userDisplayName: caller.personalName ?? caller.email,
    attestationType: 'none',
    excludeCredentials: descriptors(await passkeysOf(deps.db, caller.id)),
    // Resident keys, so that signing in needs no user name.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: challengeSeconds * 1000,
  });
  const challengeId = await storeChallenge(deps, options.challenge, { purpose: 'register', userId: caller.id });
  return { challengeId, options: { ...options } };
}

/** POST /security/passkeys: stores the passkey the browser made for the challenge; audited and mailed. */
export async function registerPasskey(
  deps: MailingDeps,
  caller: SessionUser,
  input: { challengeId: string; response: Record<string, unknown>; name: string; origin: string; ip: string; sessionId: string },
): Promise<{ passkey: Passkey; recoveryCodes?: string[] }> {
  const challenge = await spendChallenge(deps, input.challengeId, 'register', { userId: caller.id });
  const party = relyingParty(deps, input.origin);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    throw refusalOf(error, 400);
  }
  if (!verified.verified) throw badRequest('The passkey could not be verified');
  const { credential } = verified.registrationInfo;
  const now = secondsOf(deps.clock);
  const made = await deps.db.transaction().execute(async (trx) => {
    await lockFactorsOf(trx, caller.id);
    const stored = await insertPasskey(trx, {
      id: credential.id,
      user_id: caller.id,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
      created_at: now,
    });
    if (!stored) return undefined;
    // The first second factor comes with recovery codes; an enrolling session becomes a full one.
    const codes = (await factorsOf(trx, caller.id)).recoveryCodes === 0 ? await issueRecoveryCodes(trx, caller.id, now) : undefined;
    await recordSecurityEvent(trx, { userId: caller.id, kind: 'passkey.registered', detail: input.name, ip: input.ip, at: now });
    await finishSessionStage(trx, input.sessionId, caller.id, 'enrol');
    return { stored, codes };
  });
  if (!made) throw conflict('This passkey is already registered');
  await mailSecurityEvent(deps, caller.email, { kind: 'passkey.registered', detail: input.name, ip: input.ip });
  return made.codes ? { passkey: toPasskey(made.stored), recoveryCodes: made.codes } : { passkey: toPasskey(made.stored) };
}

/** DELETE /security/passkeys: removes one of the caller's passkeys, given the password (counted like a login). */
export async function removePasskey(
  deps: MailingDeps,
  caller: SessionUser,
  input: { id: string; password: string; ip: string },
): Promise<{ msg: string }> {
  await confirmPassword(deps, caller, input);
  const now = secondsOf(deps.clock);
  const requirement = await requirementOf(deps, caller);
  const removed = await deps.db.transaction().execute(async (trx) => {
    await lockFactorsOf(trx, caller.id);
    const factors = await factorsOf(trx, caller.id);
    const last = !factors.totp && factors.passkeys === 1;
    if (requirement.required && last) throw conflict(`${requirementReason(requirement)}: add an authenticator app or another passkey before removing this one`);
    const deleted = await deletePasskey(trx, caller.id, input.id);
    if (!deleted) return undefined;
    // Recovery codes stand in for a second factor: with none left, they go too.
    if (last) await deleteRecoveryCodes(trx, caller.id);
    await recordSecurityEvent(trx, { userId: caller.id, kind: 'passkey.removed', detail: deleted.name, ip: input.ip, at: now });
    return deleted;
  });
  if (!removed) throw notFound('Passkey not found');
  await mailSecurityEvent(deps, caller.email, { kind: 'passkey.removed', detail: removed.name, ip: input.ip });
  return { msg: 'Passkey removed' };
}

// ---- The second factor of a half-signed-in session ------------------------------------------------

/** GET /auth/secondfactor/passkey: a challenge for one of the caller's passkeys, bound to this session. */
export async function secondFactorPasskeyOptions(deps: SecurityDeps, caller: SessionUser, input: { sessionId: string; origin: string }): Promise<Options> {
  const party = relyingParty(deps, input.origin);
  const keys = await passkeysOf(deps.db, caller.id);
  if (keys.length === 0) throw badRequest('You have no passkey: use your authenticator app or a recovery code');
  const options = await generateAuthenticationOptions({
    rpID: party.rpID,
    allowCredentials: descriptors(keys),
    userVerification: 'preferred',
    timeout: challengeSeconds * 1000,
  });
  const challengeId = await storeChallenge(deps, options.challenge, { purpose: 'secondFactor', userId: caller.id, sessionId: input.sessionId });
  return { challengeId, options: { ...options } };
}

/**
 * Checks a passkey as the second factor of the half-signed-in session `sessionId` of `userId`:
 * the challenge must be this session's, unused and unexpired; the passkey the user's; the answer
 * made for this portal's address (`origin`, the request's, as Call.origin has it) and signed with
 * a counter that grew. The caller (verifySecondFactor) counts failures and finishes the session.
 */
export async function verifyPasskeySecondFactor(
  deps: SecurityDeps,
  input: { userId: number; sessionId: string; challengeId: string; response: Record<string, unknown>; origin: string },
): Promise<{ passkeyId: string }> {
  const challenge = await spendChallenge(deps, input.challengeId, 'secondFactor', { sessionId: input.sessionId });
  if (challenge.user_id !== input.userId) throw badRequest('This passkey request is unknown or was already used: start again');
  const passkey = await findPasskey(deps.db, credentialIdOf(input.response));
  if (!passkey || passkey.user_id !== input.userId) throw unauthorised('This passkey is not one of yours');
  const counter = await checkAssertion(deps, { challenge, passkey, response: input.response, origin: input.origin, requireUserVerification: false });
  await recordUse(deps, passkey, counter);
  return { passkeyId: passkey.id };
}
