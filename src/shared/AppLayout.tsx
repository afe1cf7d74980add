import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { territoryLabels } from '../../contract/shared/territory';
import { usePortal } from '../app/PortalContext';
import { navigationFor, type Navigation } from '../routing/menus';
import { AccountBar } from './AccountBar';
import { Breadcrumbs } from './Breadcrumbs';
import { Menu } from './Menu';
import { InShell } from './shellContext';
import { UserMenu } from './UserMenu';

/**
 * The banner's menus. Wide screens show them in a row; narrow ones (styles.css) fold them behind a
 * "Menu" button that opens the same list, by keyboard (Escape closes it) and touch.
 */
function MainNav({ nav }: { nav: Navigation }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const path = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);
  return (
    <nav
      aria-label="Main"
      className={`banner__nav${open ? ' banner__nav--open' : ''}`}
      ref={root}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        setOpen(false);
        root.current?.querySelector<HTMLElement>('.nav-toggle')?.focus();
      }}
    >
      <button type="button" className="nav-toggle" aria-expanded={open} aria-controls="main-nav-list" onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">☰</span> Menu
      </button>
      <ul id="main-nav-list" className="banner__list">
        <NavItem>
          <Link to="/home" activeProps={{ className: 'active' }}>
            Home
          </Link>
        </NavItem>
        {nav.menus.map((menu) => (
          <NavItem key={menu.label}>
            <Menu label={menu.label} items={menu.items} />
          </NavItem>
        ))}
        {nav.helpCentre && (
          <NavItem>
            <Link to="/helpcentre" id="nav-helpcentre" activeProps={{ className: 'active' }}>
              Help Centre
            </Link>
          </NavItem>
        )}
        {nav.shop && (
          <NavItem>
            <Link to="/shop" activeProps={{ className: 'active' }}>
              Shop
            </Link>
          </NavItem>
        )}
      </ul>
    </nav>
  );
}

const NavItem = ({ children }: { children: ReactNode }) => <li>{children}</li>;

/** The signed-in shell: top banner with the spec's menus, account bar, breadcrumbs and the page. */
export default function AppLayout({ children }: { children?: ReactNode }) {
  const { territory, session, groups } = usePortal();
  const validated = useSelector(session, (s) => s.context.user.validated);
  // Menus are a pure function of the session and group selection (src/routing/menus.ts).
  const nav = useSelector(groups, (g) => navigationFor(session.getSnapshot(), g), shallowEqual);
  return (
    <InShell.Provider value={true}>
      <div className="shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="banner">
          <Link to="/home" className="brand">
            <span className="brand__mark" aria-hidden="true">
              DQ
            </span>
            <span className="brand__name">Data Quality Portal</span>
          </Link>
          <span className="territory-badge" title="Territory of this portal">
            {territoryLabels[territory]}
          </span>
          {validated && <MainNav nav={nav} />}
          {!validated && (
            <div className="banner__end">
              <UserMenu />
            </div>
          )}
        </header>
        {validated && <AccountBar />}
        <Breadcrumbs />
        <main id="main" className="page" tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
      </div>
    </InShell.Provider>
  );
}
