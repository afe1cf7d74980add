// Two calls on one account's saved card at once, on PostgreSQL: the second call's read of the card
// is held (tests/server/support/queryGate.ts) while the whole first call runs, then let go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { call, okBody } from '../support/api';
import { createHarness, type Harness } from '../support/harness';
import { queryGate } from '../support/queryGate';
import { shopWorld, type Shop } from '../support/shop';

let h: Harness;
let shop: Shop;
const gate = queryGate();

beforeAll(async () => {
  h = await createHarness({ dbPlugin: gate.plugin });
  shop = await shopWorld(h);
}, 60_000);
afterAll(() => h?.close());

const details = () => call(h, shop.owner, ShopCalls.paymentDetails, { query: { accountId: shop.ukAccount } });

/** A card entered and confirmed on the gateway's setup page; the portal learns of it at the next details call. */
async function cardOnSetupPage(number: string) {
  const page = await call(h, shop.owner, ShopCalls.generatePayment, { query: { accountId: shop.ukAccount } });
  const back = await h.inject({
    method: 'POST', url: new URL(okBody(page).checkoutUrl).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry: '11/38', cvc: '123', name: 'Ada' }).toString(),
  });
  await h.inject({ method: 'POST', url: `${back.headers.location}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=complete' });
}

// PostgreSQL only (see queryGate).
describe.runIf(process.env.DATABASE_URL)('the saved card', () => {
  it('removing the old card keeps a new one saved while the removal was under way', async () => {
    // The removal read the old card, then deleted whatever card the account had: the new one,
    // stored meanwhile, was forgotten with the old one's removal.
    await cardOnSetupPage('4242 4242 4242 4242');
    expect(okBody(await details()).card).toMatchObject({ lastFour: '4242' });
    await cardOnSetupPage('4000 0025 0000 3155');
    const { held, release } = gate.hold(['payment_methods']);
    const removal = call(h, shop.owner, ShopCalls.deletePayment, { query: { accountId: shop.ukAccount } });
    await held;
    expect(okBody(await details()).card).toMatchObject({ lastFour: '3155' });
    release();
    expect((await removal).status).toBe(200);
    expect(okBody(await details()).card).toMatchObject({ lastFour: '3155' });
  });
});
