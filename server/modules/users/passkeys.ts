import { badRequest } from '../../errors';
import type { Deps } from '../../kernel/deps';

// A stand-in until the passkeys (WebAuthn) work is merged: it replaces this file whole.

/** Checks a passkey's answer to the second-step challenge of the half-signed-in session `sessionId`; throws when it is not right. */
export async function verifyPasskeySecondFactor(
  _deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  _input: { userId: number; sessionId: string; challengeId: string; response: Record<string, unknown> },
): Promise<void> {
  throw badRequest('Passkeys are not available yet');
}
