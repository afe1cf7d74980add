// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockedMessages } from '../../contract/shared/messages';
import { helpTipsDisabledKey, tourProblems } from '../../contract/shared/helpTips';
import { idempotencyKeyHeader } from '../../contract/shared/shop';
import type { Order } from '../../contract/shop/entities';
import { cancelledText, declinedText } from '../../src/areas/shop/shopPages';
import { confirmingText } from '../../src/areas/shop/ThankYouPage';
import { basketTour, shopTour } from '../../src/shared/helptips/tours/shop';
import { group } from '../machines/models/groupFixtures';
import { acmeTrading, plan } from './servicesFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// The shop, basket and thank-you pages over the real router, guards, basket machine and views; the
// plans manager is answered at fetch. Prices are the fixtures' (£6 per 1,000 clicks under 10,000).

configure({ asyncUtilTimeout: 5000 });

const lookup = plan(1, { plan: 'Address Lookup UK', planFilter: [{ filterId: 1, planId: 1, category: 'Use', description: 'Forms', displayOrder: 1 }], planComparison: [{ comparisonId: 1, planId: 1, description: 'Royal Mail PAF', displayOrder: 1 }] });
const autocomplete = plan(2, { plan: 'Autocomplete UK', service: 'autocomplete', planComparison: [{ comparisonId: 2, planId: 2, description: 'As you type', displayOrder: 1 }] });
const email = plan(3, { plan: 'Email Validation UK', service: 'email', datasetId: 4 });
const bank = plan(4, { plan: 'Bank Validation UK', service: 'bankcode' });
const accountId = 31;

let calls: Call[] = [];
function renderShop(path: string, handler: Handler = () => undefined, groups = [acmeTrading]) {
  const plans: Handler = (c) => (c.url.pathname === '/api/plans/plans' ? ok([lookup, autocomplete, email, bank].filter((p) => p.territory === c.url.searchParams.get('territory'))) : undefined);
  const me: Handler = (c) => (c.url.pathname === '/api/users/user' ? ok({ id: 4, name: 'owner@example.com', email: 'owner@example.com', personalName: 'Olive Owner', companyName: null, territory: 'uk', isGroup: false, type: null, subType: null, locked: false, validated: true, roles: ['account'], createTimestamp: 0, updateTimestamp: 0, activityTimestamp: null }) : undefined);
  const rendered = renderPortal(path, { user: authUser(), groups, handler: (c) => handler(c) ?? plans(c) ?? me(c) });
  calls = rendered.calls;
  return rendered;
}
const saveBasket = (items: object[]) => localStorage.setItem(`portal.basket.${accountId}`, JSON.stringify(items));
const item = (planId: number, clicks: number, datasetId = 1) => ({ organisationId: 30, ccId: accountId, datasetId, planId, clicks });
const icon = () => screen.getByRole('link', { name: /^Basket, \d+ items?$/ });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
});
afterEach(() => cleanup());

describe('/shop', () => {
  it('shows a card per service sold in the territory, Payment Validation only with bank code plans', async () => {
    renderShop('/portal/shop');
    await screen.findByRole('heading', { name: 'Shop', level: 1 });
    const cards = await waitFor(() => document.getElementById('shop-services')!);
    expect(within(cards).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Address Lookup', 'Payment Validation', 'Email Validation']);
    expect(within(cards).getByText('2 plans, from £5.00 per 1,000 clicks')).toBeTruthy();
  });

  it('is refused for an account the user does not own, and through a referrer partner', async () => {
    renderShop('/portal/shop', undefined, [group(30, 'organisation', [group(accountId, 'account', [], { isOwner: false, isMember: true })], { isOwner: false, isMember: true })]);
    expect(await screen.findByText(blockedMessages.account)).toBeTruthy();
    cleanup();
    renderShop('/portal/shop', undefined, [group(1, 'partner', [acmeTrading], { subtype: 'referrer' })]);
    expect(await screen.findByText(blockedMessages.partnerType)).toBeTruthy();
  });

  it('has sound tours', () => {
    expect(tourProblems(shopTour)).toEqual([]);
    expect(tourProblems(basketTour)).toEqual([]);
  });
});

describe('a service page', () => {
  it('prices any quantity with VAT, filters by chip, compares side by side, and adds to the basket (twice merges)', async () => {
    const user = userEvent.setup();
    renderShop('/portal/shop/addresslookup');
    const card = await screen.findByRole('article', { name: 'Address Lookup UK' });
    const clicks = within(card).getByLabelText('Clicks');
    await user.clear(clicks);
    await user.type(clicks, '12,000');
    // 12,000 clicks at £5.00 per 1,000 = £60.00; VAT at 20% £12.00.
    expect(within(card).getByTestId('plan-net').textContent).toBe('£60.00');
    expect(within(card).getByTestId('plan-total').textContent).toBe('£72.00');
    const compare = screen.getByRole('region', { name: 'Compare the plans' });
    expect(within(compare).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['What you get', 'Address Lookup UK', 'Autocomplete UK']);
    await user.click(screen.getByRole('button', { name: 'Forms', pressed: false }));
    expect(screen.queryByRole('article', { name: 'Autocomplete UK' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Add to basket' }));
    expect(icon().getAttribute('aria-label')).toBe('Basket, 1 item');
    await user.click(within(card).getByRole('button', { name: 'Add to basket' }));
    expect(await screen.findByText(/Address Lookup UK was already in your basket: the clicks were added together \(now 24,000\)/)).toBeTruthy();
    expect(icon().getAttribute('aria-label')).toBe('Basket, 1 item');
    expect(JSON.parse(localStorage.getItem(`portal.basket.${accountId}`)!)).toEqual([item(1, 24000)]);
  });

  it('says why a quantity cannot be bought and adds nothing', async () => {
    const user = userEvent.setup();
    renderShop('/portal/shop/emailValidation');
    const card = await screen.findByRole('article', { name: 'Email Validation UK' });
    await user.clear(within(card).getByLabelText('Clicks'));
    await user.type(within(card).getByLabelText('Clicks'), '1.5');
    expect(within(card).getByRole('alert').textContent).toBe('Clicks must be a whole number of at least 1');
    expect(within(card).getByRole('button', { name: 'Add to basket' })).toHaveProperty('disabled', true);
  });
});

describe('/shop/basket', () => {
  it("says 'No items in basket' with a link to the shop", async () => {
    renderShop('/portal/shop/basket');
    expect(await screen.findByText('No items in basket')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toBeTruthy();
  });

  it('lists the items sorted by plan, with line prices and totals, and checks out with an idempotency key and no prices', async () => {
    const user = userEvent.setup();
    saveBasket([item(3, 2000, 4), item(1, 1000)]);
    renderShop('/portal/shop/basket', (c) => (c.url.pathname === '/api/plans/shop/checkout' ? { status: 400, body: { msg: 'Plan 3 is not sold in your territory' } } : undefined));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Address Lookup UK', 'Email Validation UK']);
    // £6.00 + £12.00 = £18.00 net, VAT £3.60, total £21.60.
    expect(within(screen.getByTestId('basket-totals')).getAllByRole('definition').map((d) => d.textContent)).toEqual(['£18.00', '£3.60', '£21.60']);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Olive Owner');

    await user.type(screen.getByLabelText('Address line 1'), '1 High Street');
    await user.type(screen.getByLabelText('Town'), 'Leeds');
    await user.type(screen.getByLabelText('Postcode'), 'LS1 1AA');
    await user.click(screen.getByRole('button', { name: 'Checkout £21.60' }));
    expect(await screen.findByText('Failed to check out: Plan 3 is not sold in your territory')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Checkout £21.60' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/plans/shop/checkout')).toHaveLength(2));
    const [first, retry] = calls.filter((c) => c.url.pathname === '/api/plans/shop/checkout');
    expect(first.url.searchParams.get('organisationId')).toBe('30');
    expect(first.headers.get(idempotencyKeyHeader)).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry.headers.get(idempotencyKeyHeader)).toBe(first.headers.get(idempotencyKeyHeader));
    expect(first.body).toMatchObject({
      name: 'Olive Owner', address1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA', country: 'United Kingdom',
      backUrl: `${window.location.origin}/portal/shop/basket`, paidUrl: `${window.location.origin}/portal/shop/thankyou`,
      basket: [{ accountId, planId: 1, quantity: 1000 }, { accountId, planId: 3, quantity: 2000 }],
    });
    expect(JSON.stringify(first.body)).not.toMatch(/price/i);
  });

  it('shows a quantity problem under the clicks and holds Checkout until it is fixed; Remove takes the line out', async () => {
    const user = userEvent.setup();
    saveBasket([item(1, 1000), item(3, 2000, 4)]);
    renderShop('/portal/shop/basket');
    const field = await screen.findByLabelText('Clicks of Address Lookup UK');
    await user.clear(field);
    await user.type(field, '0');
    expect(screen.getByText('Clicks must be a whole number of at least 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Checkout / })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Remove Address Lookup UK' }));
    expect(icon().getAttribute('aria-label')).toBe('Basket, 1 item');
    expect(screen.getByRole('button', { name: /^Checkout / })).toHaveProperty('disabled', false);
  });

  it('comes back declined or cancelled with the basket unchanged and says so', async () => {
    saveBasket([item(1, 1000)]);
    renderShop('/portal/shop/basket?orderId=9&payment=declined');
    expect((await screen.findByRole('alert')).textContent).toContain(declinedText);
    expect(screen.getByLabelText('Clicks of Address Lookup UK')).toHaveProperty('value', '1,000');
    cleanup();
    renderShop('/portal/shop/basket?orderId=9&payment=cancelled');
    expect((await screen.findByRole('alert')).textContent).toContain(cancelledText);
  });

  it('shows a decline as an alert styled like the portal\'s others, not muted text, and marks the billing fields a checkout needs', async () => {
    saveBasket([item(1, 1000)]);
    const billing = { name: 'Ada Buyer', company: '', email: 'ada@example.com', address1: '9 Typed Street', address2: '', address3: '', address4: '', town: 'York', county: '', postcode: 'YO1 7HH', country: 'United Kingdom' };
    renderShop('/portal/shop/basket?orderId=9&payment=declined', (c) => (c.url.pathname === '/api/plans/shop/order' ? ok({ orderId: 9, status: 'declined', billing }) : undefined));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(declinedText);
    expect(alert.classList.contains('alert')).toBe(true);
    expect(alert.classList.contains('reason')).toBe(false);
    const form = await screen.findByRole('form', { name: 'Billing details' });
    for (const label of ['Name', 'Email', 'Address line 1', 'Town', 'Postcode', 'Country']) expect(within(form).getByLabelText(label).getAttribute('aria-required'), label).toBe('true');
    expect(within(form).getByLabelText('Address line 2').getAttribute('aria-required')).toBeNull();
    expect(within(form).getAllByText('Required')).toHaveLength(6);
  });

  it('comes back declined with the billing details the checkout was given, not the account\'s', async () => {
    saveBasket([item(1, 1000)]);
    const declined: Handler = (c) =>
      c.url.pathname === '/api/plans/shop/order'
        ? ok({ orderId: 9, status: 'declined', billing: { name: 'Ada Buyer', company: 'Buyer Ltd', email: 'ada@example.com', address1: '9 Typed Street', address2: '', address3: '', address4: '', town: 'York', county: '', postcode: 'YO1 7HH', country: 'United Kingdom' } })
        : undefined;
    renderShop('/portal/shop/basket?orderId=9&payment=declined', declined);
    await screen.findByRole('alert');
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', 'Ada Buyer');
    expect(screen.getByLabelText(/^Address line 1/)).toHaveProperty('value', '9 Typed Street');
    expect(screen.getByLabelText(/^Town/)).toHaveProperty('value', 'York');
    expect(screen.getByLabelText(/^Postcode/)).toHaveProperty('value', 'YO1 7HH');
  });
});

describe('/shop/thankyou', () => {
  const order = (status: Order['status']): Order => ({
    orderId: 9, kind: 'shop', status, territory: 'uk', organisationId: 30, organisationName: 'Acme Trading', userId: 4, userEmail: 'owner@example.com',
    net: 600, tax: 120, total: 720, failure: null, invoiceNumber: status === 'paid' ? 'UK-000001' : null, invoiceId: status === 'paid' ? 1 : null,
    lines: [{ accountId, accountName: 'Acme UK', planId: 1, plan: 'Address Lookup UK', datasetRef: 'PAF', service: 'addresslookup', clicks: 1000, price: 600, bundleId: status === 'paid' ? 77 : null }],
    billing: { name: 'Ada Buyer', company: '', email: 'ada@example.com', address1: '9 Typed Street', address2: '', address3: '', address4: '', town: 'York', county: '', postcode: 'YO1 7HH', country: 'United Kingdom' },
    createdAt: 1_750_000_000, paidAt: status === 'paid' ? 1_750_000_100 : null,
  });

  it('says "Confirming your payment…" until the order is paid, then lists it and empties the bought items from the basket', async () => {
    saveBasket([item(1, 1000), item(3, 2000, 4)]);
    let asked = 0;
    renderShop('/portal/shop/thankyou?orderId=9', (c) => (c.url.pathname === '/api/plans/shop/order' ? ok(order(++asked < 2 ? 'pending' : 'paid')) : undefined));
    expect(await screen.findByText(confirmingText)).toBeTruthy();
    expect(await screen.findByText(/Payment received on .*invoice UK-000001/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(within(screen.getByTestId('order-totals')).getAllByRole('definition').map((d) => d.textContent)).toEqual(['£6.00', '£1.20', '£7.20']);
    expect(screen.getByRole('button', { name: 'View your invoice' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your services' })).toBeTruthy();
    await waitFor(() => expect(icon().getAttribute('aria-label')).toBe('Basket, 1 item'));
    expect(JSON.parse(localStorage.getItem(`portal.basket.${accountId}`)!)).toEqual([item(3, 2000, 4)]);
  });
});
