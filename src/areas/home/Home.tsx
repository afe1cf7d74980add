import { Await, Link, useLoaderData, useSearch } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { can, isAdminUser } from '../../../contract/shared/access';
import { dqServiceLabels, subscriptionStatusText } from '../../../contract/shared/catalogue';
import { formatCount, formatMonthYear } from '../../../contract/shared/numbers';
import { currencySymbols, territoryLabels } from '../../../contract/shared/territory';
import { isStaff } from '../../../contract/shared/roles';
import { usePortal } from '../../app/PortalContext';
import { formatDate } from '../../shared/format';
import { PageTour } from '../../shared/helptips/PageTour';
import { homeTour } from '../../shared/helptips/tours/home';
import { ResultTable } from '../../shared/ResultTable';
import { HomeLeads } from './HomeLeads';
import { PayerBilling } from './PayerBilling';
import type { HomeData } from './load';
import './home.css';

const services = [
  { name: 'Address Lookup', text: 'Find and complete addresses as people type, from the national address file.' },
  { name: 'Email Validation', text: 'Check syntax, domain, mailbox and disposable or role addresses before you send.' },
  { name: 'Payment Validation', text: 'Check sort codes and account numbers with the UK modulus rules.', ukOnly: true },
  { name: 'Name Validation', text: 'Spot false, offensive and incomplete names at the point of entry.' },
  { name: 'Address Cleanse', text: 'Upload a file to correct, deduplicate and suppress its addresses.', ukOnly: true },
] as const;

// Pages of later issues (token administration): plain paths until their routes exist.
const tokens: string = '/administration/tokens';


type Step = { key: string; to: string; label: string; text: string };

/** /home: the customer's dashboard for the selected account, and the next steps for whoever is signed in. */
export default function Home() {
  const { home, leads, billing } = useLoaderData({ from: '/_signedIn/_validated/home' });
  const back = useSearch({ from: '/_signedIn/_validated/home' });
  const { session, groups, territory: hostTerritory } = usePortal();
  const user = useSelector(session, (s) => s.context.user);
  const { account, organisation, partner } = useSelector(groups, (g) => g.context.selection);
  // One territory rule (spec section 2): what home offers follows the selected account, as the menus
  // and guards do; with no account selected, the portal's own territory.
  const territory = account?.territory ?? hostTerritory;
  const staff = isStaff(user.roles);
  const referrer = partner?.subtype === 'referrer';
  const manages = Boolean(account && can(user, account, 'manage'));
  const renewing = useSelector(session, (s) => s.matches('reauthenticating'));

  // Who may open the shop (its guard: an owner of the account, not a referrer).
  const shops = Boolean(account && can(user, account, 'own') && !referrer);
  const steps: Step[] = [];
  if (shops)
    steps.push({ key: 'shop', to: '/shop', label: 'Buy more clicks', text: 'Top up a subscription or add a service in the Shop.' });
  if (manages && !referrer)
    steps.push({ key: 'token', to: tokens, label: 'Create an API token', text: 'Call the services from your own systems and web pages.' });
  if (manages) steps.push({ key: 'reports', to: '/reporting/summary', label: 'Read the usage reports', text: 'Clicks per plan, token and country, with CSV export.' });
  if (staff && !account) steps.push({ key: 'search', to: '/search', label: 'Find a customer', text: 'Search accounts, organisations and users, then select one to act for it.' });
  if (isAdminUser(user)) steps.push({ key: 'catalogue', to: '/dataAdministration', label: 'Datasets & Plans', text: 'The catalogue the shop sells and the meter spends.' });
  if (partner && can(user, partner, 'manage'))
    steps.push({ key: 'partner', to: '/partner/administration', label: 'Partner administration', text: `The users and details of ${partner.name}.` });
  steps.push({ key: 'guides', to: '/helpcentre', label: 'Read the guides', text: 'Step-by-step help for every service, the reports and API tokens.' });

  return (
    <div className="home">
      <div className="home__top">
        <section className="hero" aria-labelledby="home-title">
          <h1 id="home-title">Welcome</h1>
          <p>
            Signed in as <strong>{user.userName}</strong>
            {account ? (
              <>
                , working in <strong>{account.name}</strong>
                {organisation ? ` of ${organisation.name}` : ''}
              </>
            ) : null}{' '}
            on the {territoryLabels[hostTerritory]} portal.{' '}
            Prices are in {currencySymbols[territory]}.
          </p>
          {/* One word on the session, no details: a screen reader hears a renewal, and the session's QA paths read it. */}
          <p className="muted home__session">
            Session: <span role="status">{renewing ? 'Renewing…' : 'Active'}</span>, renewed by the portal while you work.
          </p>
        </section>
        <nav className="home__shortcuts" id="home-shortcuts" aria-label="Shortcuts">
          <Link to="/user">My settings</Link>
          <Link to="/user/updatePassword">Change password</Link>
          <Link to="/helpcentre">Help Centre</Link>
        </nav>
      </div>

      <Await
        promise={home}
        fallback={
          // As tall as a dashboard with a few subscriptions, so what follows does not jump down when it fills in.
          <section className="card dashboard dashboard--loading" aria-labelledby="dashboard-title" id="home-dashboard" aria-busy="true">
            <h2 id="dashboard-title">{account ? account.name : 'Your account'}</h2>
            <p className="muted">Loading your subscriptions and usage…</p>
          </section>
        }
      >
        {({ dashboard, failed, now }) =>
          dashboard && account ? (
            <Dashboard dashboard={dashboard} accountName={account.name} now={now} shops={shops} />
          ) : (
            <NoDashboard accountName={account?.name ?? null} staff={staff} manages={manages} failed={failed} />
          )
        }
      </Await>

      {/* Its own boundary: Await with a null fallback would suspend the whole page until the billing answers. */}
      <Suspense fallback={null}>
        <Await promise={billing}>{(payer) => payer && <PayerBilling data={payer} billing={back.billing} payment={back.payment} />}</Await>
      </Suspense>

      {partner && <HomeLeads leads={leads} partnerName={partner.name} />}

      <section aria-labelledby="services-title">
        <h2 id="services-title">Services</h2>
        <p className="muted">
          Available for {territoryLabels[territory]} accounts. Use them from the Applications menu or through the API
          {shops ? '; plans are bought in the Shop.' : '.'}
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

      <section aria-labelledby="next-steps-title" className="card" id="home-next-steps">
        <h2 id="next-steps-title">Next steps</h2>
        <ul className="next-steps">
          {steps.map((step) => (
            <li key={step.key}>
              <Link to={step.to}>{step.label}</Link>
              <span className="muted"> {step.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <PageTour tour={homeTour} />
    </div>
  );
}

type Dashboard = NonNullable<HomeData['dashboard']>;
type Subscription = Dashboard['subscriptions'][number];

/** Subscriptions whose clicks can be spent now or soon: a disabled or expired one's cannot. */
const spendable = (s: Subscription) => s.status === 'active' || s.status === 'empty' || s.status === 'scheduled';

/** Clicks remaining per service (clicks of one service buy nothing of another), in the order first listed. */
function remainingByService(subscriptions: readonly Subscription[]): { service: Subscription['service']; clicks: number }[] {
  const totals = new Map<Subscription['service'], number>();
  for (const s of subscriptions) if (spendable(s)) totals.set(s.service, (totals.get(s.service) ?? 0) + s.remainClicks);
  return [...totals].map(([service, clicks]) => ({ service, clicks }));
}

function Dashboard({ dashboard, accountName, now, shops }: { dashboard: Dashboard; accountName: string; now: number; shops: boolean }) {
  const { thisMonth, lastMonth, subscriptions } = dashboard;
  // The month so far against a whole month would mislead: compare its pace instead.
  const elapsed = (now - thisMonth.start) / 86_400;
  const monthDays = new Date(Date.UTC(new Date(thisMonth.start * 1000).getUTCFullYear(), new Date(thisMonth.start * 1000).getUTCMonth() + 1, 0)).getUTCDate();
  const pace = elapsed >= 1 ? Math.round((thisMonth.clicks / elapsed) * monthDays) : null;
  const remaining = remainingByService(subscriptions);
  return (
    <section className="card dashboard" aria-labelledby="dashboard-title" id="home-dashboard">
      <div className="card__header">
        <h2 id="dashboard-title">{accountName} at a glance</h2>
        <Link to="/reporting/summary" className="button button--small">
          Usage reports
        </Link>
      </div>
      <dl className="figures dashboard__figures">
        <div>
          <dt>Clicks remaining</dt>
          <dd data-testid="dashboard-remaining" className="dashboard__remaining">
            {remaining.length === 0 ? (
              '0'
            ) : (
              <ul>
                {remaining.map((r) => (
                  <li key={r.service} data-service={r.service}>
                    {formatCount(r.clicks)} <span className="dashboard__service">{dqServiceLabels[r.service]}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Used in {formatMonthYear(thisMonth.start)} so far</dt>
          <dd data-testid="dashboard-this-month">
            {formatCount(thisMonth.clicks)}
            {pace !== null && <span className="dashboard__pace"> on pace for about {formatCount(pace)} by the month’s end</span>}
          </dd>
        </div>
        <div>
          <dt>Used in {formatMonthYear(lastMonth.start)}</dt>
          <dd data-testid="dashboard-last-month">{formatCount(lastMonth.clicks)}</dd>
        </div>
      </dl>
      <h3 id="dashboard-subscriptions">Subscriptions</h3>
      <ResultTable<Subscription & { id: number }>
        labelledBy="dashboard-subscriptions"
        rows={subscriptions.map((s) => ({ ...s, id: s.planId }))}
        empty={
          <>
            No subscriptions yet: a service starts with a bundle of clicks.{' '}
            {shops ? <Link to="/shop">Visit the Shop</Link> : 'Ask an owner of the account to buy one.'}
          </>
        }
        columns={[
          // What matters most first: on a phone the table scrolls sideways after these.
          { header: 'Plan', cell: (s) => s.plan },
          { header: 'Clicks remaining', cell: (s) => formatCount(s.remainClicks), className: 'num' },
          { header: 'Estimated expiry', cell: (s) => (s.estimatedExpiryDate === null ? '—' : formatDate(s.estimatedExpiryDate)) },
          {
            header: 'Status',
            cell: (s) => (
              <>
                {subscriptionStatusText[s.status].label}
                {shops && (s.status === 'empty' || s.status === 'expired') && (
                  <>
                    {' '}
                    <Link to="/shop" aria-label={`Buy more clicks of ${s.plan}`}>
                      Buy more
                    </Link>
                  </>
                )}
              </>
            ),
          },
          { header: 'Service', cell: (s) => dqServiceLabels[s.service] },
        ]}
      />
      <p className="muted dashboard__note">
        The estimated expiry is when the clicks run out at the last 30 days’ pace, or the end date if that comes first. Dates are dd/mm/yyyy.
      </p>
    </section>
  );
}

/** Home for someone with no account to manage: what they can do instead. */
function NoDashboard({ accountName, staff, manages, failed }: { accountName: string | null; staff: boolean; manages: boolean; failed: boolean }) {
  return (
    <section className="card" aria-labelledby="dashboard-title" id="home-dashboard">
      <h2 id="dashboard-title">{accountName ? `Working in ${accountName}` : staff ? 'No customer selected' : 'Getting started'}</h2>
      <p>
        {failed || (manages && accountName)
          ? `The subscriptions and usage of ${accountName ?? 'this account'} could not be loaded just now. Reload the page, or open the usage reports.`
          : accountName
          ? `You use ${accountName}'s services as a member: its owners manage its subscriptions, API tokens and usage reports. Ask an owner if you need them.`
          : staff
            ? 'Select a customer with Change Account or Account Search to see its subscriptions and usage here.'
            : 'When you own an account, its subscriptions, clicks remaining and usage this month show here.'}
      </p>
    </section>
  );
}
