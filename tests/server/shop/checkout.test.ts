// The shop's checkout and fulfilment over the real app and the embedded test gateway: one order
// and one set of bundles however often and in whatever order the confirmation arrives; the declined
// card makes none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Plans from '../../../contract/plans/endpoints';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { call, okBody } from '../support/api';
import { createHarness, query, type Harness } from '../support/harness';
import { bundlesOf as countBundles, checkout, checkoutBody, invoicesOf as countInvoices, orderStatusOf, payOnPage, paidUrl, backUrl, sessionIdOf, settleSession, shopWorld, signedDelivery, succeededEvent, ukOrder, type Shop } from '../support/shop';
import { count } from '../support/rows';

let h: Harness;
let shop: Shop;

beforeAll(async () => {
  h = await createHarness();
  shop = await shopWorld(h);
});
afterAll(async () => {
  await h?.close();
});

const ukLine = (quantity = 5000) => ({ accountId: shop.ukAccount, planId: shop.ukPlan, quantity });

const newOrder = (quantity = 5000) => ukOrder(h, shop, quantity);
const bundlesOf = (orderId: number) => countBundles(h, orderId);
const invoicesOf = (orderId: number) => countInvoices(h, orderId);
const statusOf = (orderId: number) => orderStatusOf(h, orderId);

describe('POST /shop/checkout', () => {
  it('prices the order from the catalogue, adds VAT, and sends the browser to the gateway page', async () => {
    const { url, orderId } = await newOrder(5000);
    expect(url).toMatch(/^http:\/\/localhost\/gateway\/pay\/cs_test_/);
    const { rows } = await query<{ net: number; tax: number; total: number; status: string; currency: string; paid_url: string; back_url: string }>(
      h.db, 'select net, tax, total, status, currency, paid_url, back_url from orders where id = $1', [orderId]);
    expect(rows[0]).toMatchObject({ net: 15000, tax: 3000, total: 18000, status: 'pending', currency: 'GBP' });
    expect(rows[0].paid_url).toBe(`${paidUrl}?orderId=${orderId}`);
    expect(rows[0].back_url).toBe(`${backUrl}?orderId=${orderId}`);
    const session = await query<{ amount: number; offer_save: boolean; save_card: boolean }>(h.db, 'select amount, offer_save, save_card from testgw_sessions where id = $1', [sessionIdOf(url)]);
    // The page offers to keep the card; nothing is kept unless the customer ticks the box.
    expect(session.rows[0]).toMatchObject({ amount: 18000, offer_save: true, save_card: false });
  });

  it('answers the same order and page for the same idempotency key', async () => {
    const body = checkoutBody([ukLine()]);
    const first = await checkout(h, shop.owner, shop.organisationId, body, 'same-key-0001');
    const again = await checkout(h, shop.owner, shop.organisationId, body, 'same-key-0001');
    expect(again.body).toEqual(first.body);
    expect(await count(h, "select count(*) as n from orders where idempotency_key like '%same-key-0001'")).toBe(1);
  });

  it('pays with the success card: the return confirms it, bundles and invoice appear, clicks are spendable', async () => {
    const { url, orderId } = await newOrder(2000);
    const next = await payOnPage(h, url, 'success');
    expect(next).toBe(`${paidUrl}?orderId=${orderId}`);
    const order = await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ status: 'paid', total: 7200, invoiceNumber: expect.stringMatching(/^UK-\d{6}$/) });
    expect(okBody(order).lines[0].bundleId).toEqual(expect.any(Number));
    const bundle = await query<{ clicks: number; source: string; price: number }>(h.db, 'select clicks, source, price from bundles where order_id = $1', [orderId]);
    expect(bundle.rows).toEqual([{ clicks: 2000, source: 'shop', price: 6000 }]);
    // A receipt to the billing email.
    const mail = await h.mail.take('ada.buyer@example.com');
    expect(mail.subject).toMatch(/receipt UK-\d{6}/);
  });

  it('another user cannot read the order (404)', async () => {
    const { orderId } = await newOrder();
    const { signedIn } = await import('../support/calls');
    const other = await signedIn(h);
    expect((await call(h, other, ShopCalls.getOrder, { query: { orderId } })).status).toBe(404);
  });
});

describe('the saved card is the customer\'s choice', () => {
  const savedCard = async (accountId: number) =>
    (await query<{ method_ref: string }>(h.db, 'select method_ref from payment_methods where account_id = $1', [accountId])).rows[0]?.method_ref ?? null;
  const methodOf = async (url: string) =>
    (await query<{ method_ref: string }>(h.db, 'select method_ref from testgw_sessions where id = $1', [sessionIdOf(url)])).rows[0].method_ref;

  it('the payment page offers to keep the card with the box unticked', async () => {
    const { url } = await newOrder();
    const page = await h.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.body).toMatch(/<input type="checkbox" id="save" name="save" value="on" aria-describedby="save-hint">/);
    expect(page.body).toContain('Save this card for automatic renewals');
  });

  it('a purchase keeps its card only when the box is ticked, and never replaces a saved card otherwise', async () => {
    const world = await shopWorld(h);
    const buy = async (save: boolean) => {
      const res = await checkout(h, world.owner, world.organisationId, checkoutBody([{ accountId: world.ukAccount, planId: world.ukPlan, quantity: 1000 }]));
      const { url, orderId } = okBody(res);
      expect(await payOnPage(h, url, 'success', { save })).toBe(`${paidUrl}?orderId=${orderId}`);
      expect(okBody(await call(h, world.owner, ShopCalls.getOrder, { query: { orderId } })).status).toBe('paid');
      return methodOf(url);
    };
    // No card saved: a purchase with the box unticked saves none.
    await buy(false);
    expect(await savedCard(world.ukAccount)).toBeNull();
    // Ticked: that card is saved.
    const kept = await buy(true);
    expect(await savedCard(world.ukAccount)).toBe(kept);
    // The account renews automatically; another card used once, unticked, does not replace the saved one.
    await query(h.db, 'update subscriptions set renew_clicks = 1000 where account_id = $1', [world.ukAccount]);
    const once = await buy(false);
    expect(once).not.toBe(kept);
    expect(await savedCard(world.ukAccount)).toBe(kept);
    // Ticked again: the new card replaces it.
    const replacing = await buy(true);
    expect(await savedCard(world.ukAccount)).toBe(replacing);
  });
});

describe('a paid bundle', () => {
  it('is neither deleted nor re-priced by staff: its invoice still bills it', async () => {
    const { url, orderId } = await newOrder(2000);
    await payOnPage(h, url, 'success');
    const order = await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } });
    const { invoiceNumber } = order.body as { invoiceNumber: string };
    const { rows } = await query<{ id: number; price: number }>(h.db, 'select id, price from bundles where order_id = $1', [orderId]);
    const [bundle] = rows;
    const { signedIn } = await import('../support/calls');
    const sales = await signedIn(h, ['sales']);
    const deleted = await call(h, sales, Plans.deleteBundle, { query: { bundleId: bundle.id } });
    expect([deleted.status, deleted.body]).toEqual([409, { statusCode: 409, msg: `This bundle was paid for on invoice ${invoiceNumber}, so it cannot be deleted: end it instead (End bundle), with a reason and a credit note` }]);
    const repriced = await call(h, sales, Plans.updateBundle, { query: { bundleId: bundle.id }, body: { price: 1 } });
    expect([repriced.status, repriced.body]).toEqual([409, { statusCode: 409, msg: `This bundle was paid for on invoice ${invoiceNumber}: its price cannot change` }]);
    expect((await query(h.db, 'select id, price from bundles where order_id = $1', [orderId])).rows).toEqual(rows);
    // Its own price, its clicks and its dates may still be set.
    expect((await call(h, sales, Plans.updateBundle, { query: { bundleId: bundle.id }, body: { price: Number(bundle.price), clicks: 2500 } })).status).toBe(200);
  });
});

describe('confirmations', () => {
  it('the same signed webhook sent 100 times at once makes one paid order, one set of bundles, one invoice', async () => {
    const { orderId } = await newOrder();
    await settleSession(h, orderId);
    const delivery = await signedDelivery(h, await succeededEvent(h, orderId));
    const invoicesBefore = await count(h, "select count(*) as n from invoices where territory = 'uk'");
    const answers = await Promise.all(Array.from({ length: 100 }, () => h.inject(delivery)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    expect(answers.filter((a) => a.json<{ duplicate: boolean }>().duplicate === false)).toHaveLength(1);
    expect(await statusOf(orderId)).toBe('paid');
    expect(await bundlesOf(orderId)).toBe(1);
    expect(await invoicesOf(orderId)).toBe(1);
    expect(await count(h, "select count(*) as n from invoices where territory = 'uk'")).toBe(invoicesBefore + 1);
  });

  it('a confirmation before the browser returns, and the same one twice: one order', async () => {
    const { orderId } = await newOrder();
    await settleSession(h, orderId);
    const delivery = await signedDelivery(h, await succeededEvent(h, orderId));
    expect((await h.inject(delivery)).statusCode).toBe(200);
    expect((await h.inject(delivery)).json()).toEqual({ received: true, duplicate: true });
    const order = await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } });
    expect(okBody(order).status).toBe('paid');
    expect(await bundlesOf(orderId)).toBe(1);
    expect(await invoicesOf(orderId)).toBe(1);
  });

  it('the browser return first, then the webhook: one order', async () => {
    const { orderId } = await newOrder();
    await settleSession(h, orderId);
    expect(okBody(await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } })).status).toBe('paid');
    // A different event id (the duplicate delivery of a real gateway carries the same one; this is the worst case).
    const event = await succeededEvent(h, orderId);
    expect((await h.inject(await signedDelivery(h, { ...event, id: `${event.id}-late` }))).json()).toEqual({ received: true, duplicate: false });
    expect(await bundlesOf(orderId)).toBe(1);
    expect(await invoicesOf(orderId)).toBe(1);
  });

  it('the declined card: no bundles, order declined with the bank\'s words, back to the basket', async () => {
    const { url, orderId } = await newOrder();
    const next = await payOnPage(h, url, 'declined');
    expect(next).toBe(`${backUrl}?orderId=${orderId}&payment=declined`);
    const order = await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } });
    expect(order.body).toMatchObject({ status: 'declined', failure: 'Your card was declined.', invoiceNumber: null });
    expect(await bundlesOf(orderId)).toBe(0);
    expect(await invoicesOf(orderId)).toBe(0);
  });

  it('the extra-confirmation card pays once confirmed', async () => {
    const { url, orderId } = await newOrder();
    const next = await payOnPage(h, url, 'confirm');
    expect(next).toBe(new URL(url).pathname);
    const confirm = await h.inject({ method: 'POST', url: `${next}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=complete' });
    expect(confirm.headers.location).toBe(`${paidUrl}?orderId=${orderId}`);
    expect(okBody(await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } })).status).toBe('paid');
  });

  it('invoice numbers have no gaps under concurrent fulfilments', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => newOrder()));
    for (const { orderId } of orders) await settleSession(h, orderId);
    const deliveries = await Promise.all(orders.map(async ({ orderId }) => signedDelivery(h, await succeededEvent(h, orderId))));
    await Promise.all(deliveries.map((d) => h.inject(d)));
    const { rows } = await query<{ number: number }>(h.db, "select number from invoices where territory = 'uk' order by number");
    expect(rows.map((r) => r.number)).toEqual(rows.map((_r, i) => i + 1));
    const last = await query<{ last_number: number }>(h.db, "select last_number from invoice_numbers where territory = 'uk'");
    expect(last.rows[0].last_number).toBe(rows.length);
  });

  it('a setup.succeeded webhook stores the new card before the owner comes back', async () => {
    const page = await call(h, shop.owner, ShopCalls.generatePayment, { query: { accountId: shop.auAccount } });
    expect(page.status).toBe(200);
    const next = await payOnPage(h, okBody(page).checkoutUrl, 'success');
    expect(next).toContain('billing=card-saved');
    const ref = sessionIdOf(okBody(page).checkoutUrl);
    const { rows } = await query<{ method_ref: string }>(h.db, 'select method_ref from testgw_sessions where id = $1', [ref]);
    const card = { methodRef: rows[0].method_ref, brand: 'Visa', lastFour: '4242', expiryMonth: 12, expiryYear: 2039 };
    const event = { id: `evt_${ref}_setup_succeeded`, type: 'setup.succeeded' as const, mode: 'setup' as const, outcome: { status: 'succeeded' as const, ref, reference: String(shop.auAccount), card, amount: 0, currency: 'GBP' } };
    expect((await h.inject(await signedDelivery(h, event))).statusCode).toBe(200);
    const saved = await query<{ method_ref: string; billing_email: string }>(h.db, 'select method_ref, billing_email from payment_methods where account_id = $1', [shop.auAccount]);
    expect(saved.rows).toEqual([{ method_ref: card.methodRef, billing_email: shop.owner.email }]);
    const setup = await query<{ status: string }>(h.db, 'select status from payment_setups where ref = $1', [ref]);
    expect(setup.rows[0].status).toBe('succeeded');
  });
});
