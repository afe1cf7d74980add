import { useSelector } from '@xstate/react';
import { usePortal } from '../../app/PortalContext';
import { PasskeySetup } from '../../shared/security/PasskeySetup';
import { TotpSetup } from '../../shared/security/TotpSetup';

/**
 * /enrol: the user's organisation requires two-factor sign-in (or they are staff in production)
 * and they have no second factor. Adding one is all they can do; then the session becomes a full one.
 */
export default function Enrol() {
  const { session } = usePortal();
  const userName = useSelector(session, (s) => s.context.user.userName);
  const finishing = useSelector(session, (s) => s.matches('resuming'));
  const enrolled = () => session.send({ type: 'user.enrolled' });

  return (
    <section className="card card--narrow" aria-labelledby="enrol-title" aria-busy={finishing}>
      <h1 id="enrol-title">Add a second factor</h1>
      <p>
        Your organisation requires two-factor sign-in. Before you continue as <strong>{userName}</strong>, add an authenticator app or a
        passkey: from now on you sign in with it after your password.
      </p>
      <section className="security__part" aria-labelledby="enrol-app">
        <h2 id="enrol-app">Authenticator app</h2>
        <TotpSetup onDone={enrolled} />
      </section>
      <section className="security__part" aria-labelledby="enrol-passkey">
        <h2 id="enrol-passkey">Or a passkey</h2>
        <PasskeySetup onDone={enrolled} />
      </section>
      <p className="muted">
        <button type="button" className="link-button" onClick={() => session.send({ type: 'user.logout' })}>
          Log out
        </button>
      </p>
    </section>
  );
}
