import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

// The browser's side of a passkey ceremony (@simplewebauthn/browser): the options the server gave
// (src/api/security.ts) go to the authenticator, and its answer goes back to the server as it came.
// The browser's errors become a PasskeyError with a message a user can act on. Loaded only by the
// pages that use passkeys, never with the first page.

export type PasskeyProblem = 'cancelled' | 'unsupported' | 'alreadyRegistered' | 'failed';

export class PasskeyError extends Error {
  constructor(
    readonly problem: PasskeyProblem,
    message: string,
  ) {
    super(message);
    this.name = 'PasskeyError';
  }
}

const unsupported = 'This browser cannot use passkeys. Use an up-to-date Chrome, Edge, Firefox or Safari, or sign in another way.';

/** Does this browser offer WebAuthn at all? */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** The browser's error (or @simplewebauthn/browser's WebAuthnError, which keeps the DOMException's name) in words. */
export function passkeyErrorOf(error: unknown, ceremony: 'register' | 'signIn'): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'NotAllowedError' || name === 'AbortError') {
    // The browser says no more: the user closed the prompt, it timed out, or no passkey was chosen.
    return new PasskeyError('cancelled', ceremony === 'register'
      ? 'No passkey was made: the request was cancelled or timed out. Try again when you are ready.'
      : 'No passkey was used: the request was cancelled or timed out. Try again, or sign in with your password.');
  }
  if (name === 'InvalidStateError') {
    return new PasskeyError('alreadyRegistered', 'This device already holds a passkey for your account here: you can use that one, or remove it first.');
  }
  if (/not supported/i.test(message) || name === 'NotSupportedError') return new PasskeyError('unsupported', unsupported);
  if (name === 'ConstraintError') {
    return new PasskeyError('unsupported', 'This authenticator cannot keep a passkey that signs in without a user name. Try your phone or another device.');
  }
  if (name === 'SecurityError') return new PasskeyError('failed', 'Passkeys cannot be used at this address of the portal.');
  return new PasskeyError('failed', `The passkey did not work: ${message}`);
}

/** Runs one ceremony of the browser, its errors in words. */
async function ceremony(kind: 'register' | 'signIn', run: () => Promise<object>): Promise<Record<string, unknown>> {
  if (!passkeysSupported()) throw new PasskeyError('unsupported', unsupported);
  try {
    return { ...(await run()) };
  } catch (error) {
    throw passkeyErrorOf(error, kind);
  }
}

/** Makes a passkey for the registration options; the answer for POST /security/passkeys. */
export const createPasskey = (options: Record<string, unknown>) =>
  ceremony('register', () => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));

/** Signs the sign-in or second-factor options with a passkey; the answer for PUT /auth/passkey or /auth/secondfactor. */
export const signWithPasskey = (options: Record<string, unknown>) =>
  ceremony('signIn', () => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
