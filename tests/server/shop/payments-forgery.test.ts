// What a webhook can make the portal do: nothing with a secret from the source, and never more than
// the gateway itself confirms when asked (status, order, amount and currency), however it is signed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { buildApp, depsOf } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { GatewayEvent } from '../../../server/payments/gateway';
import { createMailer } from '../../../server/platform/mail';
import { call, okBody } from '../support/api';
import { createHarness, query, type Harness } from '../support/harness';
import { webhookSecretOf, bundlesOf as countBundles, invoicesOf as countInvoices, orderStatusOf, payOnPage, sessionIdOf, settleSession, shopWorld, signedDelivery, succeededEvent, ukOrder, type Shop } from '../support/shop';

let h: Harness;
let shop: Shop;

beforeAll(async () => {
  h = await createHarness();
  shop = await shopWorld(h);
});
afterAll(async () => {
  await h?.close();
});

const newOrder = () => ukOrder(h, shop);
const statusOf = (orderId: number) => orderStatusOf(h, orderId);
const bundlesOf = (orderId: number) => countBundles(h, orderId);
const invoicesOf = (orderId: number) => countInvoices(h, orderId);
const declinedEvent = (event: GatewayEvent): GatewayEvent => ({
  id: event.id.replace('succeeded', 'declined'), type: 'payment.declined', mode: 'payment',
  outcome: { status: 'declined', ref: event.outcome.ref, reference: event.outcome.reference, failure: 'Your card was declined.' },
});

describe('the webhook secret', () => {
  it('has no value in the source: unset, each installation makes its own, shared by every process on its database', async () => {
    expect(loadConfig({}).payments.webhookSecret).toBeNull();
    expect(loadConfig({ JWT_SECRET: 'one' }).payments.webhookSecret).toBeNull();
    expect(loadConfig({ PAYMENT_WEBHOOK_SECRET: 'whsec_given' }).payments.webhookSecret).toBe('whsec_given');

    const secret = await webhookSecretOf(h);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await query<{ value: string }>(h.db, "select value from settings where key = 'payment_webhook_secret'");
    expect(rows).toEqual([{ value: secret }]);
    // Not the session secret: a leaked webhook secret signs no sessions.
    const jwt = await query<{ value: string }>(h.db, "select value from settings where key = 'jwt_secret'");
    expect(jwt.rows[0]?.value).not.toBe(secret);

    // Another process over the same database signs with the same secret, so its gateway's webhooks are accepted here.
    const mailer = createMailer({ db: h.db });
    const other = buildApp({ db: h.db, mailer, config: h.config, clock: h.clock });
    try {
      const event = await succeededEvent(h, (await newOrder()).orderId);
      const delivery = await signedDelivery(h, event);
      await expect(depsOf(other).gateway.verifyWebhook(delivery.payload, delivery.headers)).resolves.toEqual(event);
    } finally {
      await other.close();
      await mailer.close();
    }

    // Another installation (a database of its own) has another secret.
    const elsewhere = await createHarness();
    try {
      expect(await webhookSecretOf(elsewhere)).not.toBe(secret);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses a webhook signed with the secret the source used to default to', async () => {
    const { orderId } = await newOrder();
    await settleSession(h, orderId);
    const delivery = await signedDelivery(h, await succeededEvent(h, orderId), { secret: 'dev-payment-webhook-secret' });
    const res = await h.inject(delivery);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Invalid webhook signature');
    expect(await statusOf(orderId)).toBe('pending');
    expect(await bundlesOf(orderId)).toBe(0);
  });
});

describe('a genuinely signed event says no more than the gateway confirms', () => {
  it('a success event for a payment still open at the gateway pays nothing', async () => {
    const { orderId } = await newOrder();
    const res = await h.inject(await signedDelivery(h, await succeededEvent(h, orderId)));
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(orderId)).toBe('pending');
    expect(await bundlesOf(orderId)).toBe(0);
    expect(await invoicesOf(orderId)).toBe(0);
  });

  it('a decline event for a payment the gateway has not declined leaves it to succeed', async () => {
    const { url, orderId } = await newOrder();
    const event = await succeededEvent(h, orderId);
    expect((await h.inject(await signedDelivery(h, declinedEvent(event)))).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('pending');
    await payOnPage(h, url, 'success');
    expect(okBody(await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } })).status).toBe('paid');
    expect(await bundlesOf(orderId)).toBe(1);
  });

  it('an order already decided is not flipped by a later event', async () => {
    const { url, orderId } = await newOrder();
    await payOnPage(h, url, 'declined');
    expect(okBody(await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } })).status).toBe('declined');
    const event = await succeededEvent(h, orderId);
    await h.inject(await signedDelivery(h, { ...event, id: `${event.id}-forged` }));
    expect(await statusOf(orderId)).toBe('declined');
    expect(await bundlesOf(orderId)).toBe(0);

    const paid = await newOrder();
    await settleSession(h, paid.orderId);
    const success = await succeededEvent(h, paid.orderId);
    expect((await h.inject(await signedDelivery(h, success))).statusCode).toBe(200);
    expect(await statusOf(paid.orderId)).toBe('paid');
    await h.inject(await signedDelivery(h, declinedEvent(success)));
    expect(await statusOf(paid.orderId)).toBe('paid');
    expect(await bundlesOf(paid.orderId)).toBe(1);
  });

  it('a cancelled payment ends its order by the gateway\'s event, before anyone opens the order', async () => {
    const { url, orderId } = await newOrder();
    await h.inject({ method: 'POST', url: `${new URL(url).pathname}/cancel` });
    const ref = sessionIdOf(url);
    const event: GatewayEvent = { id: `evt_${ref}_payment_cancelled`, type: 'payment.cancelled', mode: 'payment', outcome: { status: 'cancelled', ref, reference: String(orderId) } };
    expect((await h.inject(await signedDelivery(h, event))).json()).toEqual({ received: true, duplicate: false });
    expect(await statusOf(orderId)).toBe('cancelled');
  });

  it('a payment of another amount or currency than the order fulfils nothing, by webhook or by the browser', async () => {
    for (const change of ['amount = amount - 1', "currency = 'AUD'"]) {
      const { url, orderId } = await newOrder();
      await query(h.db, `update testgw_sessions set ${change} where id = $1`, [sessionIdOf(url)]);
      await settleSession(h, orderId);
      expect((await h.inject(await signedDelivery(h, await succeededEvent(h, orderId)))).statusCode).toBe(200);
      expect(okBody(await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } })).status).toBe('pending');
      expect(await bundlesOf(orderId)).toBe(0);
      expect(await invoicesOf(orderId)).toBe(0);
    }
  });
});
