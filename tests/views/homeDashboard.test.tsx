// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import type { Group } from '../../contract/groups/entities';
import type { AuthUser } from '../../contract/users/entities';
import { group } from '../machines/models/groupFixtures';
import { acmeTrading, accountPlan, at } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// /home as the customer's dashboard: the real router and views; the plans manager answered at fetch.

configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
const to = (path: string) => calls.filter((c) => c.url.pathname === `/api/plans${path}`);
const d = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

const subscriptions = [
  accountPlan({ remainClicks: 7_500, estimatedExpiryDate: at('2025-11-20T12:00') }),
  accountPlan({ planId: 8, plan: 'Email 5k', service: 'email', status: 'empty', remainClicks: 0, estimatedExpiryDate: null }),
  accountPlan({ planId: 9, plan: 'Name 2k', service: 'name', status: 'disabled', remainClicks: 900, estimatedExpiryDate: null }),
];

const server: Handler = (call) => {
  if (call.url.pathname === '/api/plans/account/plans') return ok(subscriptions);
  if (call.url.pathname === '/api/plans/account/plans/usage')
    return ok({
      accountId: 31,
      period: 'monthly',
      fromDate: d('2025-05-01'),
      toDate: d('2025-07-01'),
      periods: [d('2025-05-01'), d('2025-06-01')],
      planId: null,
      clicks: 4_200,
      usage: [{ period: d('2025-05-01'), clicks: 3_100 }, { period: d('2025-06-01'), clicks: 1_100 }],
      plans: [],
    });
  return undefined;
};

function renderHome(user: AuthUser, groups: Group[], handler: Handler = server) {
  calls = renderPortal('/portal/home', { user, groups, handler }).calls;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-11T00:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the home dashboard', () => {
  it("shows the owner the account's clicks remaining, estimated expiry and this month against last", async () => {
    renderHome(authUser(), [acmeTrading]);
    const dashboard = await screen.findByRole('region', { name: 'Acme UK at a glance' });
    // Per service (clicks of one buy nothing of another); the disabled subscription's clicks cannot be spent.
    const remaining = [...within(dashboard).getByTestId('dashboard-remaining').querySelectorAll('li')].map((li) => li.textContent);
    expect(remaining).toEqual(['7,500 Address lookup', '0 Email validation']);
    expect(within(dashboard).getByTestId('dashboard-last-month').textContent).toBe('3,100');
    // 1,100 in the first ten days of June's thirty: about 3,300 at that pace.
    expect(within(dashboard).getByTestId('dashboard-this-month').textContent).toBe('1,100 on pace for about 3,300 by the month’s end');
    expect(within(dashboard).getByText('Used in June 2025 so far')).toBeTruthy();
    const rows = [...within(dashboard).getByRole('table').querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Address Lookup 10k', '7,500', '20/11/2025', 'Active', 'Address lookup'],
      ['Email 5k', '0', '—', 'No clicks left Buy more', 'Email validation'],
      ['Name 2k', '900', '—', 'Disabled', 'Name validation'],
    ]);
    expect(within(dashboard).getByRole('link', { name: 'Buy more clicks of Email 5k' }).getAttribute('href')).toBe('/portal/shop');
    const usage = to('/account/plans/usage')[0].url.searchParams;
    expect(Object.fromEntries(usage)).toMatchObject({ accountId: '31', period: 'monthly', fromDate: String(d('2025-05-01')) });
    for (const name of ['Buy more clicks', 'Create an API token', 'Read the usage reports', 'Read the guides']) expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.queryByText(/Your session/)).toBeNull();
  });

  it('gives a member what they can do instead, and asks the plans manager nothing', async () => {
    const member = authUser({ id: 5, userName: 'member@example.com' });
    renderHome(member, [group(30, 'organisation', [group(31, 'account', [], { name: 'Acme UK', isOwner: false, isMember: true })], { name: 'Acme Trading', isOwner: false, isMember: true })]);
    expect(await screen.findByRole('heading', { name: 'Working in Acme UK' })).toBeTruthy();
    expect(screen.getByText(/its owners manage its subscriptions, API tokens and usage reports/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Buy more clicks' })).toBeNull();
    // Nothing sends them to a shop they cannot open.
    expect(screen.getByRole('region', { name: 'Services' }).textContent).not.toMatch(/Shop/);
    expect(screen.getByRole('link', { name: 'Read the guides' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.startsWith('/api/plans'))).toBe(false));
  });

  it('offers an Australian account only the services sold in Australia (no Payment Validation, no Address Cleanse)', async () => {
    renderHome(authUser(), [group(30, 'organisation', [group(32, 'account', [], { name: 'Acme Australia', territory: 'australia' })], { name: 'Acme Trading' })], () => undefined);
    const services = await screen.findByRole('region', { name: 'Services' });
    const tiles = [...services.querySelectorAll('h3')].map((h) => h.textContent);
    expect(tiles).toEqual(['Address Lookup', 'Email Validation', 'Name Validation']);
  });

  it('points staff with no customer selected to the search', async () => {
    renderHome(authUser({ id: 2, userName: 'sales@example.com', roles: ['sales'] }), []);
    expect(await screen.findByRole('heading', { name: 'No customer selected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a customer' })).toBeTruthy();
  });

  it('says on the page, not in the Error modal, when the dashboard cannot load', async () => {
    renderHome(authUser(), [acmeTrading], () => undefined);
    expect(await screen.findByText(/could not be loaded just now/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
