import { Fragment } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { shallowEqual } from '@xstate/react';
import { usePortal } from '../app/PortalContext';
import { navigationFor } from '../routing/menus';
import { AccountSwitcher } from './AccountSwitcher';
import { Menu } from './Menu';
import { useBasket } from './useBasket';
import { UserMenu } from './UserMenu';

/** The account bar (spec section 2): who and where the user is working, and their tools. */
export function AccountBar() {
  const { session, groups } = usePortal();
  const nav = useSelector(groups, (g) => navigationFor(session.getSnapshot(), g), shallowEqual);
  const loading = useSelector(groups, (g) => g.matches('loading') || g.matches('choosing') || g.matches('restoring'));
  // The basket icon's count comes from the account's basket actor, so it follows every change live.
  const count = useSelector(useBasket() ?? undefined, (s) => s?.context.items.length ?? 0);
  return (
    <div className="account-bar" role="region" aria-label="Account">
      <div className="account-bar__where">
        {loading ? (
          <span className="muted">Loading...</span>
        ) : nav.accountLabel ? (
          // Each part opens its own administration page (the organisation's charity and corporate
          // status live on the organisation's, not on one of its accounts').
          <span className="account-bar__label" data-testid="account-label">
            {nav.accountTrail.map((part, i) => (
              <Fragment key={i}>
                {i > 0 && ' / '}
                {part.to ? (
                  <Link to={part.to} className="account-bar__link" title={`Administer ${part.name}`}>
                    {part.name}
                  </Link>
                ) : (
                  part.name
                )}
              </Fragment>
            ))}
          </span>
        ) : (
          <span className="muted">
            No account yet. <Link to="/welcomewizard">Set one up</Link>
          </span>
        )}
        {nav.pendingOwnership && <span className="badge badge--warning">Pending Ownership</span>}
        {nav.changeAccount && <AccountSwitcher />}
      </div>
      <div className="account-bar__tools">
        {nav.search && (
          <Link to="/search" className="icon-button" aria-label="Search" title="Search">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Link>
        )}
        {nav.basket && (
          <Link to="/shop/basket" id="account-bar-basket" className="icon-button" aria-label={`Basket, ${count} ${count === 1 ? 'item' : 'items'}`} title="Basket">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M3 5h2l2.2 10.2a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 8H6.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              <circle cx="9" cy="20" r="1.5" fill="currentColor" />
              <circle cx="17" cy="20" r="1.5" fill="currentColor" />
            </svg>
            <span className="icon-button__count">{count}</span>
          </Link>
        )}
        {nav.ellipsis.length > 0 && (
          <Menu label="More" align="right" className="menu--ellipsis" trigger={<span aria-hidden="true">⋯</span>} items={nav.ellipsis} />
        )}
        <UserMenu />
      </div>
    </div>
  );
}
