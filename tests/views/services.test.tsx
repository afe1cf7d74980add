// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey, tourProblems } from '../../contract/shared/helpTips';
import { subscriptionStatusText } from '../../contract/shared/catalogue';
import type { AuthUser } from '../../contract/users/entities';
import type { Group } from '../../contract/groups/entities';
import { servicesTour } from '../../src/shared/helptips/tours/services';
import { group } from '../machines/models/groupFixtures';
import { acmeAu, acmeTrading, acmeUk, accountPlan, at, bundle, plan, plansManager, renewal, type AccountPlan } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// /administration/services: the real router, guards, machines and views; the plans manager is
// answered at fetch. The staff's bundle pages are in serviceBundles.test.tsx.

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
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

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

describe('the usage summary (spec section 3)', () => {
  const replaced = accountPlan({
    planId: 8,
    plan: 'Email 5k',
    service: 'email',
    datasetRef: 'EMAIL',
    status: 'empty',
    remainClicks: 0,
    clickConsumptionChange: -5,
    deprecated: true,
    deprecatedByPlan: 'Email 10k',
    deprecatedByPlanId: '12',
    bundles: [bundle(20, { planId: 8, clicks: 5_000, usedClicks: 5_000, remainingClicks: 0, price: 2_500 })],
  });
  const lookup = accountPlan({
    remainClicks: 7_500,
    // Unsorted on purpose: the page shows them newest first.
    bundles: [
      bundle(2, { clicks: 10_000, usedClicks: 2_500, remainingClicks: 7_500 }),
      bundle(5, { clicks: 1_000, usedClicks: 1_000, remainingClicks: 0, price: 0, source: 'staff', endDate: at('2025-02-01T12:00') }),
      bundle(3, { clicks: 4_000, usedClicks: 4_000, remainingClicks: 0, price: 2_400, endDate: at('2025-03-01T12:00') }),
    ],
    subscription: renewal({ clicks: 10_000, price: 5_000, estimatedRenewalDate: at('2025-11-20T12:00'), enabled: true }),
  });
  const expired = accountPlan({ planId: 9, plan: 'Bank 1k', service: 'bankcode', status: 'expired', endDate: null, estimatedExpiryDate: null, clickConsumptionChange: null, bundles: [] });

  it('explains each status in the customer\'s words, deprecation with its replacement', async () => {
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [lookup, replaced, expired] }));
    const email = await screen.findByRole('article', { name: 'Email 5k' });
    expect(within(email).getByText(subscriptionStatusText.empty.label)).toBeTruthy();
    expect(within(email).getByText(subscriptionStatusText.empty.explain)).toBeTruthy();
    expect(
      within(email).getByText('This plan is no longer sold; it keeps working until its bundles end. Its replacement is Email 10k.'),
    ).toBeTruthy();
    const bank = screen.getByRole('article', { name: 'Bank 1k' });
    expect(within(bank).getByText(subscriptionStatusText.expired.explain)).toBeTruthy();
    expect(within(bank).getByText('No bundles yet.')).toBeTruthy();
    const active = screen.getByRole('article', { name: 'Address Lookup 10k' });
    expect(within(active).getByText(subscriptionStatusText.active.explain)).toBeTruthy();
    expect(within(active).queryByText(/no longer sold/)).toBeNull();
    expect(callsTo('GET', '/account/plans')[0].url.searchParams.get('accountId')).toBe('31');
  });

  it('lists bundles newest first (bundleId descending) with prices in pounds, and dates as dd/mm/yyyy', async () => {
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [lookup] }));
    const table = await screen.findByRole('table', { name: 'Bundles of Address Lookup 10k' });
    expect(rowsOf(table)).toEqual([
      ['5', '1,000', '1,000', '0', '£0.00', '01/01/2025', '01/02/2025', 'Added by staff'],
      ['3', '4,000', '4,000', '0', '£24.00', '01/01/2025', '01/03/2025', 'Bought'],
      ['2', '10,000', '2,500', '7,500', '£50.00', '01/01/2025', '01/01/2026', 'Bought'],
    ]);
    const card = screen.getByRole('article', { name: 'Address Lookup 10k' });
    // Only bundle 2 has not ended by 15/06/2025.
    expect(within(card).getByText('2,500 of 10,000 clicks of the current bundles used (25%)')).toBeTruthy();
    expect(within(card).getByText((_, el) => el?.tagName === 'P' && el.textContent === '7,500 clicks remaining')).toBeTruthy();
    const figures = (name: string) => within(card).getByText(name).nextElementSibling!.textContent;
    expect(figures('End date')).toBe('01/01/2026');
    expect(figures('Estimated expiry')).toBe('20/11/2025');
    expect(within(card).getByRole('region', { name: 'Automatic renewal' }).textContent).toContain('On: 10,000 clicks for £60.00 including VAT.');
    expect(figures('Estimated renewal')).toBe('20/11/2025');
    expect(figures('Average clicks a day')).toBe('40');
  });

  it('shows Australian money in A$', async () => {
    const au = accountPlan({ territory: 'australia', datasetRef: 'GNAF', bundles: [bundle(9, { accountId: 32, price: 12_345 })] });
    const solo = group(40, 'organisation', [acmeAu]);
    renderApp('/portal/administration/services', owner, [solo], plansManager({ 32: [au] }));
    const table = await screen.findByRole('table', { name: 'Bundles of Address Lookup 10k' });
    expect(rowsOf(table)[0][4]).toBe('A$123.45');
  });

  it('gives the change against the previous period as a signed figure with words, not colour alone', async () => {
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [lookup, replaced, expired] }));
    const up = await screen.findByRole('article', { name: 'Address Lookup 10k' });
    const used = (card: HTMLElement) => within(card).getByText('Used in the last 30 days').nextElementSibling!.textContent;
    expect(used(up)).toBe('1,200 ▲ +12% up on the previous 30 days');
    expect(used(screen.getByRole('article', { name: 'Email 5k' }))).toBe('1,200 ▼ \u22125% down on the previous 30 days');
    expect(used(screen.getByRole('article', { name: 'Bank 1k' }))).toBe('1,200 nothing used in the previous 30 days to compare with');
  });

  it('says when the account has no subscriptions, with the Shop for its owner', async () => {
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [] }));
    await screen.findByRole('heading', { name: 'No subscriptions yet' });
    expect(screen.getByRole('link', { name: 'Visit the Shop' }).getAttribute('href')).toBe('/portal/shop');
    expect(screen.queryByRole('link', { name: 'Create a bundle' })).toBeNull();
  });

  it('asks to choose an account when only an organisation is selected', async () => {
    const empty = group(50, 'organisation', [], { name: 'New Org' });
    renderApp('/portal/administration/services', owner, [empty], plansManager({}));
    await screen.findByText(/New Org is selected\. Choose one of its accounts/);
    expect(screen.getByRole('button', { name: 'Change Account' })).toBeTruthy();
    expect(callsTo('GET', '/account/plans')).toHaveLength(0);
  });

  it('has a sound tour whose targets are on the page, started on a first visit', async () => {
    expect(tourProblems(servicesTour)).toEqual([]);
    localStorage.removeItem(helpTipsDisabledKey);
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [lookup, replaced] }));
    await screen.findByRole('article', { name: 'Email 5k' });
    for (const tip of servicesTour.tips) if (tip.targetId) expect(document.getElementById(tip.targetId), tip.targetId).not.toBeNull();
    await screen.findByRole('dialog', { name: servicesTour.tips[0].title });
  });
});

describe('disabling and enabling a subscription', () => {
  it('disables after a confirmation that says what it means, then shows the page again', async () => {
    const disabled = accountPlan({ status: 'disabled', subscription: renewal({ clicks: 0, price: 0, estimatedRenewalDate: null, enabled: false }) });
    let state = accountPlan();
    const handler: Handler = (call) =>
      call.method === 'DELETE' ? ((state = disabled), ok({ msg: 'Subscription disabled' })) : plansManager({ 31: [state] })(call);
    renderApp('/portal/administration/services', owner, [acmeTrading], handler);
    await user().click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Address Lookup 10k?' });
    expect(dialog.textContent).toMatch(/will be refused, and the subscription will not renew automatically/);
    await user().click(within(dialog).getByRole('button', { name: 'Disable subscription' }));
    await screen.findByText(subscriptionStatusText.disabled.explain);
    const [sent] = callsTo('DELETE', '/payment/subscription');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({ accountId: '31', planId: '7' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it('enables with the password typed again (basic credentials) and the clicks of a renewal priced by the plan', async () => {
    const off = accountPlan({ status: 'disabled', subscription: renewal({ clicks: 0, price: 0, estimatedRenewalDate: null, enabled: false }) });
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [off] }, [plan(7)]));
    await user().click(await screen.findByRole('button', { name: 'Enable' }));
    const dialog = screen.getByRole('dialog', { name: 'Enable Address Lookup 10k' });
    expect(dialog.textContent).toContain('No automatic renewal');
    await user().click(within(dialog).getByLabelText(/Renew automatically/));
    const clicks = within(dialog).getByLabelText('Clicks for each renewal');
    await user().clear(clicks);
    await user().type(clicks, '20000');
    // Volume pricing: 20,000 clicks at £5 per 1,000.
    expect(dialog.textContent).toContain('One renewal of 20,000 clicks costs £100.00.');
    await user().type(within(dialog).getByLabelText('Your password'), 'Demo-Password-1');
    await user().click(within(dialog).getByRole('button', { name: 'Enable subscription' }));
    await waitFor(() => expect(callsTo('PUT', '/payment/subscription')).toHaveLength(1));
    const [sent] = callsTo('PUT', '/payment/subscription');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({ accountId: '31', planId: '7', clicks: '20000' });
    expect(sent.headers.get('authorization')).toBe(`Basic ${btoa('owner@example.com:Demo-Password-1')}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('enables a replaced plan without renewal, and leaves enabling to the owner', async () => {
    const off = accountPlan({
      status: 'disabled',
      deprecated: true,
      deprecatedByPlan: 'Address Lookup 20k',
      subscription: renewal({ clicks: 5_000, price: 2_500, estimatedRenewalDate: null, enabled: false }),
    });
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [off] }, [plan(7)]));
    await user().click(await screen.findByRole('button', { name: 'Enable' }));
    const dialog = screen.getByRole('dialog', { name: 'Enable Address Lookup 10k' });
    expect(dialog.textContent).toContain('This plan is replaced by Address Lookup 20k and no longer renews automatically');
    expect(within(dialog).queryByLabelText(/Renew automatically/)).toBeNull();
    await user().type(within(dialog).getByLabelText('Your password'), 'Demo-Password-1');
    await user().click(within(dialog).getByRole('button', { name: 'Enable subscription' }));
    await waitFor(() => expect(callsTo('PUT', '/payment/subscription')[0]?.url.searchParams.get('clicks')).toBe('0'));
    cleanup();

    const staffView = group(30, 'organisation', [{ ...acmeUk, isOwner: false }], { name: 'Acme Trading', isOwner: false });
    renderApp('/portal/administration/services', sales, [staffView], plansManager({ 31: [off] }));
    await screen.findByText('Only an owner of the account can enable it again.');
    expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
    // Staff never set a renewal: the plans' prices are not asked for.
    expect(callsTo('GET', '/plans')).toHaveLength(0);
  });

  it('keeps the dialog open under the Error modal when the password is refused', async () => {
    const off = accountPlan({ status: 'disabled', subscription: renewal({ clicks: 0, price: 0, estimatedRenewalDate: null, enabled: false }) });
    const refuse: Handler = () => ({ status: 400, body: { msg: 'Wrong user name or password' } });
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [off] }, [plan(7)], refuse));
    await user().click(await screen.findByRole('button', { name: 'Enable' }));
    await user().type(screen.getByLabelText('Your password'), 'wrong');
    await user().click(screen.getByRole('button', { name: 'Enable subscription' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(error.textContent).toContain('Failed to enable the subscription: Wrong user name or password');
    expect(screen.getByRole('dialog', { name: 'Enable Address Lookup 10k' })).toBeTruthy();
  });
});

describe('automatic renewal on a subscription', () => {
  const on = (over: Partial<AccountPlan['subscription']> = {}) =>
    accountPlan({ subscription: renewal({ clicks: 100_000, price: 120_000, estimatedRenewalDate: at('2026-11-27T12:00'), enabled: true, total: 144_000, ...over }) });

  it('shows the renewal on with its clicks and price with tax next to the cap, and the last renewal', async () => {
    const s = on({ monthlyCap: 200_000, lastOutcome: { result: 'renewed', date: at('2026-10-27T09:00') } });
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [s] }, [plan(7)]));
    const renewalBox = await screen.findByRole('region', { name: 'Automatic renewal' });
    expect(renewalBox.textContent).toContain('On: 100,000 clicks for £1,440.00 including VAT.');
    expect(renewalBox.textContent).toContain('Monthly cap on automatic renewals: £2,000.00.');
    expect(renewalBox.textContent).toContain('Last renewed on 27/10/2026.');
    expect(renewalBox.textContent).not.toContain('Will not renew');
  });

  it('warns when the cap will refuse the renewal and says the cap refused the last one', async () => {
    const s = on({ monthlyCap: 50_000, obstacle: 'cap', estimatedRenewalDate: null, lastOutcome: { result: 'cap', date: at('2026-11-27T09:00') } });
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [s] }, [plan(7)]));
    const renewalBox = await screen.findByRole('region', { name: 'Automatic renewal' });
    expect(renewalBox.textContent).toContain('Will not renew: one renewal costs £1,440.00, more than the monthly cap of £500.00.');
    expect(renewalBox.textContent).toContain('Last renewal refused by the monthly cap on 27/11/2026.');
    const figures = screen.getByText('Estimated renewal').parentElement!;
    expect(figures.textContent).toContain('—');
  });

  it('warns when there is no saved card, and says when the card was declined', async () => {
    const s = on({ obstacle: 'card', estimatedRenewalDate: null, lastOutcome: { result: 'declined', date: at('2026-11-20T09:00') } });
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [s] }, [plan(7)]));
    const renewalBox = await screen.findByRole('region', { name: 'Automatic renewal' });
    expect(renewalBox.textContent).toContain('Will not renew: the account has no saved card.');
    expect(renewalBox.textContent).toContain('Last renewal not made: the card was declined on 20/11/2026.');
  });

  it('turns renewal off in place with the password, keeping the subscription enabled', async () => {
    renderApp('/portal/administration/services', owner, [acmeTrading], plansManager({ 31: [on()] }, [plan(7)]));
    await user().click(await screen.findByRole('button', { name: 'Change renewal' }));
    const dialog = screen.getByRole('dialog', { name: 'Automatic renewal of Address Lookup 10k' });
    await user().click(within(dialog).getByLabelText(/Renew automatically/));
    expect(dialog.textContent).toContain('No automatic renewal');
    await user().type(within(dialog).getByLabelText('Your password'), 'Demo-Password-1');
    await user().click(within(dialog).getByRole('button', { name: 'Save renewal' }));
    await waitFor(() => expect(callsTo('PUT', '/payment/subscription')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('PUT', '/payment/subscription')[0].url.searchParams)).toEqual({ accountId: '31', planId: '7', clicks: '0' });
    expect(callsTo('DELETE', '/payment/subscription')).toHaveLength(0);
    await screen.findByText('Address Lookup 10k no longer renews automatically; its clicks are kept.');
  });

  it('leaves the renewal to owners: staff see it but cannot change it', async () => {
    const staffView = group(30, 'organisation', [{ ...acmeUk, isOwner: false }], { name: 'Acme Trading', isOwner: false });
    renderApp('/portal/administration/services', sales, [staffView], plansManager({ 31: [on()] }));
    await screen.findByRole('region', { name: 'Automatic renewal' });
    expect(screen.queryByRole('button', { name: 'Change renewal' })).toBeNull();
  });
});
