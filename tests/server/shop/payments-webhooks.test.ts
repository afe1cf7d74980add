// The test gateway's webhooks as the portal receives them: POSTed over HTTP by the pg-boss job,
// signed, retried after a failed answer, success events delivered twice, and the webhook-only card
// settled and announced a few seconds after the browser returned. A small HTTP server stands for
// the portal's webhook route (PAYMENT_WEBHOOK_URL), so these tests need nothing of the orders module.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayEvent } from '../../../server/payments/gateway';
import { signatureHeader } from '../../../server/payments/signing';
import type { TestGateway } from '../../../server/payments/testGateway';
import { createHarness, type Harness } from '../support/harness';
import { cardFields, gatewayOf, paymentInput, pathOf, postForm, startReceiver, type Delivery } from './payments-fixtures';

let h: Harness;
let gateway: TestGateway;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  h = await createHarness({ env: { PAYMENT_WEBHOOK_URL: receiver.url } });
  gateway = gatewayOf(h);
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

/** The verified event of a delivery (the app's own verification, so the signature is checked too). */
const eventOf = (delivery: Delivery): Promise<GatewayEvent> => {
  const signature = delivery.headers[signatureHeader];
  return gateway.verifyWebhook(delivery.body, { [signatureHeader]: signature });
};
const about = (ref: string) => (delivery: Delivery) => delivery.body.includes(ref);

async function pay(kind: Parameters<typeof cardFields>[0]) {
  const page = await gateway.createPaymentPage(paymentInput({ reference: `order-${kind}` }));
  const paid = await postForm(h, pathOf(page.url), cardFields(kind));
  expect(paid.statusCode).toBe(303);
  return page.ref;
}

describe('webhook delivery', () => {
  it('delivers a success event signed, as JSON, and a second time a few seconds later', async () => {
    const ref = await pay('success');
    const deliveries = await receiver.waitFor(about(ref), 2);
    const [first, second] = deliveries;
    expect(first.headers['content-type']).toBe('application/json');
    const event = await eventOf(first);
    expect(event).toEqual({
      id: `evt_${ref}_payment_succeeded`, type: 'payment.succeeded', mode: 'payment',
      outcome: { status: 'succeeded', ref, reference: 'order-success', card: null, amount: 1234, currency: 'GBP' },
    });
    // The duplicate is the same event (same id), so the portal can tell it is one.
    expect(await eventOf(second)).toEqual(event);
  }, 30_000);

  it('retries a delivery the receiver answered with a 500', async () => {
    let refused = 0;
    receiver.answerWith((body) => (body.includes('payment.declined') && refused++ === 0 ? 500 : 200));
    try {
      const ref = await pay('declined');
      const deliveries = await receiver.waitFor(about(ref), 2);
      expect(deliveries.map((d) => d.status)).toEqual([500, 200]);
      expect(await eventOf(deliveries[1])).toMatchObject({ type: 'payment.declined', outcome: { status: 'declined', ref, failure: 'Your card was declined.' } });
    } finally {
      receiver.answerWith(() => 200);
    }
  }, 30_000);

  it('announces a payment page the customer cancelled', async () => {
    const page = await gateway.createPaymentPage(paymentInput({ reference: 'order-cancelled' }));
    const cancelled = await h.inject({ method: 'POST', url: `${pathOf(page.url)}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    const [delivery] = await receiver.waitFor(about(page.ref), 1);
    expect(await eventOf(delivery)).toMatchObject({ type: 'payment.cancelled', mode: 'payment', outcome: { status: 'cancelled', ref: page.ref, reference: 'order-cancelled' } });
  }, 30_000);

  it('settles the webhook-only card a few seconds after the browser returned, then announces it', async () => {
    const started = Date.now();
    const ref = await pay('webhookOnly');
    expect(await gateway.retrieve(ref)).toMatchObject({ status: 'processing' });
    const [first] = await receiver.waitFor(about(ref), 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    expect(await eventOf(first)).toMatchObject({ type: 'payment.succeeded', outcome: { status: 'succeeded', ref } });
    expect(await gateway.retrieve(ref)).toMatchObject({ status: 'succeeded' });
  }, 30_000);

  it('announces a saved-card charge, and a saved card as setup.succeeded', async () => {
    const page = await gateway.createSetupPage(paymentInput({ reference: 'account-7', customer: { ref: 'customer-7', email: 'a@example.com', name: 'A' } }));
    await postForm(h, pathOf(page.url), cardFields('success'));
    const [saved] = await receiver.waitFor(about(page.ref), 1);
    const event = await eventOf(saved);
    expect(event).toMatchObject({ type: 'setup.succeeded', mode: 'setup', outcome: { status: 'succeeded', reference: 'account-7', card: { lastFour: '4242' } } });
    if (event.outcome.status !== 'succeeded' || !event.outcome.card) throw new Error('no card');

    const charged = await gateway.chargeSavedCard({
      idempotencyKey: 'renewal:7:2030-01:1', customerRef: 'customer-7', methodRef: event.outcome.card.methodRef,
      amount: 600, currency: 'GBP', description: 'Renewal', reference: 'order-77',
    });
    const [announced] = await receiver.waitFor(about(charged.ref), 1);
    expect(await eventOf(announced)).toMatchObject({ type: 'payment.succeeded', outcome: { status: 'succeeded', ref: charged.ref, reference: 'order-77' } });
  }, 30_000);
});
