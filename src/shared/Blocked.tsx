import { lazy, Suspense, useContext } from 'react';
import { Link } from '@tanstack/react-router';
import { PortalContext } from '../app/PortalContext';
import { isSignedIn } from '../../machines/session';

// The switcher belongs to the signed-in shell's code; a refusal loads it only when it offers it.
const AccountSwitcher = lazy(() => import('./AccountSwitcher').then((m) => ({ default: m.AccountSwitcher })));

/**
 * The "Oops!" screen of a page the current account, partner or role may not open (spec section 8).
 * When the message asks the user to switch accounts, the way to do it is on the screen: Change Account
 * where they have groups (or are staff), else a link to set up their first account.
 */
export function Blocked({ message, offerSwitch = false }: { message: string; offerSwitch?: boolean }) {
  const portal = useContext(PortalContext);
  const session = portal?.session.getSnapshot();
  const signedIn = Boolean(session && isSignedIn(session) && session.context.user.validated);
  const hasGroups = (portal?.groups.getSnapshot().context.groups.length ?? 0) > 0 || Boolean(portal?.groups.getSnapshot().context.staff);
  return (
    <section className="oops" aria-labelledby="oops-title">
      <h1 id="oops-title">Oops!</h1>
      <p>{message}</p>
      <div className="oops__actions">
        {offerSwitch && signedIn && hasGroups && (
          <Suspense fallback={null}>
            <AccountSwitcher />
          </Suspense>
        )}
        {offerSwitch && signedIn && !hasGroups && (
          <Link to="/welcomewizard" className="button">
            Set up an account
          </Link>
        )}
        <Link to="/home" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
