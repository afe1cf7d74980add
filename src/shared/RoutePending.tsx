import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { usePortal } from '../app/PortalContext';
import { Spinner } from './Spinner';

/** How long re-authenticating on load may take before the user is offered a way out. */
export const slowResumeMs = 2_000;

/**
 * The router's pending screen: the spinner, and while the saved session is still being resumed
 * (every page waits for it) for longer than `slowResumeMs`, "Still signing you in…" with Log out.
 */
export function RoutePending() {
  const { session } = usePortal();
  const resuming = useSelector(session, (s) => s.matches('resuming'));
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!resuming) return;
    const timer = setTimeout(() => setSlow(true), slowResumeMs);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [resuming]);
  if (!(resuming && slow)) return <Spinner />;
  return (
    <div className="route-pending">
      <Spinner text="Still signing you in…" />
      <button type="button" className="button" onClick={() => session.send({ type: 'user.logout' })}>
        Log out
      </button>
    </div>
  );
}
