import type { Portal } from '../../app/portal';

/**
 * Signing in with a passkey alone, from the login page: the server's challenge, the browser's
 * ceremony, and the answer handed to the session. Loaded on the click, so the login page carries none of it.
 */
export async function signInWithPasskey({ security, session, modal }: Pick<Portal, 'security' | 'session' | 'modal'>): Promise<void> {
  try {
    const { challengeId, options } = await security.passkeyLoginOptions();
    const { signWithPasskey } = await import('./passkeyCeremony');
    session.send({ type: 'user.passkeyLogin', assertion: { challengeId, response: await signWithPasskey(options) } });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasskeyError') modal.send({ type: 'modal.show', title: 'Passkey not used', text: error.message });
  }
}
