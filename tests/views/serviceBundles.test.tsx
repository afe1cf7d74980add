// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import { blockedMessages } from '../../contract/shared/messages';
import type { AuthUser } from '../../contract/users/entities';
import type { Group } from '../../contract/groups/entities';
import { group } from '../machines/models/groupFixtures';
import { acmeTrading, acmeUk, accountPlan, at, bundle, plan, plansManager } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// The staff's bundle pages (/administration/services/bundlecreate and bundleedit) and the bundle
// actions of /administration/services; the plans manager is answered at fetch.

// Made after the clock is set: a session's renewal is timed from its recycle date.
let owner: AuthUser;
let sales: AuthUser;

// The first page of a file loads its lazy route chunks: more than the default second.
configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/plans${path}`);

function renderApp(path: string, user: AuthUser, groups: Group[], handler: Handler) {
  const rendered = renderPortal(path, { user, groups, handler });
  calls = rendered.calls;
  return rendered;
}

const user = () => userEvent.setup();

beforeEach(() => {
  calls = [];
  localStorage.clear();
  // The page's tour would take the focus; the tour test turns it back on.
  localStorage.setItem(helpTipsDisabledKey, 'true');
  // Only Date: "today" is 15/06/2025 for the current bundles and the form's defaults; timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00'));
  owner = authUser({ id: 4, userName: 'owner@example.com' });
  sales = authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('bundles (staff)', () => {
  const staffView = group(30, 'organisation', [{ ...acmeUk, isOwner: false }], { name: 'Acme Trading', isOwner: false });

  it('creates a bundle: start today, end after the plan\'s duration, price from the plan until typed over', async () => {
    const plans = [plan(7, { plan: 'Address Lookup 10k' }), plan(8, { plan: 'Old lookup', deprecated: true, duration: 6 })];
    const { router } = renderApp('/portal/administration/services/bundlecreate', sales, [staffView], plansManager({ 31: [] }, plans, () => ({ status: 201, body: bundle(30) })));
    const form = await screen.findByRole('heading', { name: 'Create a bundle' });
    expect(form).toBeTruthy();
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Start date')).toBe('2025-06-15');
    // Staff see every plan of the account's territory, the ones no longer sold apart.
    expect(Object.fromEntries(callsTo('GET', '/plans')[0].url.searchParams)).toEqual({ territory: 'uk', all: 'true' });
    expect(within(screen.getByRole('group', { name: 'No longer sold' })).getByRole('option').textContent).toMatch(/^Old lookup/);

    const u = user();
    await u.selectOptions(screen.getByLabelText('Plan'), '7');
    expect(value('End date')).toBe('2026-06-15');
    await u.type(screen.getByLabelText('Clicks'), '10000');
    // Volume pricing: 10,000 clicks at £5 per 1,000.
    expect(value('Price')).toBe('50.00');
    expect(screen.getByText(/The plan's price for 10,000 clicks is £50\.00/)).toBeTruthy();
    await u.clear(screen.getByLabelText('Clicks'));
    await u.type(screen.getByLabelText('Clicks'), '5000');
    expect(value('Price')).toBe('30.00');
    // A plan of 6 months moves the end date with it.
    await u.selectOptions(screen.getByLabelText('Plan'), '8');
    expect(value('End date')).toBe('2025-12-15');
    await u.selectOptions(screen.getByLabelText('Plan'), '7');
    await u.clear(screen.getByLabelText('Start date'));
    await u.type(screen.getByLabelText('Start date'), '2025-07-01');
    expect(value('End date')).toBe('2026-07-01');
    // A price typed over stays as typed: 0 is a free bundle.
    await u.clear(screen.getByLabelText('Price'));
    await u.type(screen.getByLabelText('Price'), '0');
    await u.type(screen.getByLabelText('Clicks'), '0');
    expect(value('Price')).toBe('0');

    await u.click(screen.getByRole('button', { name: 'Create bundle' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/administration/services'));
    const [sent] = callsTo('POST', '/bundles');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({ organisationId: '30', accountId: '31' });
    expect(sent.body).toEqual({ planId: 7, clicks: 50_000, startDate: at('2025-07-01T00:00'), endDate: at('2026-07-01T00:00'), price: 0 });
  });

  it('says what is missing instead of sending', async () => {
    renderApp('/portal/administration/services/bundlecreate', sales, [staffView], plansManager({ 31: [] }, [plan(7)]));
    await user().click(await screen.findByRole('button', { name: 'Create bundle' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Choose a plan', 'Clicks are a whole number of at least 1', 'Enter a price of zero or more, with at most two decimal places', 'Enter a date']);
    expect(document.activeElement).toBe(screen.getByLabelText('Plan'));
    expect(callsTo('POST', '/bundles')).toHaveLength(0);
  });

  it('is the spec\'s blocked screen for an owner without a staff role', async () => {
    renderApp('/portal/administration/services/bundlecreate', owner, [acmeTrading], plansManager({ 31: [] }));
    await screen.findByText(blockedMessages.notThroughAccount);
    // The page's own list of every plan (all=true) is not asked for.
    expect(callsTo('GET', '/plans').filter((c) => c.url.searchParams.get('all') === 'true')).toHaveLength(0);
  });

  it('edits a bundle, sending the start date only when it was changed', async () => {
    const subscriptions = { 31: [accountPlan({ bundles: [bundle(2, { usedClicks: 100, remainingClicks: 9_900 })] })] };
    const { router } = renderApp('/portal/administration/services', sales, [staffView], plansManager(subscriptions, [], () => ok(bundle(2))));
    const u = user();
    await u.click(await screen.findByRole('link', { name: 'Edit bundle 2' }));
    await screen.findByRole('heading', { name: 'Edit bundle 2' });
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('2025-01-01');
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('50.00');
    await u.clear(screen.getByLabelText('Clicks'));
    await u.type(screen.getByLabelText('Clicks'), '12000');
    await u.click(screen.getByRole('button', { name: 'Save bundle' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/administration/services'));
    expect(callsTo('PUT', '/bundles')[0].body).toEqual({ clicks: 12_000 });
    expect(callsTo('PUT', '/bundles')[0].url.searchParams.get('bundleId')).toBe('2');

    await u.click(await screen.findByRole('link', { name: 'Edit bundle 2' }));
    await screen.findByRole('heading', { name: 'Edit bundle 2' });
    await u.clear(screen.getByLabelText('Start date'));
    await u.type(screen.getByLabelText('Start date'), '2025-02-01');
    await u.click(screen.getByRole('button', { name: 'Save bundle' }));
    await waitFor(() => expect(callsTo('PUT', '/bundles')).toHaveLength(2));
    expect(callsTo('PUT', '/bundles')[1].body).toEqual({ startDate: at('2025-02-01T00:00') });
  });

  it('deletes a bundle after a confirmation', async () => {
    const subscriptions = { 31: [accountPlan({ bundles: [bundle(2), bundle(4)] })] };
    renderApp('/portal/administration/services', sales, [staffView], plansManager(subscriptions));
    await user().click(await screen.findByRole('button', { name: 'Delete bundle 4' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete bundle 4?' });
    expect(dialog.textContent).toContain('10,000 remaining clicks');
    await user().click(within(dialog).getByRole('button', { name: 'Delete bundle' }));
    await waitFor(() => expect(callsTo('DELETE', '/bundles')).toHaveLength(1));
    expect(callsTo('DELETE', '/bundles')[0].url.searchParams.get('bundleId')).toBe('4');
  });

  it('shows an owner neither the bundle actions nor Create a bundle', async () => {
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [accountPlan()] }));
    await screen.findByRole('article', { name: 'Address Lookup 10k' });
    expect(screen.queryByRole('link', { name: /Edit bundle/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create a bundle' })).toBeNull();
  });
});
