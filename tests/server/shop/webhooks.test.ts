// The whole round trip with the server listening: the test gateway's real webhook jobs POST signed
// events to /api/plans/payment/webhook over HTTP (each success twice). The webhook-only card returns
// the browser while the payment is still processing; the confirmation arrives later and, with its
// duplicate, makes one paid order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { jobsSchemaOf } from '../../../server/jobs/handle';
import { call, okBody } from '../support/api';
import { createHarness, type Harness } from '../support/harness';
import { checkout, checkoutBody, paidUrl, payOnPage, shopWorld, type Shop } from '../support/shop';
import { count } from '../support/rows';

let h: Harness;
let shop: Shop;

beforeAll(async () => {
  h = await createHarness();
  shop = await shopWorld(h);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
});

async function until(check: () => Promise<boolean>, timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('webhooks over HTTP', () => {
  it('the webhook-only card: processing on return, paid once when the (duplicated) confirmation arrives', async () => {
    const res = await checkout(h, shop.owner, shop.organisationId, checkoutBody([{ accountId: shop.ukAccount, planId: shop.ukPlan, quantity: 3000 }]));
    const { url, orderId } = okBody(res);
    expect(await payOnPage(h, url, 'webhookOnly')).toBe(`${paidUrl}?orderId=${orderId}`);
    const onReturn = await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } });
    expect(okBody(onReturn).status).toBe('pending');
    // The confirmation and its duplicate (same event id) both delivered and answered 2xx.
    const boss = await jobsSchemaOf(h.db);
    await until(async () => (await count(h, `select count(*) as n from ${boss}.job where name = 'gateway-webhooks' and state = 'completed'`)) >= 2, 30_000);
    const order = await call(h, shop.owner, ShopCalls.getOrder, { query: { orderId } });
    expect(okBody(order).status).toBe('paid');
    expect(await count(h, 'select count(*) as n from bundles where order_id = $1', [orderId])).toBe(1);
    expect(await count(h, 'select count(*) as n from invoices where order_id = $1', [orderId])).toBe(1);
    // The duplicate delivery carried the same id and was acknowledged without a second effect.
    expect(await count(h, 'select count(*) as n from payment_events')).toBe(1);
  }, 45_000);
});
