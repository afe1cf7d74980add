import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { usePortal } from '../../app/PortalContext';
import { CodeField, Field, formValues } from '../../shared/Field';

/**
 * /twofactor: the second step of signing in. The password was right; the user gives a code from
 * their authenticator app, a recovery code, or their passkey. A wrong code shows the server's
 * message and counts toward the same limit as wrong passwords.
 */
export default function SecondFactor() {
  const { session, security, modal } = usePortal();
  const user = useSelector(session, (s) => s.context.user);
  const verifying = useSelector(session, (s) => s.matches('verifying'));
  const methods = user.secondFactors ?? [];
  const [mode, setMode] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [askingDevice, setAskingDevice] = useState(false);
  const busy = verifying || askingDevice;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = formValues(e.currentTarget).code;
    session.send({ type: 'user.secondFactor', proof: { method: mode, code } });
  };
  const answerWithPasskey = async () => {
    setAskingDevice(true);
    try {
      const { challengeId, options } = await security.secondFactorPasskeyOptions();
      const { signWithPasskey } = await import('../../shared/security/passkeyCeremony');
      const response = await signWithPasskey(options);
      session.send({ type: 'user.secondFactor', proof: { method: 'passkey', challengeId, response } });
    } catch (error) {
      if (error instanceof Error && error.name === 'PasskeyError') modal.send({ type: 'modal.show', title: 'Passkey not used', text: error.message });
    } finally {
      setAskingDevice(false);
    }
  };

  return (
    <section className="card card--narrow" aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">Confirm it is you</h1>
      <p>
        Signing in as <strong>{user.userName}</strong>.
      </p>
      {methods.includes('passkey') && (
        <div className="form__row">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void answerWithPasskey()}>
            {askingDevice ? 'Waiting for your device…' : 'Use your passkey'}
          </button>
        </div>
      )}
      <form onSubmit={submit} className="form" aria-busy={busy} key={mode}>
        {mode === 'totp' ? (
          <CodeField label="Code from your authenticator app" autoFocus={!methods.includes('passkey')} hint="6 digits; the app shows a new one every 30 seconds." />
        ) : (
          <Field label="Recovery code" name="code" autoComplete="off" spellCheck={false} maxLength={12} required autoFocus hint="One of the codes you kept, like abcde-23456. Each works once." />
        )}
        <div className="form__row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {verifying ? 'Checking…' : 'Continue'}
          </button>
        </div>
      </form>
      <p className="muted">
        {methods.includes('totp') && methods.includes('recovery') && (
          <button type="button" className="link-button" onClick={() => setMode(mode === 'totp' ? 'recovery' : 'totp')}>
            {mode === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
          </button>
        )}{' '}
        <button type="button" className="link-button" onClick={() => session.send({ type: 'user.logout' })}>
          Cancel and log out
        </button>
      </p>
    </section>
  );
}
