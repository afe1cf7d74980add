import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { authUser } from '../users/entities';
import { passkey, securityEvent, securityStatus, signedInSession } from './entities';

// Request and response shapes of the account-security calls (served under /api/users).

const int = z.coerce.number().int();
const msg = z.object({ msg: z.string() });

export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is the 6 digits your authenticator app shows');
/** Ten codes of the form xxxxx-xxxxx (lower-case letters and digits); spaces and case are forgiven. */
export const recoveryCode = z
  .string()
  .trim()
  .toLowerCase()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, 'A recovery code is 10 letters and digits, like abcde-12345'));
/** The JSON a browser's WebAuthn call produced (@simplewebauthn/browser), checked in full by the server. */
const webauthnResponse = z.record(z.string(), z.unknown());
/** Options for the browser's WebAuthn call (@simplewebauthn/server's output), with the challenge's handle. */
const webauthnOptions = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });
const challengeId = z.string().min(1).max(100);
/** Confirms a removal or new codes with the account's password. */
const confirmBody = z.object({ password: z.string().min(1, 'Enter your password').max(128) });

// ---- Second step of sign-in (a half-signed-in session: stage 'secondFactor') ----------------------

export const verifySecondFactorBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({ method: z.literal('recovery'), code: recoveryCode }),
  z.object({ method: z.literal('passkey'), challengeId, response: webauthnResponse }),
]);
/** The full session; after a recovery code, how many codes are left. */
export const verifySecondFactorResponse = authUser.extend({ recoveryCodesLeft: z.number().int().optional() });
export const verifySecondFactor = { body: verifySecondFactorBody, response: verifySecondFactorResponse } satisfies CallShape;
export const secondFactorPasskeyOptions = { response: webauthnOptions } satisfies CallShape;

// ---- Passkey sign-in without a password (usernameless) -----------------------------------------

export const passkeyLoginOptions = { response: webauthnOptions } satisfies CallShape;
export const passkeyLoginBody = z.object({ challengeId, response: webauthnResponse });
export const passkeyLoginQuery = z.object({
  recycleTime: z.coerce.number().int().min(10).max(31_536_000).optional(),
  accId: int.positive().optional(),
});
export const passkeyLogin = { query: passkeyLoginQuery, body: passkeyLoginBody, response: authUser } satisfies CallShape;

// ---- The caller's own second factors (full or 'enrol' sessions) --------------------------------

export const getSecurity = { response: securityStatus } satisfies CallShape;
export const startTotp = {
  response: z.object({
    /** Base32, for typing into an app that cannot scan. */
    secret: z.string(),
    otpauthUrl: z.string(),
    /** The otpauth URL as a QR code, an SVG image. */
    qrSvg: z.string(),
  }),
} satisfies CallShape;
/** Ten new recovery codes, shown once, when the user had none left (the first factor enrolled). */
const newCodes = z.object({ recoveryCodes: z.array(z.string()).optional() });
export const confirmTotp = { body: z.object({ code: totpCode }), response: newCodes } satisfies CallShape;
export const removeTotp = { body: confirmBody, response: msg } satisfies CallShape;
export const passkeyRegistrationOptions = { response: webauthnOptions } satisfies CallShape;
export const registerPasskey = {
  body: z.object({ challengeId, response: webauthnResponse, name: z.string().trim().min(1, 'Name the passkey').max(60) }),
  response: z.object({ passkey }).merge(newCodes),
} satisfies CallShape;
export const removePasskey = { query: z.object({ id: z.string().min(1).max(1024) }), body: confirmBody, response: msg } satisfies CallShape;
export const newRecoveryCodes = { body: confirmBody, response: z.object({ recoveryCodes: z.array(z.string()) }) } satisfies CallShape;
export const securityEvents = { response: z.array(securityEvent) } satisfies CallShape;

// ---- Sessions ------------------------------------------------------------------------------------

export const listSessions = { response: z.array(signedInSession) } satisfies CallShape;
export const endSession = { query: z.object({ id: z.string().min(1).max(100) }), response: msg } satisfies CallShape;
export const endOtherSessions = { response: z.object({ msg: z.string(), ended: z.number().int() }) } satisfies CallShape;

// ---- A group's requirement (its owners decide) ---------------------------------------------------

const groupTwoFactor = z.object({
  required: z.boolean(),
  /** Members (of the group and the groups below it) who have no second factor yet. */
  membersWithout: z.number().int(),
});
export const getGroupTwoFactor = { query: z.object({ id: int.positive() }), response: groupTwoFactor } satisfies CallShape;
export const setGroupTwoFactor = {
  query: z.object({ id: int.positive() }),
  body: z.object({ required: z.boolean() }),
  response: groupTwoFactor,
} satisfies CallShape;


