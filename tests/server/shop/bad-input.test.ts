// Bad input to the shop: every refused checkout and webhook is a clear 4xx that writes no order and
// asks the gateway for no page (the whole shop state is compared before and after).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeyHeader } from '../../../contract/shared/shop';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { call, msgOf, okBody } from '../support/api';
import { signedIn } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertDataset, insertPlan, nowOf } from '../support/catalogue';
import { checkout, checkoutBody, checkoutRaw, dumpShopState, settleSession, shopWorld, signedDelivery, succeededEvent, type Shop } from '../support/shop';

let h: Harness;
let shop: Shop;

beforeAll(async () => {
  h = await createHarness();
  shop = await shopWorld(h);
});
afterAll(async () => {
  await h?.close();
});

const ukLine = (overrides: Record<string, unknown> = {}) => ({ accountId: shop.ukAccount, planId: shop.ukPlan, quantity: 5000, ...overrides });

async function refused(body: unknown, status: number, msg: string | RegExp, options: { organisationId?: number; caller?: Awaited<ReturnType<typeof signedIn>> } = {}) {
  const before = await dumpShopState(h);
  const res = await checkoutRaw(h, options.caller ?? shop.owner, options.organisationId ?? shop.organisationId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.msg).toMatch(msg);
  expect(await dumpShopState(h)).toEqual(before);
}

describe('checkout refuses', () => {
  it('a tampered price field', async () => {
    await refused(checkoutBody([ukLine({ price: 1 })]), 400, /price|Unrecognized/i);
    await refused({ ...checkoutBody([ukLine()]), total: 1 }, 400, /total|Unrecognized/i);
  });

  it('extra fields', async () => {
    await refused({ ...checkoutBody([ukLine()]), discount: 50 }, 400, /discount|Unrecognized/i);
  });

  it('an empty basket', async () => {
    await refused(checkoutBody([]), 400, 'No items in basket');
  });

  it('zero, negative and fractional quantities', async () => {
    await refused(checkoutBody([ukLine({ quantity: 0 })]), 400, /at least 1 click/);
    await refused(checkoutBody([ukLine({ quantity: -5 })]), 400, /at least 1 click/);
    await refused(checkoutBody([ukLine({ quantity: 1500.5 })]), 400, /whole number/);
  });

  it('a quantity the plan does not sell', async () => {
    await refused(checkoutBody([ukLine({ quantity: 10 })]), 400, /.+/);
  });

  it('an unknown plan', async () => {
    await refused(checkoutBody([ukLine({ planId: 999_999 })]), 404, 'Plan not found');
  });

  it('a plan of the other territory', async () => {
    await refused(checkoutBody([ukLine({ planId: shop.auPlan })]), 400, /is a plan for Australia/);
  });

  it('a plan outside its availability window, and one not yet on sale', async () => {
    const datasetId = await insertDataset(h);
    const ended = await insertPlan(h, { datasetId, availableStart: nowOf(h) - 60 * day, availableEnd: nowOf(h) - day });
    const future = await insertPlan(h, { datasetId, availableStart: nowOf(h) + day });
    await refused(checkoutBody([ukLine({ planId: ended })]), 400, /not on sale/);
    await refused(checkoutBody([ukLine({ planId: future })]), 400, /not on sale/);
  });

  it('a deprecated plan', async () => {
    const datasetId = await insertDataset(h);
    const newer = await insertPlan(h, { datasetId });
    const old = await insertPlan(h, { datasetId, deprecatedBy: newer });
    await refused(checkoutBody([ukLine({ planId: old })]), 400, /replaced by a newer plan/);
  });

  it('an account the user does not own, and one not under the organisation', async () => {
    const stranger = await signedIn(h);
    await refused(checkoutBody([ukLine()]), 403, /access/, { caller: stranger });
    const member = await signedIn(h);
    await h.addToGroup(shop.ukAccount, member.id, 'member');
    await refused(checkoutBody([ukLine()]), 403, /owner/i, { caller: member });
    const otherOrg = await h.createGroup({ name: 'Other org', type: 'organisation' });
    const otherAccount = await h.createGroup({ name: 'Other account', type: 'account', parentId: otherOrg });
    await h.addToGroup(otherOrg, shop.owner.id, 'owner');
    await refused(checkoutBody([ukLine({ accountId: otherAccount })]), 400, /is not an account of/);
  });

  it('an account under a referrer partner', async () => {
    const partner = await h.createGroup({ name: 'Referrer', type: 'partner', subtype: 'referrer' });
    const organisationId = await h.createGroup({ name: 'Referred org', type: 'organisation', parentId: partner });
    const accountId = await h.createGroup({ name: 'Referred account', type: 'account', parentId: organisationId });
    await h.addToGroup(accountId, shop.owner.id, 'owner');
    await refused(checkoutBody([ukLine({ accountId })]), 403, /referrer partner/, { organisationId });
  });

  it('staff buying for a customer', async () => {
    const staff = await signedIn(h, ['admin']);
    await refused(checkoutBody([ukLine()]), 403, /.+/, { caller: staff });
  });

  it('foreign and non-portal return URLs', async () => {
    await refused(checkoutBody([ukLine()], { paidUrl: 'https://evil.example/portal/shop/thankyou' }), 400, /page of this portal/);
    await refused(checkoutBody([ukLine()], { backUrl: 'http://localhost/api/users/logout' }), 400, /page of this portal/);
    await refused(checkoutBody([ukLine()], { backUrl: 'javascript:alert(1)' }), 400, /.+/);
  });

  it('a checkout without an idempotency key', async () => {
    const before = await dumpShopState(h);
    // No idempotency key: the entry's typing leaves the header to the caller.
    const res = await call(h, shop.owner, ShopCalls.checkout, { query: { organisationId: shop.organisationId }, body: checkoutBody([ukLine()]) });
    expect(res.status).toBe(400);
    expect(msgOf(res)).toContain(idempotencyKeyHeader);
    expect(await dumpShopState(h)).toEqual(before);
  });
});

describe('webhook refuses', () => {
  it('a forged signature, a stale (replayed) one, a missing one and a body that is not an event', async () => {
    const res = await checkout(h, shop.owner, shop.organisationId, checkoutBody([ukLine()]));
    const { orderId } = okBody(res);
    await settleSession(h, orderId);
    const event = await succeededEvent(h, orderId);
    const before = await dumpShopState(h);

    const forged = await h.inject(await signedDelivery(h, event, { secret: 'not-the-secret' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe('Invalid webhook signature');

    const stale = await h.inject(await signedDelivery(h, event, { ageSeconds: 301 }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().msg).toBe('Webhook timestamp is too old');

    const tampered = await signedDelivery(h, event);
    const changed = await h.inject({ ...tampered, payload: tampered.payload.replace(`"reference":"${orderId}"`, '"reference":"999999"') });
    expect(changed.statusCode).toBe(400);

    const unsigned = await h.inject({ method: 'POST', url: '/api/plans/payment/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);

    const notEvent = await h.inject(await signedDelivery(h, { hello: 'world' } as never));
    expect(notEvent.statusCode).toBe(400);

    expect(await dumpShopState(h)).toEqual(before);
    const events = await query(h.db, 'select * from payment_events');
    expect(events.rows).toEqual([]);
  });
});
