import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { testCards } from '../contract/shared/shop';
import { demoPassword, expect, logIn, test } from './support/fixtures';

// Billing against the real server, its demo seed and the embedded test gateway: the owner
// of Acme UK saves a card on the gateway's own page, sets a monthly cap, authorises a payment user
// and removes them, and opens an invoice from the billing history; staff filter /charges. UK only:
// the account's payment settings are shared by both projects' runs.

test.describe.configure({ mode: 'serial' });

type Flat = { id: number; name: string; type: string; children?: Flat[] };
const flat = (list: Flat[]): Flat[] => list.flatMap((g) => [g, ...flat(g.children ?? [])]);

async function tokenOf(api: APIRequestContext, email: string) {
  const basic = Buffer.from(`${email}:${demoPassword}`).toString('base64');
  const auth = await api.get('/api/users/auth', { headers: { authorization: `Basic ${basic}` } });
  expect(auth.status()).toBe(200);
  return ((await auth.json()) as { jwt: string }).jwt;
}

/** Fills the test gateway's card form with a card that succeeds and submits it. */
async function payAtGateway(page: Page, button: RegExp) {
  await page.getByLabel('Card number').fill(testCards.success.number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Olive Owner');
  await page.getByRole('button', { name: button }).click();
}

/**
 * An invoice in Acme UK's billing history: a checkout through the real API, paid on the gateway's
 * page in the browser, confirmed as the browser's return would (GET /shop/order).
 */
async function buyForAcmeUk(page: Page, api: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(api, 'owner@example.com')}` };
  const groups = flat((await (await api.get('/api/users/groups?recurse=true', { headers })).json()) as Flat[]);
  const account = groups.find((g) => g.type === 'account' && g.name === 'Acme UK')!;
  const organisation = groups.find((g) => g.type === 'organisation' && g.name === 'Acme Trading')!;
  const plans = (await (await api.get('/api/plans/plans?territory=uk', { headers })).json()) as { planId: number; plan: string }[];
  const plan = plans.find((p) => p.plan === 'Address Lookup UK')!;
  // From the page itself: the return addresses must be the portal's own origin (uk-portal.localhost),
  // which Node's resolver does not know.
  const checkout = await page.evaluate(
    async ({ headers, key, organisationId, basket }) => {
      const origin = window.location.origin;
      const answer = await fetch(`/api/plans/shop/checkout?organisationId=${organisationId}`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Olive Owner', email: 'owner@example.com', address1: '1 High Street', town: 'London', postcode: 'SW1A 1AA', country: 'United Kingdom',
          backUrl: `${origin}/portal/shop/basket`, paidUrl: `${origin}/portal/shop/thankyou`, basket,
        }),
      });
      return { status: answer.status, body: (await answer.json()) as { url: string; orderId: number } };
    },
    { headers, key: randomUUID(), organisationId: organisation.id, basket: [{ accountId: account.id, planId: plan.planId, quantity: 1000 }] },
  );
  expect(checkout.status).toBe(200);
  await page.goto(checkout.body.url);
  await payAtGateway(page, /^Pay /);
  await page.waitForURL(/\/portal\/shop\/thankyou/);
  const orderUrl = `/api/plans/shop/order?orderId=${checkout.body.orderId}`;
  await expect.poll(async () => ((await (await api.get(orderUrl, { headers })).json()) as { status: string }).status).toBe('paid');
}

test('the owner saves a card at the test gateway, caps renewals, authorises a payment user and opens an invoice @uk-only', async ({ page, api }) => {
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await buyForAcmeUk(page, api);

  await page.goto('/portal/administration/services');
  await page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\?tab=billing$/);
  const billing = page.getByRole('region', { name: 'Billing', exact: true });
  await expect(billing.getByRole('heading', { name: 'Saved card' })).toBeVisible();

  // The card: saved (or replaced, on a second run) on the gateway's page, never in the portal.
  await billing.getByRole('button', { name: /^(Save a card|Replace card)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Save a card' })).toBeVisible();
  await payAtGateway(page, /^Save card$/);
  await expect(page).toHaveURL(/\/portal\/administration\/services\?.*billing=card-saved/);
  await expect(page.getByText('Your card is saved. Automatic renewals will be paid with it.')).toBeVisible();
  await expect(page.getByTestId('saved-card')).toHaveText(/•••• 4242, expires 12\/2034$/);

  // The cap: typed in pounds, shown against this month's renewals.
  await page.getByRole('radio', { name: 'At most, each calendar month' }).check();
  await page.getByLabel(/^Cap/).fill('150');
  await page.getByRole('button', { name: 'Save cap' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Monthly cap saved.' })).toBeVisible();
  await expect(page.getByTestId('cap-use')).toContainText('of £150.00 spent on automatic renewals this month');

  // The subscription it would stop says so, next to one renewal's price with VAT.
  await page.getByRole('navigation', { name: 'Services sections' }).getByRole('link', { name: 'Subscriptions' }).click();
  const lookup = page.getByRole('article', { name: 'Address Lookup UK' }).getByRole('region', { name: 'Automatic renewal' });
  await expect(lookup).toContainText('On: 50,000 clicks for £1,200.00 including VAT.');
  await expect(lookup).toContainText('Will not renew: one renewal costs £1,200.00, more than the monthly cap of £150.00.');
  await page.goto('/portal/administration/services?tab=billing');

  // A payment user: Max Member of Acme Trading (authorised by the demo seed) removed, then authorised again.
  const users = page.getByRole('table', { name: 'Authorised payment users' });
  await expect(users.getByRole('row', { name: /owner@example\.com/ })).toContainText('Always (owner)');
  await users.getByRole('button', { name: 'Remove Max Member' }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(users.getByRole('row', { name: /Max Member/ })).toHaveCount(0);
  await page.getByLabel('Authorise a user of the account').selectOption({ label: 'Max Member (member@example.com)' });
  await page.getByRole('button', { name: 'Authorise', exact: true }).click();
  await expect(users.getByRole('row', { name: /Max Member/ })).toBeVisible();

  // The invoice of the purchase, opened in a new tab, with its totals.
  const history = page.getByRole('table', { name: 'Billing history' });
  const newest = history.getByRole('row').nth(1);
  const number = (await newest.getByRole('cell').first().innerText()).trim();
  expect(number).toMatch(/^UK-\d{6}$/);
  const total = (await newest.getByRole('cell').nth(5).innerText()).trim();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), newest.getByRole('button', { name: `Open invoice ${number}` }).click()]);
  await tab.waitForLoadState();
  await expect(tab.getByText(number).first()).toBeVisible();
  await expect(tab.getByText(total).first()).toBeVisible();
  await expect(tab.getByText(/VAT/).first()).toBeVisible();
  await tab.close();
});

test('the owner turns a renewal off and on again in place, with the password @uk-only', async ({ page }) => {
  await logIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/administration/services');
  const card = page.getByRole('article', { name: 'Address Lookup UK' });
  const renewal = card.getByRole('region', { name: 'Automatic renewal' });
  await renewal.getByRole('button', { name: 'Change renewal' }).click();
  let dialog = page.getByRole('dialog', { name: 'Automatic renewal of Address Lookup UK' });
  await dialog.getByLabel(/Renew automatically/).uncheck();
  await dialog.getByLabel('Your password').fill(demoPassword);
  await dialog.getByRole('button', { name: 'Save renewal' }).click();
  await expect(renewal).toContainText('Off: nothing renews');
  // Still enabled: its calls are answered and its clicks kept.
  await expect(card.getByRole('button', { name: 'Disable' })).toBeVisible();

  await renewal.getByRole('button', { name: 'Turn renewal on' }).click();
  dialog = page.getByRole('dialog', { name: 'Automatic renewal of Address Lookup UK' });
  await dialog.getByLabel('Clicks for each renewal').fill('50000');
  await dialog.getByLabel('Your password').fill(demoPassword);
  await dialog.getByRole('button', { name: 'Save renewal' }).click();
  await expect(renewal).toContainText('On: 50,000 clicks for £1,200.00 including VAT.');
});

test('an authorised payment user keeps the card and reads the invoices on their home page @uk-only', async ({ page }) => {
  await logIn(page, 'member@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  const billing = page.getByRole('region', { name: 'Billing of Acme UK' });
  await expect(billing.getByTestId('saved-card')).toContainText('4242');
  await expect(billing.getByRole('button', { name: 'Replace card' })).toBeVisible();
  await expect(billing.getByRole('button', { name: 'Remove card' })).toHaveCount(0);
  const history = billing.getByRole('table', { name: 'Billing history' });
  await expect(history.getByRole('row').nth(1)).toContainText(/UK-\d{6}/);
  const number = (await history.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), history.getByRole('button', { name: `Open invoice ${number}` }).click()]);
  await tab.waitForLoadState();
  await expect(tab.getByText(number).first()).toBeVisible();
  await tab.close();
});

test('staff filter the charges by status and territory @uk-only', async ({ page }) => {
  await logIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/portal\/home/);
  await page.goto('/portal/search');
  await page.getByRole('link', { name: 'Charges' }).click();
  await expect(page).toHaveURL(/\/portal\/charges$/);
  const orders = page.getByRole('region', { name: /^Orders \(\d+\)$/ }).or(page.getByText('No charges match these filters.'));
  await expect(orders.first()).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Paid' });
  await page.getByLabel('Territory', { exact: true }).selectOption({ label: 'United Kingdom' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=paid/);
  await expect(page).toHaveURL(/territory=uk/);
  const table = page.getByRole('table', { name: /^Orders \(\d+\)$/ });
  await expect(table).toBeVisible();
  // Every row is a paid UK order in pounds; the paid total says the same currency.
  const statuses = await table.getByRole('row').locator('td:nth-child(4)').allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Paid']));
  for (const total of await table.getByRole('row').locator('td:nth-child(9)').allInnerTexts()) expect(total).toMatch(/^£/);
  await expect(page.getByTestId('paid-total-uk')).toContainText('£');
  await expect(page.getByTestId('paid-total-australia')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Paid totals per day and territory/ })).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Declined' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=declined/);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/portal\/charges$/);
});
