import { Link, Outlet } from '@tanstack/react-router';
import { usePortal } from '../app/PortalContext';
import { territoryLabels } from '../../contract/territory';
import { Breadcrumbs } from './Breadcrumbs';
import { UserMenu } from './UserMenu';

/** The signed-in shell: top banner, account bar, breadcrumbs and the page. */
export default function AppLayout() {
  const { territory } = usePortal();
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
        <nav aria-label="Main" className="banner__nav">
          <Link to="/home" activeProps={{ className: 'active' }}>
            Home
          </Link>
        </nav>
        <div className="banner__end">
          <UserMenu />
        </div>
      </header>
      <Breadcrumbs />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
