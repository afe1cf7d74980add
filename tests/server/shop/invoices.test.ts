// Invoices and the billing history: the printable invoice's totals (net + VAT = total in the UK,
// GST in Australia), its signed expiring link, staff bundles without one; and who may see what of
// payments (owners, authorised payment users, staff for charges).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Groups from '../../../contract/groups/endpoints';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { call, msgOf, okBody } from '../support/api';
import { signedIn } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { insertBundle, nowOf } from '../support/catalogue';
import { checkout, checkoutBody, payOnPage, shopWorld, type Shop } from '../support/shop';

let h: Harness;
let shop: Shop;

beforeAll(async () => {
  h = await createHarness();
  shop = await shopWorld(h);
});
afterAll(async () => {
  await h?.close();
});

/** A paid order of `quantity` clicks on the account's plan, its card kept (the box ticked); returns its bundle id. */
async function paidBundle(accountId: number, planId: number, quantity: number): Promise<number> {
  const res = await checkout(h, shop.owner, shop.organisationId, checkoutBody([{ accountId, planId, quantity }]));
  const { url, orderId } = okBody(res);
  await payOnPage(h, url, 'success', { save: true });
  const order = await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } });
  expect(okBody(order).status).toBe('paid');
  const { bundleId } = okBody(order).lines[0];
  if (bundleId === null) throw new Error('The paid order made no bundle');
  return bundleId;
}

const textOf = (html: string, testId: string) => new RegExp(`data-testid="${testId}">([^<]*)<`).exec(html)?.[1];

async function invoiceUrl(bundleId: number, backUrl?: string): Promise<string> {
  const res = await call(h, shop.owner, ShopCalls.bundleInvoice, { query: { bundleId, backUrl } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return okBody(res).url;
}

const open = (url: string) => h.inject({ method: 'GET', url: url.replace('http://localhost', '') });

describe('the printable invoice', () => {
  it('UK: VAT at 20%, net + VAT = total, seller and buyer, escaped, CSP-clean', async () => {
    const bundleId = await paidBundle(shop.ukAccount, shop.ukPlan, 2500);
    const url = await invoiceUrl(bundleId, 'http://localhost/portal/administration/services');
    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const html = page.body;
    expect(textOf(html, 'invoice-number')).toMatch(/^UK-\d{6}$/);
    // 2,500 clicks at £30 per 1,000 = £75.00 net; VAT £15.00; total £90.00.
    expect(textOf(html, 'invoice-net')).toBe('£75.00');
    expect(textOf(html, 'invoice-tax')).toBe('£15.00');
    expect(textOf(html, 'invoice-total')).toBe('£90.00');
    expect(html).toContain('VAT at 20%');
    expect(html).toContain('Acme &lt;Ltd&gt;');
    expect(html).not.toContain('Acme <Ltd>');
    expect(html).toContain(h.config.seller.name);
    expect(html).toContain('href="http://localhost/portal/administration/services"');
    expect(html).not.toMatch(/<script>|<style>|style="/);
    const css = await h.inject({ method: 'GET', url: '/api/plans/invoices/assets/invoice.css' });
    const js = await h.inject({ method: 'GET', url: '/api/plans/invoices/assets/invoice.js' });
    expect([css.statusCode, js.statusCode]).toEqual([200, 200]);
    expect(js.body).toContain('window.print');
  });

  it('Australia: GST at 10% in A$', async () => {
    const bundleId = await paidBundle(shop.auAccount, shop.auPlan, 1000);
    const html = (await open(await invoiceUrl(bundleId))).body;
    expect(textOf(html, 'invoice-number')).toBe('AU-000001');
    expect(textOf(html, 'invoice-net')).toBe('A$30.00');
    expect(textOf(html, 'invoice-tax')).toBe('A$3.00');
    expect(textOf(html, 'invoice-total')).toBe('A$33.00');
    expect(html).toContain('GST at 10%');
    expect(html).toContain('ABN');
  });

  it('refuses a tampered or expired link', async () => {
    const bundleId = await paidBundle(shop.ukAccount, shop.ukPlan, 1000);
    const url = new URL(await invoiceUrl(bundleId));
    const otherId = new URL(url);
    otherId.searchParams.set('invoiceId', String(Number(url.searchParams.get('invoiceId')) - 1));
    expect((await open(otherId.toString())).statusCode).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    expect((await open(longer.toString())).statusCode).toBe(403);
    const foreignBack = new URL(url);
    foreignBack.searchParams.set('back', 'https://evil.example/');
    expect((await open(foreignBack.toString())).statusCode).toBe(403);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('sig');
    expect((await open(unsigned.toString())).statusCode).toBe(400);
    h.clock.advance(3601 * 1000);
    const expired = await open(url.toString());
    expect(expired.statusCode).toBe(403);
    expect(expired.json().msg).toMatch(/expired/);
    h.clock.advance(-3601 * 1000);
  });

  it('a staff bundle has no invoice (409); a foreign backUrl is refused (400)', async () => {
    const staffBundle = await insertBundle(h, { accountId: shop.ukAccount, planId: shop.ukPlan, clicks: 100, start: nowOf(h), end: nowOf(h) + 86_400 });
    const res = await call(h, shop.owner, ShopCalls.bundleInvoice, { query: { bundleId: staffBundle } });
    expect(res.status).toBe(409);
    expect(msgOf(res)).toBe('This bundle was added by staff and has no invoice from the portal');
    const bundleId = await paidBundle(shop.ukAccount, shop.ukPlan, 1000);
    expect((await call(h, shop.owner, ShopCalls.bundleInvoice, { query: { bundleId, backUrl: 'https://evil.example/portal/x' } })).status).toBe(400);
  });
});

describe('billing history and access', () => {
  it('owners and authorised payment users read the history; others are refused', async () => {
    const history = await call(h, shop.owner, ShopCalls.listInvoices, { query: { accountId: shop.ukAccount } });
    expect(history.status).toBe(200);
    expect(okBody(history).length).toBeGreaterThanOrEqual(3);
    expect(okBody(history)[0]).toMatchObject({ invoiceNumber: expect.stringMatching(/^UK-/), territory: 'uk', bundleIds: [expect.any(Number)] });
    // Newest first.
    const issued = okBody(history).map((row: { invoiceId: number }) => row.invoiceId);
    expect(issued).toEqual([...issued].sort((a, b) => b - a));

    const member = await signedIn(h);
    await h.addToGroup(shop.ukAccount, member.id, 'member');
    const refused = await call(h, member, ShopCalls.listInvoices, { query: { accountId: shop.ukAccount } });
    expect([refused.status, refused.body]).toMatchObject([403, { msg: 'Only an owner or an authorised payment user of this account can do this' }]);
    expect((await call(h, member, ShopCalls.paymentDetails, { query: { accountId: shop.ukAccount } })).status).toBe(403);
    expect((await call(h, shop.owner, ShopCalls.addPaymentUser, { query: { accountId: shop.ukAccount, userId: member.id } })).status).toBe(200);
    expect((await call(h, member, ShopCalls.listInvoices, { query: { accountId: shop.ukAccount } })).status).toBe(200);
    const bundleId = okBody(history)[0].bundleIds[0];
    expect((await call(h, member, ShopCalls.bundleInvoice, { query: { bundleId } })).status).toBe(200);
    // Authorised to pay: they keep the card that pays renewals (see it, save or replace it) and the
    // account's groups say so; the cap, removing the card, who may pay and buying stay the owners'.
    expect((await call(h, member, ShopCalls.paymentDetails, { query: { accountId: shop.ukAccount } })).status).toBe(200);
    expect((await call(h, member, ShopCalls.generatePayment, { query: { accountId: shop.ukAccount } })).status).toBe(200);
    const seen = await call(h, member, Groups.getGroup, { query: { id: shop.ukAccount } });
    expect(seen.body).toMatchObject({ isOwner: false, isMember: true, isPayer: true });
    const account = { accountId: shop.ukAccount };
    expect((await call(h, member, ShopCalls.setMonthlyCap, { query: account, body: { monthlyCap: 100 } })).status).toBe(403);
    expect((await call(h, member, ShopCalls.deletePayment, { query: account })).status).toBe(403);
    expect((await call(h, member, ShopCalls.listPaymentUsers, { query: account })).status).toBe(403);
    expect((await checkout(h, member, shop.organisationId, checkoutBody([{ accountId: shop.ukAccount, planId: shop.ukPlan, quantity: 1000 }]))).status).toBe(403);

    const users = await call(h, shop.owner, ShopCalls.listPaymentUsers, { query: { accountId: shop.ukAccount } });
    expect(users.body).toEqual([
      expect.objectContaining({ userId: shop.owner.id, owner: true, authorised: false }),
      expect.objectContaining({ userId: member.id, owner: false, authorised: true }),
    ]);
    expect((await call(h, shop.owner, ShopCalls.removePaymentUser, { query: { accountId: shop.ukAccount, userId: member.id } })).status).toBe(200);
    expect((await call(h, member, ShopCalls.listInvoices, { query: { accountId: shop.ukAccount } })).status).toBe(403);
    expect((await call(h, shop.owner, ShopCalls.removePaymentUser, { query: { accountId: shop.ukAccount, userId: member.id } })).status).toBe(404);

    const stranger = await signedIn(h);
    expect((await call(h, shop.owner, ShopCalls.addPaymentUser, { query: { accountId: shop.ukAccount, userId: stranger.id } })).status).toBe(400);
    expect((await call(h, stranger, ShopCalls.listInvoices, { query: { accountId: shop.ukAccount } })).status).toBe(403);
    expect((await call(h, stranger, ShopCalls.bundleInvoice, { query: { bundleId } })).status).toBe(403);
  });

  it('payment details, cap, card page and removal are for owners only', async () => {
    const stranger = await signedIn(h);
    const staff = await signedIn(h, ['admin']);
    for (const caller of [stranger, staff]) {
      expect((await call(h, caller, ShopCalls.paymentDetails, { query: { accountId: shop.ukAccount } })).status).toBe(403);
      expect((await call(h, caller, ShopCalls.setMonthlyCap, { query: { accountId: shop.ukAccount }, body: { monthlyCap: 100 } })).status).toBe(403);
      expect((await call(h, caller, ShopCalls.generatePayment, { query: { accountId: shop.ukAccount } })).status).toBe(403);
      expect((await call(h, caller, ShopCalls.deletePayment, { query: { accountId: shop.ukAccount } })).status).toBe(403);
      expect((await call(h, caller, ShopCalls.listPaymentUsers, { query: { accountId: shop.ukAccount } })).status).toBe(403);
    }
    expect((await call(h, shop.owner, ShopCalls.paymentDetails, { query: { accountId: 999_999 } })).status).toBe(404);

    const details = await call(h, shop.owner, ShopCalls.paymentDetails, { query: { accountId: shop.ukAccount } });
    expect(details.body).toMatchObject({ card: { lastFour: '4242', billingEmail: 'ada.buyer@example.com' }, monthlyCap: null, renewalSpendThisMonth: 0, territory: 'uk' });
    const capped = await call(h, shop.owner, ShopCalls.setMonthlyCap, { query: { accountId: shop.ukAccount }, body: { monthlyCap: 50_000 } });
    expect(okBody(capped).monthlyCap).toBe(50_000);
    expect((await call(h, shop.owner, ShopCalls.setMonthlyCap, { query: { accountId: shop.ukAccount }, body: { monthlyCap: -1 } })).status).toBe(400);
    // A huge cap is refused for being too large, with the limit, not for its decimals.
    expect((await call(h, shop.owner, ShopCalls.setMonthlyCap, { query: { accountId: shop.ukAccount }, body: { monthlyCap: 1e15 } })).body).toEqual({
      statusCode: 400,
      msg: 'monthlyCap: The cap is too large: at most 1,000,000,000.00 (100,000,000,000 pence or cents)',
    });

    // A new card through the setup page: confirmed when the owner comes back to the details.
    const page = await call(h, shop.owner, ShopCalls.generatePayment, { query: { accountId: shop.ukAccount } });
    expect(page.status).toBe(200);
    const back = await h.inject({
      method: 'POST', url: new URL(okBody(page).checkoutUrl).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: '4000 0025 0000 3155', expiry: '11/38', cvc: '123', name: 'Ada' }).toString(),
    });
    const confirmed = await h.inject({ method: 'POST', url: `${back.headers.location}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=complete' });
    expect(confirmed.headers.location).toBe(`http://localhost/portal/administration/services?accountId=${shop.ukAccount}&billing=card-saved`);
    const after = await call(h, shop.owner, ShopCalls.paymentDetails, { query: { accountId: shop.ukAccount } });
    expect(okBody(after).card).toMatchObject({ lastFour: '3155', expiryMonth: 11, expiryYear: 2038 });

    expect((await call(h, shop.owner, ShopCalls.deletePayment, { query: { accountId: shop.ukAccount } })).status).toBe(200);
    const { rows } = await query<{ detached: boolean }>(h.db, "select detached from testgw_methods where last_four = '3155'");
    expect(rows[0].detached).toBe(true);
    expect(okBody(await call(h, shop.owner, ShopCalls.paymentDetails, { query: { accountId: shop.ukAccount } })).card).toBeNull();
    expect((await call(h, shop.owner, ShopCalls.deletePayment, { query: { accountId: shop.ukAccount } })).status).toBe(404);
  });

  it('charges are for staff (admin, super, sales), newest first, filtered', async () => {
    for (const role of ['admin', 'super', 'sales']) {
      const staff = await signedIn(h, [role]);
      const res = await call(h, staff, ShopCalls.listCharges, { query: {} });
      expect(res.status).toBe(200);
      expect(okBody(res).length).toBeGreaterThan(0);
    }
    const admin = await signedIn(h, ['admin']);
    const au = await call(h, admin, ShopCalls.listCharges, { query: { territory: 'australia', status: 'paid' } });
    expect(okBody(au).length).toBe(1);
    expect(okBody(au)[0]).toMatchObject({ territory: 'australia', status: 'paid', total: 3300, lines: [expect.objectContaining({ clicks: 1000 })] });
    const all = await call(h, admin, ShopCalls.listCharges, { query: {} });
    const ids = okBody(all).map((o: { orderId: number }) => o.orderId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await call(h, shop.owner, ShopCalls.listCharges, { query: {} })).status).toBe(403);
  });
});
