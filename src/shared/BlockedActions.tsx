import { Link } from '@tanstack/react-router';
import { usePortal } from '../app/PortalContext';
import { isSignedIn } from '../../machines/session';
import { AccountSwitcher } from './AccountSwitcher';

/**
 * The way to switch on a refusal that asks for it: Change Account where the user has groups (or is
 * staff), else a link to set up their first account. Loaded only with such a refusal.
 */
export default function BlockedActions() {
  const { session, groups } = usePortal();
  const s = session.getSnapshot();
  if (!isSignedIn(s) || !s.context.user.validated) return null;
  const g = groups.getSnapshot().context;
  return g.groups.length > 0 || g.staff ? (
    <AccountSwitcher />
  ) : (
    <Link to="/welcomewizard" className="button">
      Set up an account
    </Link>
  );
}
