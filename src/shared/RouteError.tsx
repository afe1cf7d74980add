import { useContext } from 'react';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { PortalContext } from '../app/PortalContext';
import { BlockedError } from '../routing/blocked';
import { Blocked } from './Blocked';

/** The route error screen: an unexpected error, and where to get help (spec section 2). */
export function RouteError({ error }: ErrorComponentProps) {
  const portal = useContext(PortalContext);
  // A guard refused the page: the spec's "Oops!" screen, not an unexpected error.
  if (error instanceof BlockedError) return <Blocked message={error.message} offerSwitch={error.reason === 'account'} />;
  const email = portal?.config.supportEmail ?? 'support';
  return (
    <section className="oops" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">Something went wrong</h1>
      <p>
        An unexpected error occurred. Please try again, and if it keeps happening contact us at{' '}
        <a href={`mailto:${email}`}>{email}</a>.
      </p>
      {error instanceof Error && <p className="muted">Details: {error.message}</p>}
      <Link to="/home" className="button button--primary">
        Back to Home
      </Link>
    </section>
  );
}
