import { endpoint } from '../endpoint';
import type * as S from './schemas';

// Account security (service `users`, under /api/users): the second step of sign-in, passkey
// sign-in, the caller's second factors and recovery codes, their signed-in sessions, and a group's
// two-factor requirement. A login whose user holds a second factor answers a half-signed-in token
// (AuthUser.stage 'secondFactor') that opens only the second-step calls; a user a group requires it
// of and who has none gets stage 'enrol', which opens only enrolment (and reauth, logout).

/** Half-signed-in: finish with an authenticator code, a recovery code or a passkey. */
export const verifySecondFactor = endpoint<typeof S.verifySecondFactor>('users', 'PUT', '/auth/secondfactor', 'bearer');
export const secondFactorPasskeyOptions = endpoint<typeof S.secondFactorPasskeyOptions>('users', 'GET', '/auth/secondfactor/passkey', 'bearer');
/** Sign in with a passkey alone: options, then the browser's answer. */
export const passkeyLoginOptions = endpoint<typeof S.passkeyLoginOptions>('users', 'GET', '/auth/passkey', 'none');
export const passkeyLogin = endpoint<typeof S.passkeyLogin>('users', 'PUT', '/auth/passkey', 'none');

export const getSecurity = endpoint<typeof S.getSecurity>('users', 'GET', '/security', 'bearer');
export const startTotp = endpoint<typeof S.startTotp>('users', 'POST', '/security/totp', 'bearer');
export const confirmTotp = endpoint<typeof S.confirmTotp>('users', 'PUT', '/security/totp', 'bearer');
export const removeTotp = endpoint<typeof S.removeTotp>('users', 'DELETE', '/security/totp', 'bearer');
export const passkeyRegistrationOptions = endpoint<typeof S.passkeyRegistrationOptions>('users', 'POST', '/security/passkeys/options', 'bearer');
/** Answers 201 Created. */
export const registerPasskey = endpoint<typeof S.registerPasskey>('users', 'POST', '/security/passkeys', 'bearer');
export const removePasskey = endpoint<typeof S.removePasskey>('users', 'DELETE', '/security/passkeys', 'bearer');
export const newRecoveryCodes = endpoint<typeof S.newRecoveryCodes>('users', 'POST', '/security/recoverycodes', 'bearer');
export const securityEvents = endpoint<typeof S.securityEvents>('users', 'GET', '/security/events', 'bearer');

export const listSessions = endpoint<typeof S.listSessions>('users', 'GET', '/sessions', 'bearer');
export const endSession = endpoint<typeof S.endSession>('users', 'DELETE', '/sessions', 'bearer');
export const endOtherSessions = endpoint<typeof S.endOtherSessions>('users', 'DELETE', '/sessions/others', 'bearer');

export const getGroupTwoFactor = endpoint<typeof S.getGroupTwoFactor>('users', 'GET', '/security/group', 'bearer');
export const setGroupTwoFactor = endpoint<typeof S.setGroupTwoFactor>('users', 'PUT', '/security/group', 'bearer');
