import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Group } from '../../../contract/groups/entities';
import { AccountSwitcher } from '../../shared/AccountSwitcher';
import { RangeControl } from './RangeControl';
import type { ResolvedRange } from './range';
import './reporting.css';
// Token administration comes with the tokens work; the link is plain text to the router until then.
const tokensPage: string = '/administration/tokens';

type ReportPath = '/reporting/summary' | '/reporting/services' | '/reporting/tokens';

/** What every report shows around its charts: the title, the account, the range, and what to do with no account. */
export function ReportShell({
  path,
  title,
  intro,
  account,
  organisation,
  range,
  now,
  children,
}: {
  path: ReportPath;
  title: string;
  intro: string;
  account: Group | null;
  organisation: Group | null;
  range: ResolvedRange;
  now: number;
  children: ReactNode;
}) {
  if (!account) {
    return (
      <section className="card empty-state" aria-labelledby="report-title">
        <h1 id="report-title">{title}</h1>
        <p>
          Usage belongs to an account, and {organisation?.name ?? 'an organisation'} is selected. Choose one of its accounts to see its
          usage.
        </p>
        <div className="form__row">
          <AccountSwitcher />
        </div>
      </section>
    );
  }
  return (
    <div className="report">
      <section className="card report__head" aria-labelledby="report-title">
        <h1 id="report-title">
          {title}: {account.name}
        </h1>
        <p className="muted">{intro}</p>
        <nav className="report__tabs" aria-label="Reports">
          <Link to="/reporting/summary" search={(prev) => prev} className="tabs__tab" activeProps={{ className: 'tabs__tab--active', 'aria-current': 'page' }}>
            Summary
          </Link>
          <Link to="/reporting/services" search={(prev) => prev} className="tabs__tab" activeProps={{ className: 'tabs__tab--active', 'aria-current': 'page' }}>
            Services
          </Link>
          <Link to="/reporting/tokens" search={(prev) => prev} className="tabs__tab" activeProps={{ className: 'tabs__tab--active', 'aria-current': 'page' }}>
            Tokens
          </Link>
        </nav>
      </section>
      <RangeControl key={`${range.fromDate}-${range.toDate}-${range.period}`} path={path} range={range} now={now} />
      {range.problem ? null : children}
    </div>
  );
}

/** The empty state of a report: what it means and what to do. */
export function NoUsage({ what = 'usage' }: { what?: string }) {
  return (
    <div className="report__empty">
      <p>
        <strong>No {what} in this range.</strong>
      </p>
      <p className="muted">
        Choose a longer range or another period above. Usage appears here once your applications call the services with a token from{' '}
        <Link to={tokensPage}>Administration › Tokens</Link>, or once you use them in the portal. Need clicks first? Visit the{' '}
        <Link to="/shop">Shop</Link>.
      </p>
    </div>
  );
}
