import { Link, Outlet } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { territoryLabels } from '../../contract/shared/territory';
import { usePortal } from '../app/PortalContext';
import { navigationFor } from '../routing/menus';
import { AccountBar } from './AccountBar';
import { Breadcrumbs } from './Breadcrumbs';
import { Menu } from './Menu';
import { UserMenu } from './UserMenu';

// The shop's pages arrive with the shop issue; until then the link shows the not-found page.
const shop: string = '/shop';

/** The signed-in shell: top banner with the spec's menus, account bar, breadcrumbs and the page. */
export default function AppLayout() {
  const { territory, session, groups } = usePortal();
  const validated = useSelector(session, (s) => s.context.user.validated);
  // Menus are a pure function of the session and group selection (src/routing/menus.ts).
  const nav = useSelector(groups, (g) => navigationFor(session.getSnapshot(), g), shallowEqual);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="banner">
        <Link to="/home" className="brand" aria-label="Data Quality Portal home">
          <span className="brand__mark" aria-hidden="true">
            DQ
          </span>
          <span className="brand__name">Data Quality Portal</span>
        </Link>
        <span className="territory-badge" title="Territory of this portal">
          {territoryLabels[territory]}
        </span>
        {validated && (
          <nav aria-label="Main" className="banner__nav">
            <Link to="/home" activeProps={{ className: 'active' }}>
              Home
            </Link>
            {nav.menus.map((menu) => (
              <Menu key={menu.label} label={menu.label} items={menu.items} />
            ))}
            {nav.helpCentre && (
              <Link to="/helpcentre" id="nav-helpcentre" activeProps={{ className: 'active' }}>
                Help Centre
              </Link>
            )}
            {nav.shop && (
              <Link to={shop} activeProps={{ className: 'active' }}>
                Shop
              </Link>
            )}
          </nav>
        )}
        {!validated && (
          <div className="banner__end">
            <UserMenu />
          </div>
        )}
      </header>
      {validated && <AccountBar />}
      <Breadcrumbs />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
