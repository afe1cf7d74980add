// Shared by the shop, bureau and plans tests: an organisation with UK and Australian accounts and an owner,
// plans of both territories, a checkout through the real API, the embedded test gateway's pages
// driven with app.inject, signed webhooks, and a dump of every table a checkout can change.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { BodyOf } from '../../../contract/endpoint';
import { idempotencyKeyHeader, testCards } from '../../../contract/shared/shop';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { call, okBody } from './api';
import { signatureHeader, signWebhook, webhookSecretKey } from '../../../server/payments/signing';
import type { GatewayEvent } from '../../../server/payments/gateway';
import { sendRaw, signedIn, type Caller } from './calls';
import { query, type Harness } from './harness';
import { count } from './rows';
import { insertDataset, insertPlan, nowOf, plans } from './catalogue';
import { secretOf } from '../../../server/platform/secrets';

/** The secret the app signs and checks webhooks with (the installation's own, unless configured). */
export const webhookSecretOf = (h: Harness) => secretOf(h.db, webhookSecretKey, h.config.payments.webhookSecret)();

export const portal = 'http://localhost';
export const paidUrl = `${portal}/portal/shop/thankyou`;
export const backUrl = `${portal}/portal/shop/basket`;

export type Shop = Awaited<ReturnType<typeof shopWorld>>;

/** An organisation with one UK and one Australian account owned by `owner`, and a plan of each territory. */
export async function shopWorld(h: Harness) {
  const owner = await signedIn(h, ['account']);
  const organisationId = await h.createGroup({ name: `Org ${randomUUID().slice(0, 6)}`, type: 'organisation' });
  const ukAccount = await h.createGroup({ name: 'Acme UK', type: 'account', parentId: organisationId, territory: 'uk' });
  const auAccount = await h.createGroup({ name: 'Acme AU', type: 'account', parentId: organisationId, territory: 'australia' });
  await h.addToGroup(organisationId, owner.id, 'owner');
  const ukDataset = await insertDataset(h, { service: 'addresslookup' });
  const auDataset = await insertDataset(h, { service: 'email' });
  const ukPlan = await insertPlan(h, { datasetId: ukDataset, territory: 'uk', duration: 12 });
  const auPlan = await insertPlan(h, { datasetId: auDataset, territory: 'australia', duration: 6 });
  return { owner, organisationId, ukAccount, auAccount, ukPlan, auPlan };
}

type CheckoutBody = BodyOf<typeof ShopCalls.checkout>;

/** A checkout's body: billing details and return pages that pass, with `basket`. */
export function checkoutBody(basket: CheckoutBody['basket'], overrides: Partial<CheckoutBody> = {}): CheckoutBody {
  return {
    name: 'Ada Buyer',
    company: 'Acme <Ltd>',
    email: 'ada.buyer@example.com',
    address1: '1 High Street',
    town: 'London',
    postcode: 'EC1A 1AA',
    country: 'United Kingdom',
    backUrl,
    paidUrl,
    basket,
    ...overrides,
  };
}

/** POST /shop/checkout as `caller` with a fresh (or given) idempotency key. */
export async function checkout(h: Harness, caller: Caller, organisationId: number, body: CheckoutBody, key: string = randomUUID()) {
  return call(h, caller, ShopCalls.checkout, { query: { organisationId }, body, headers: { [idempotencyKeyHeader]: key } });
}

/** The same, raw: for the tests that send a body the contract refuses (tampered or extra fields, bad quantities). */
export async function checkoutRaw(h: Harness, caller: Caller, organisationId: number, body: unknown, key: string = randomUUID()) {
  return sendRaw(h, caller, { ...plans('POST', '/shop/checkout', { organisationId }, body), headers: { [idempotencyKeyHeader]: key } });
}

/** A checkout of `quantity` clicks of the UK plan on the world's UK account: its gateway page and order. */
export async function ukOrder(h: Harness, shop: Shop, quantity = 5000) {
  const res = await checkout(h, shop.owner, shop.organisationId, checkoutBody([{ accountId: shop.ukAccount, planId: shop.ukPlan, quantity }]));
  return okBody(res);
}

/** What an order came to: its status, and how many bundles and invoices it made. */
export const orderStatusOf = async (h: Harness, orderId: number) => (await query<{ status: string }>(h.db, 'select status from orders where id = $1', [orderId])).rows[0].status;
export const bundlesOf = (h: Harness, orderId: number) => count(h, 'select count(*) as n from bundles where order_id = $1', [orderId]);
export const invoicesOf = (h: Harness, orderId: number) => count(h, 'select count(*) as n from invoices where order_id = $1', [orderId]);

/** The gateway session id of a hosted page URL. */
export const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/** Submits a test card on the hosted page (ticking the box that keeps it when `save`); returns where the gateway sends the browser. */
export async function payOnPage(h: Harness, url: string, card: keyof typeof testCards = 'success', options: { save?: boolean } = {}): Promise<string> {
  const response = await h.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number: testCards[card].number, expiry: '12/39', cvc: '123', name: 'Ada Buyer', ...(options.save ? { save: 'on' } : {}) }).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  return String(response.headers.location);
}

/** A webhook delivery signed with the app's secret (or `secret`), `ageSeconds` old. */
export async function signedDelivery(h: Harness, event: GatewayEvent, options: { ageSeconds?: number; secret?: string } = {}) {
  const body = JSON.stringify(event);
  const timestamp = nowOf(h) - (options.ageSeconds ?? 0);
  return {
    method: 'POST' as const,
    url: '/api/plans/payment/webhook',
    headers: { 'content-type': 'application/json', [signatureHeader]: signWebhook(options.secret ?? (await webhookSecretOf(h)), body, timestamp) },
    payload: body,
  };
}

/** What the order asks the gateway to take. */
async function paidOf(h: Harness, orderId: number) {
  const { rows } = await query<{ total: string; currency: string }>(h.db, 'select total, currency from orders where id = $1', [orderId]);
  return { amount: Number(rows[0].total), currency: rows[0].currency };
}

/** The event the gateway sends when the order's page succeeds. */
export async function succeededEvent(h: Harness, orderId: number): Promise<GatewayEvent> {
  const { rows } = await query<{ gateway_ref: string }>(h.db, 'select gateway_ref from orders where id = $1', [orderId]);
  const ref = rows[0].gateway_ref;
  return { id: `evt_${ref}_payment_succeeded`, type: 'payment.succeeded', mode: 'payment', outcome: { status: 'succeeded', ref, reference: String(orderId), card: null, ...(await paidOf(h, orderId)) } };
}

/** Marks the order's gateway session as paid, as the card page would (no webhook job is queued). */
export async function settleSession(h: Harness, orderId: number, status: 'succeeded' | 'declined' = 'succeeded') {
  await query(h.db,
    `update testgw_sessions set status = $2, failure = case when $2 = 'declined' then 'Your card was declined.' else null end
     where id = (select gateway_ref from orders where id = $1)`, [orderId, status]);
}

/** Everything a checkout, payment or renewal can write. */
export async function dumpShopState(h: Harness) {
  const q = async (sql: string) => (await query(h.db, sql)).rows;
  return {
    orders: await q('select * from orders order by id'),
    lines: await q('select * from order_lines order by order_id, line_no'),
    bundles: await q('select * from bundles order by id'),
    invoices: await q('select * from invoices order by id'),
    invoiceNumbers: await q('select * from invoice_numbers order by territory'),
    sessions: await q('select id, status from testgw_sessions order by id'),
    charges: await q('select id from testgw_charges order by id'),
    cards: await q('select * from payment_methods order by account_id'),
  };
}
