import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { currencySymbols, territoryLabels } from '../../../contract/shared/territory';
import { isStaff } from '../../../contract/shared/roles';
import { usePortal } from '../../app/PortalContext';
import { formatDate, formatTime } from '../../shared/format';
import { PageTour } from '../../shared/helptips/PageTour';
import { homeTour } from '../../shared/helptips/tours/home';
import './home.css';

const services = [
  { name: 'Address Lookup', text: 'Find and complete addresses as people type, from the national address file.' },
  { name: 'Email Validation', text: 'Check syntax, domain, mailbox and disposable or role addresses before you send.' },
  { name: 'Payment Validation', text: 'Check sort codes and account numbers with the UK modulus rules.', ukOnly: true },
  { name: 'Name Validation', text: 'Spot false, offensive and incomplete names at the point of entry.' },
  { name: 'Address Cleanse', text: 'Upload a file to correct, deduplicate and suppress its addresses.' },
] as const;

/** /home: where a signed-in user lands; later pages add their summaries here. */
export default function Home() {
  const { session, groups, territory: hostTerritory } = usePortal();
  const user = useSelector(session, (s) => s.context.user);
  // One territory rule (spec section 2): what home offers follows the selected account, as the menus
  // and guards do; with no account selected, the portal's own territory.
  const territory = useSelector(groups, (g) => g.context.selection.account?.territory) ?? hostTerritory;
  const staff = isStaff(user.roles);
  const renewing = useSelector(session, (s) => s.matches('reauthenticating'));
  return (
    <div className="home">
      <div className="home__top">
        <section className="hero" aria-labelledby="home-title">
          <h1 id="home-title">Welcome</h1>
          <p>
            Signed in as <strong>{user.userName}</strong> on the {territoryLabels[hostTerritory]} portal. Prices are in{' '}
            {currencySymbols[territory]}.
          </p>
        </section>
        <nav className="home__shortcuts" id="home-shortcuts" aria-label="Shortcuts">
          <Link to="/user">My settings</Link>
          <Link to="/user/updatePassword">Change password</Link>
          <Link to="/helpcentre">Help Centre</Link>
        </nav>
      </div>
      <section aria-labelledby="services-title">
        <h2 id="services-title">Services</h2>
        <p className="muted">
          Available for {territoryLabels[territory]} accounts. Use them from the Applications menu or through the API; plans are
          bought in the Shop.
        </p>
        <ul className="tiles">
          {services
            .filter((s) => !('ukOnly' in s) || territory === 'uk')
            .map((s) => (
              <li key={s.name} className="tile" id={`service-${s.name.toLowerCase().replaceAll(' ', '-')}`}>
                <h3>{s.name}</h3>
                <p>{s.text}</p>
              </li>
            ))}
        </ul>
      </section>
      <section aria-labelledby="session-title" className="card" id="session-card">
        <h2 id="session-title">Your session</h2>
        <p>
          Status: <span role="status">{renewing ? 'Renewing…' : 'Active'}</span>. The portal renews it by itself while you work.
        </p>
        {/* What only staff need to see: a customer is not shown roles and renewal times. */}
        {staff && (
          <dl className="details">
            <dt>Roles</dt>
            <dd>{user.roles.join(', ')}</dd>
            <dt>Session renews by</dt>
            <dd data-testid="recycle-date">
              {formatDate(user.recycleDate)} {formatTime(user.recycleDate)}
            </dd>
          </dl>
        )}
        <p>
          <Link to="/user">My settings</Link>
        </p>
      </section>
      <PageTour tour={homeTour} />
    </div>
  );
}
