// The test gateway as the shop calls it (server/payments/testGateway.ts): hosted pages made once per
// idempotency key, retrieve, saved-card charges made once per key, detached and declined cards, and
// webhook verification (valid, forged, tampered, replayed, missing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import { signWebhook, signatureHeader } from '../../../server/payments/signing';
import { cardRemoved, type TestGateway } from '../../../server/payments/testGateway';
import { createHarness, query, type Harness } from '../support/harness';
import { cardFields, gatewayOf, paymentInput, pathOf, postForm } from './payments-fixtures';
import { webhookSecretOf } from '../support/shop';

let h: Harness;
let gateway: TestGateway;

beforeAll(async () => {
  h = await createHarness();
  gateway = gatewayOf(h);
});
afterAll(() => h?.close());

/** The AppError a call throws (synchronously or not). */
async function failure(run: () => unknown): Promise<{ statusCode: number; message: string }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('did not throw');
}

/** A card saved through a setup page paid with `kind`. */
async function savedCard(customerRef: string) {
  const page = await gateway.createSetupPage({ ...paymentInput(), customer: { ref: customerRef, email: 'a@example.com', name: 'A' } });
  const paid = await postForm(h, pathOf(page.url), cardFields('success'));
  expect(paid.statusCode).toBe(303);
  const outcome = await gateway.retrieve(page.ref);
  if (outcome.status !== 'succeeded' || !outcome.card) throw new Error(`not saved: ${JSON.stringify(outcome)}`);
  return outcome.card;
}

describe('hosted pages', () => {
  it('are made once per idempotency key, on the origin of the success URL', async () => {
    const input = paymentInput();
    const first = await gateway.createPaymentPage(input);
    const again = await gateway.createPaymentPage(input);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => gateway.createPaymentPage(input)));
    expect(again).toEqual(first);
    for (const page of concurrent) expect(page).toEqual(first);
    expect(first.url).toBe(`http://localhost/gateway/pay/${first.ref}`);
    expect(first.ref).toMatch(/^cs_test_[0-9a-f]{24}$/);
    const { rows } = await query(h.db, 'select count(*)::int as n from testgw_sessions where idempotency_key = $1', [input.idempotencyKey]);
    expect(rows[0]).toEqual({ n: 1 });

    const other = await gateway.createPaymentPage(paymentInput());
    expect(other.ref).not.toBe(first.ref);
    expect(await gateway.retrieve(first.ref)).toEqual({ status: 'open', ref: first.ref, reference: 'order-1' });
  });

  it('retrieve refuses a reference it never made', async () => {
    expect(await failure(() => gateway.retrieve('cs_test_nothing'))).toEqual({ statusCode: 404, message: 'No such payment at the gateway' });
  });

  it('a setup page saves the card and gives it back (never the number)', async () => {
    const card = await savedCard('customer-setup');
    expect(card).toEqual({ methodRef: expect.stringMatching(/^pm_test_/), brand: 'Visa', lastFour: '4242', expiryMonth: 12, expiryYear: 2034 });
  });
});

describe('charging a saved card', () => {
  const charge = (methodRef: string, idempotencyKey: string, customerRef = 'customer-charge') =>
    gateway.chargeSavedCard({ idempotencyKey, customerRef, methodRef, amount: 1200, currency: 'GBP', description: 'Renewal', reference: 'order-9' });

  it('charges once per key, however often and however concurrently it is asked', async () => {
    const card = await savedCard('customer-charge');
    const first = await charge(card.methodRef, 'renewal:1:2030-01:1');
    expect(first).toEqual({ status: 'succeeded', ref: expect.stringMatching(/^ch_test_/), reference: 'order-9', amount: 1200, currency: 'GBP', card });
    const again = await Promise.all(Array.from({ length: 5 }, () => charge(card.methodRef, 'renewal:1:2030-01:1')));
    for (const outcome of again) expect(outcome).toEqual(first);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => charge(card.methodRef, 'renewal:1:2030-01:2')));
    expect(new Set(concurrent.map((o) => o.ref)).size).toBe(1);
    const { rows } = await query(h.db, "select count(*)::int as n from testgw_charges where idempotency_key like 'renewal:1:2030-01:%'");
    expect(rows[0]).toEqual({ n: 2 });
    expect(await gateway.retrieve(first.ref)).toEqual(first);
  });

  it('declines a declined card, a removed card, and a card of another customer', async () => {
    await query(h.db,
      `insert into testgw_methods (id, customer_ref, card_kind, brand, last_four, expiry_month, expiry_year, created_at)
       values ('pm_test_declined', 'customer-charge', 'declined', 'Visa', '0002', 12, 2034, 0)`);
    expect(await charge('pm_test_declined', 'declined-card-key')).toMatchObject({ status: 'declined', failure: 'Your card was declined.' });

    const card = await savedCard('customer-charge');
    expect(await charge(card.methodRef, 'someone-else-key', 'customer-other')).toMatchObject({ status: 'declined', failure: cardRemoved });
    await gateway.detachCard('customer-charge', card.methodRef);
    expect(await charge(card.methodRef, 'detached-card-key')).toMatchObject({ status: 'declined', failure: 'This card was removed' });
    expect(await charge('pm_test_never', 'unknown-card-key')).toMatchObject({ status: 'declined', failure: cardRemoved });
  });
});

describe('webhook verification', () => {
  const now = () => Math.floor(h.clock() / 1000);
  const event = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', mode: 'payment', outcome: { status: 'succeeded', ref: 'cs_test_1', reference: 'order-1', card: null, amount: 1234, currency: 'GBP' } });
  let secret: string;
  beforeAll(async () => {
    secret = await webhookSecretOf(h);
  });

  it('accepts a body signed with the shared secret and returns the event', async () => {
    expect(await gateway.verifyWebhook(event, { [signatureHeader]: signWebhook(secret, event, now()) })).toEqual(JSON.parse(event));
  });

  it('refuses a forged, tampered, replayed or unsigned delivery with a 400', async () => {
    const forged = signWebhook('not-the-secret', event, now());
    expect(await failure(() => gateway.verifyWebhook(event, { [signatureHeader]: forged }))).toEqual({ statusCode: 400, message: 'Invalid webhook signature' });
    const tampered = event.replace('order-1', 'order-2');
    expect(await failure(() => gateway.verifyWebhook(tampered, { [signatureHeader]: signWebhook(secret, event, now()) }))).toEqual({ statusCode: 400, message: 'Invalid webhook signature' });
    const stale = signWebhook(secret, event, now() - 301);
    expect(await failure(() => gateway.verifyWebhook(event, { [signatureHeader]: stale }))).toEqual({ statusCode: 400, message: 'Webhook timestamp is too old' });
    expect(await failure(() => gateway.verifyWebhook(event, {}))).toEqual({ statusCode: 400, message: 'Missing webhook signature' });
    expect(await failure(() => gateway.verifyWebhook(event, { [signatureHeader]: 't=1,v1=zz' }))).toEqual({ statusCode: 400, message: 'Invalid webhook signature' });
  });

  it('refuses a signed body that is not an event', async () => {
    for (const body of ['not json', '{"id":"evt_1","type":"payment.refunded","mode":"payment","outcome":{}}']) {
      expect(await failure(() => gateway.verifyWebhook(body, { [signatureHeader]: signWebhook(secret, body, now()) }))).toMatchObject({ statusCode: 400 });
    }
  });
});
