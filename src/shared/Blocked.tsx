import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';

const BlockedActions = lazy(() => import('./BlockedActions'));

/**
 * The "Oops!" screen of a page the current account, partner or role may not open (spec section 8).
 * When the message asks the user to switch accounts, the way to do it is on the screen.
 */
export function Blocked({ message, offerSwitch = false }: { message: string; offerSwitch?: boolean }) {
  return (
    <section className="oops" aria-labelledby="oops-title">
      <h1 id="oops-title">Oops!</h1>
      <p>{message}</p>
      <div className="oops__actions">
        {offerSwitch && (
          <Suspense fallback={null}>
            <BlockedActions />
          </Suspense>
        )}
        <Link to="/home" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
