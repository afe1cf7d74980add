// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import type { AuthUser } from '../../contract/users/entities';
import type { Group } from '../../contract/groups/entities';
import { capUse, cardExpired, historyLines, invoiceRows, parseCap, returnMessage } from '../../src/shared/billing/billingText';
import { browser } from '../../src/shared/billing/browser';
import { group } from '../machines/models/groupFixtures';
import { billingServer, details, groupUser, invoice, ownerUser, payer, type BillingState } from './billingFixtures';
import { acmeTrading, accountPlan, plansManager, renewal } from './servicesFixtures';
import { authUser, either, renderPortal, type Call } from './support/renderPortal';

// The Billing section of /administration/services (?tab=billing): the real router, guards, machines
// and views; the plans manager and the user server are answered at fetch; the browser's navigation
// (to the gateway, to an invoice's tab) is watched through src/shared/billing/browser.ts.

configure({ asyncUtilTimeout: 5000 });

let owner: AuthUser;
let calls: Call[] = [];
const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);
const user = () => userEvent.setup();

function state(over: Partial<BillingState> = {}): BillingState {
  return {
    details: details(),
    users: [ownerUser, payer],
    members: [groupUser(4, 'owner@example.com', 'Olive Owner', 'owner'), groupUser(8, 'pat@example.com', 'Pat Payer'), groupUser(9, 'sam@example.com', 'Sam Member')],
    invoices: [invoice(2, { kind: 'renewal', issuedAt: Math.floor(new Date('2025-06-10T09:00').getTime() / 1000) }), invoice(1)],
    ...over,
  };
}

function renderBilling(path: string, billing: BillingState, as: AuthUser = owner, groups: Group[] = [acmeTrading]) {
  const rendered = renderPortal(path, {
    user: as,
    groups,
    handler: either(billingServer(billing), plansManager({ 31: [accountPlan({ subscription: renewal({ clicks: 10_000, price: 5_000, estimatedRenewalDate: null, enabled: true }) })] })),
  });
  calls = rendered.calls;
  return rendered;
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00'));
  owner = authUser({ id: 4, userName: 'owner@example.com' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the Billing section', () => {
  it('is a tab of the services page that the address opens, reachable by keyboard', async () => {
    renderBilling('/portal/administration/services', state());
    const tabs = await screen.findByRole('navigation', { name: 'Services sections' });
    expect((within(tabs).getByRole('link', { name: 'Subscriptions' })).getAttribute('aria-current')).toBe('page');
    const billingTab = within(tabs).getByRole('link', { name: 'Billing' });
    expect(billingTab.getAttribute('href')).toBe('/portal/administration/services?tab=billing');
    billingTab.focus();
    await user().keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Billing', level: 2 })).toBeTruthy();
    expect((within(tabs).getByRole('link', { name: 'Billing' })).getAttribute('aria-current')).toBe('page');
  });

  it('shows the saved card, the cap against this month\'s renewals, the payment users and the invoices', async () => {
    renderBilling('/portal/administration/services?tab=billing', state());
    expect((await screen.findByTestId('saved-card')).textContent).toContain('Visa •••• 4242, expires 04/2030');
    expect(screen.getByText('accounts@acme.example')).toBeTruthy();
    expect((screen.getByTestId('cap-use')).textContent).toContain('£60.00 of £200.00 spent on automatic renewals this month (30%).');
    expect((screen.getByLabelText(/^Cap/) as HTMLInputElement).value).toBe('200.00');

    const users = screen.getByRole('table', { name: 'Authorised payment users' });
    const rows = within(users).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows[0]).toContain('Olive Owner');
    expect(rows[0]).toContain('Always (owner)');
    expect(within(users).queryByRole('button', { name: 'Remove Olive Owner' })).toBeNull();
    expect(within(users).getByRole('button', { name: 'Remove Pat Payer' })).toBeTruthy();

    const history = screen.getByRole('table', { name: 'Billing history' });
    const cells = within(history).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(cells[0].slice(0, 6)).toEqual(['UK-000002', '10/06/2025', 'Automatic renewal: Address Lookup 10k: 10,000 clicks', '£50.00', '£10.00', '£60.00']);
    expect(cells[1][0]).toBe('UK-000001');
  });

  it('says so when no card is saved, and "Save a card" goes to the gateway\'s card page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderBilling('/portal/administration/services?tab=billing', state({ details: details({ card: null, monthlyCap: null, renewalSpendThisMonth: 0 }) }));
    expect(await screen.findByText(/No card is saved for this account/)).toBeTruthy();
    expect((screen.getByTestId('cap-use')).textContent).toContain('£0.00 spent on automatic renewals this month. No cap is set.');
    await user().click(screen.getByRole('button', { name: 'Save a card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://portal.test/gateway/card/abc'));
    const [generate] = callsTo('GET', '/api/plans/payment/generate');
    expect(generate.url.searchParams.get('accountId')).toBe('31');
    expect(generate.url.searchParams.get('backUrl')).toMatch(/\/portal\/administration\/services\?tab=billing$/);
  });

  it('greets the owner back from the card page', async () => {
    renderBilling('/portal/administration/services?tab=billing&billing=card-saved', state());
    expect(await screen.findByText('Your card is saved. Automatic renewals will be paid with it.')).toBeTruthy();
  });

  it('removes the card only once the owner confirms', async () => {
    renderBilling('/portal/administration/services?tab=billing', state());
    await user().click(await screen.findByRole('button', { name: 'Remove card' }));
    expect(screen.getByText('Remove the card ending 4242? Automatic renewals stop until a card is saved again.')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE', '/api/plans/payment')).toHaveLength(0);
    await user().click(screen.getByRole('button', { name: 'Remove card' }));
    await user().click(screen.getByRole('button', { name: 'Yes, remove the card' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/plans/payment')).toHaveLength(1));
    expect(callsTo('DELETE', '/api/plans/payment')[0].url.searchParams.get('accountId')).toBe('31');
  });

  it('saves a cap typed in pounds as pence, refuses a cap that is not an amount, and removes it with "No cap"', async () => {
    renderBilling('/portal/administration/services?tab=billing', state());
    const input = await screen.findByLabelText(/^Cap/);
    await user().clear(input);
    await user().type(input, '12.345');
    await user().click(screen.getByRole('button', { name: 'Save cap' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The cap is an amount with at most 2 decimals, such as 12.50');
    expect(callsTo('PUT', '/api/plans/payment/cap')).toHaveLength(0);

    await user().clear(input);
    await user().type(input, '250');
    await user().click(screen.getByRole('button', { name: 'Save cap' }));
    await waitFor(() => expect(callsTo('PUT', '/api/plans/payment/cap')).toHaveLength(1));
    expect(callsTo('PUT', '/api/plans/payment/cap')[0].body).toEqual({ monthlyCap: 25_000 });
    expect(await screen.findByText('Monthly cap saved.')).toBeTruthy();

    await user().click(screen.getByRole('radio', { name: 'No cap' }));
    expect((input as HTMLInputElement).disabled).toBe(true);
    await user().click(screen.getByRole('button', { name: 'Save cap' }));
    await waitFor(() => expect(callsTo('PUT', '/api/plans/payment/cap')).toHaveLength(2));
    expect(callsTo('PUT', '/api/plans/payment/cap')[1].body).toEqual({ monthlyCap: null });
  });

  it('authorises a user of the account and removes an authorised one', async () => {
    renderBilling('/portal/administration/services?tab=billing', state());
    const select = await screen.findByLabelText('Authorise a user of the account');
    // Only those not listed yet are offered.
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a user…', 'Sam Member (sam@example.com)']);
    await user().selectOptions(select, 'Sam Member (sam@example.com)');
    await user().click(screen.getByRole('button', { name: 'Authorise' }));
    await waitFor(() => expect(callsTo('PUT', '/api/plans/payment/user')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('PUT', '/api/plans/payment/user')[0].url.searchParams)).toEqual({ accountId: '31', userId: '9' });

    await user().click(screen.getByRole('button', { name: 'Remove Pat Payer' }));
    await user().click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/plans/payment/user')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('DELETE', '/api/plans/payment/user')[0].url.searchParams)).toEqual({ accountId: '31', userId: '8' });
  });

  it('opens an invoice of the billing history in a new tab', async () => {
    const open = vi.spyOn(browser, 'open').mockImplementation(() => undefined);
    renderBilling('/portal/administration/services?tab=billing', state());
    await user().click(await screen.findByRole('button', { name: 'Open invoice UK-000001' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://portal.test/api/plans/invoices/view?bundle=10&sig=x'));
    const [asked] = callsTo('GET', '/api/plans/bundles/invoice');
    expect(asked.url.searchParams.get('bundleId')).toBe('10');
    expect(asked.url.searchParams.get('backUrl')).toMatch(/\/portal\/administration\/services\?tab=billing$/);
  });

  it('says when there are no invoices yet', async () => {
    renderBilling('/portal/administration/services?tab=billing', state({ invoices: [] }));
    expect(await screen.findByText(/No invoices yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('is not there for staff, who act as owner everywhere but do not manage a customer\'s payments', async () => {
    const sales = authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] });
    const staffView = group(30, 'organisation', [group(31, 'account', [], { name: 'Acme UK', isOwner: false })], { name: 'Acme Trading', isOwner: false });
    renderBilling('/portal/administration/services?tab=billing', state(), sales, [staffView]);
    expect(await screen.findByRole('heading', { name: 'Services of Acme UK' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Services sections' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Billing' })).toBeNull();
    expect(callsTo('GET', '/api/plans/payment/details')).toHaveLength(0);
  });

  it('names the card and the cap beside a subscription\'s automatic renewal', async () => {
    renderBilling('/portal/administration/services', state());
    const card = await screen.findByRole('article', { name: 'Address Lookup 10k' });
    await waitFor(() => expect(within(card).getByText('Paid with Visa •••• 4242; at most £200.00 a month.')).toBeTruthy());
  });
});

describe('billing for an authorised payment user (home)', () => {
  const payerView = (isPayer: boolean) =>
    group(30, 'organisation', [group(31, 'account', [], { name: 'Acme UK', isOwner: false, isMember: true, isPayer })], { name: 'Acme Trading', isOwner: false, isMember: true });
  const member = () => authUser({ id: 8, userName: 'pat@example.com' });

  it('shows the card that pays renewals, lets them replace it (back to home) but not remove it, and the invoices', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const open = vi.spyOn(browser, 'open').mockImplementation(() => undefined);
    renderBilling('/portal/home', state(), member(), [payerView(true)]);
    const section = await screen.findByRole('region', { name: 'Billing of Acme UK' });
    expect(within(section).getByTestId('saved-card').textContent).toContain('4242');
    expect(within(section).queryByRole('button', { name: 'Remove card' })).toBeNull();
    expect(within(section).getByRole('table').textContent).toContain('UK-000002');
    await user().click(within(section).getByRole('button', { name: 'Open invoice UK-000002' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    await user().click(within(section).getByRole('button', { name: 'Replace card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://portal.test/gateway/card/abc'));
    const [generate] = callsTo('GET', '/api/plans/payment/generate');
    expect(generate.url.searchParams.get('backUrl')).toMatch(/\/portal\/home$/);
    // The owners' part is not theirs: no cap, no payment users.
    expect(callsTo('GET', '/api/plans/payment/users')).toHaveLength(0);
  });

  it('greets them back from the card page on home', async () => {
    renderBilling('/portal/home?billing=card-saved', state(), member(), [payerView(true)]);
    expect(await screen.findByText('Your card is saved. Automatic renewals will be paid with it.')).toBeTruthy();
  });

  it('is not there for a member who is not authorised to pay', async () => {
    renderBilling('/portal/home', state(), member(), [payerView(false)]);
    await screen.findByRole('heading', { name: 'Welcome' });
    await screen.findByRole('heading', { name: 'Working in Acme UK' });
    expect(screen.queryByRole('region', { name: 'Billing of Acme UK' })).toBeNull();
    expect(callsTo('GET', '/api/plans/payment/details')).toHaveLength(0);
  });
});

describe('the Billing section\'s words', () => {
  it('writes an Australian account\'s cap and spend in A$ with GST', () => {
    expect(capUse({ monthlyCap: 50_000, renewalSpendThisMonth: 55_000, territory: 'australia' })).toEqual({
      text: 'A$550.00 of A$500.00 spent on automatic renewals this month (100%).',
      percent: 100,
    });
    expect(parseCap('500', 'australia')).toEqual({ cap: 50_000 });
    expect(parseCap('0.29', 'uk')).toEqual({ cap: 29 });
    expect(parseCap('-5', 'uk')).toEqual({ problem: 'The cap cannot be negative' });
  });

  it('says an expired card is expired from the month after its expiry', () => {
    const card = { billingEmail: 'a@example.com', lastFour: '0002', brand: 'Mastercard', expiryMonth: 5, expiryYear: 2025 };
    expect(cardExpired(card, Math.floor(new Date('2025-05-31T12:00').getTime() / 1000))).toBe(false);
    expect(cardExpired(card, Math.floor(new Date('2025-06-01T12:00').getTime() / 1000))).toBe(true);
  });

  it('exports the history with its currency and tax name, money in major units', () => {
    const rows = invoiceRows([invoice(3, { territory: 'australia', invoiceNumber: 'AU-000003', net: 10_000, tax: 1_000, total: 11_000 })]);
    expect(rows[0]).toEqual(['Invoice', 'Date', 'Description', 'Currency', 'Net', 'Tax', 'Tax name', 'Total']);
    expect(rows[1]).toEqual(['AU-000003', '03/06/2025', 'Address Lookup 10k: 10,000 clicks', 'AUD', 100, 10, 'GST', 110]);
  });

  it('lists a credit note as a line of its own before its invoice, its money negative, with its reason; the CSV carries it', () => {
    const note = {
      creditNoteId: 7, creditNoteNumber: 'UK-CN-000001', invoiceId: 2, invoiceNumber: 'UK-000002', bundleId: 20, kind: 'refund' as const,
      reason: 'Service outage', issuedAt: Math.floor(new Date('2025-06-10T10:00').getTime() / 1000), net: 2_500, tax: 500, total: 3_000,
      territory: 'uk' as const, plan: 'Address Lookup 10k', clicks: 10_000, unusedClicks: 5_000,
    };
    const lines = historyLines([invoice(3), invoice(2, { creditNotes: [note] })]);
    expect(lines.map((l) => l.number)).toEqual(['UK-CN-000001', 'UK-000003', 'UK-000002']);
    expect(lines[0]).toMatchObject({ document: 'creditNote', net: -2_500, tax: -500, total: -3_000 });
    expect(lines[0].description).toBe('Refund against UK-000002, Address Lookup 10k bundle ended early: Service outage');
    const rows = invoiceRows([invoice(2, { creditNotes: [note] })]);
    expect(rows[1]).toEqual(['UK-CN-000001', '10/06/2025', lines[0].description, 'GBP', -25, -5, 'VAT', -30]);
  });

  it('understands what the gateway\'s card page came back with', () => {
    expect(returnMessage('card-saved')?.tone).toBe('success');
    expect(returnMessage('cancelled')?.text).toBe('No card was saved: the card page was left without saving.');
    expect(returnMessage('something-else')).toBeNull();
    // A declined card on the save-a-card page comes back by its cancel URL, with the gateway's payment=declined.
    expect(returnMessage('cancelled', 'declined')?.text).toBe('No card was saved: the bank declined it. Try another card.');
    expect(returnMessage('cancelled', 'cancelled')?.text).toBe('No card was saved: the card page was left without saving.');
  });
});
