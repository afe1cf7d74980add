// The demo's payments (server/seedShop.ts): Acme UK has a saved card, a monthly cap, an authorised
// payment user and a past order with invoice UK-000001 in its billing history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ShopCalls from '../../../contract/shop/endpoints';
import { demoPassword, seedDemo } from '../../../server/seed';
import { call, okBody } from '../support/api';
import { type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';

let h: Harness;
let owner: Caller;
let member: Caller;
let acmeUk: number;

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, Math.floor(h.clock() / 1000));
  const as = async (email: string) => {
    const { jwt, id } = await h.login(email, demoPassword);
    return { id, email, headers: h.bearer(jwt) };
  };
  owner = await as('owner@example.com');
  member = await as('member@example.com');
  acmeUk = (await query<{ id: number }>(h.db, "select id from groups where name = 'Acme UK'")).rows[0].id;
});
afterAll(() => h?.close());

describe('the demo payments', () => {
  it('Acme UK has a saved test card and a monthly cap', async () => {
    const details = await call(h, owner, ShopCalls.paymentDetails, { query: { accountId: acmeUk } });
    expect(details.body).toMatchObject({ card: { lastFour: '4242', brand: 'Visa', billingEmail: 'owner@example.com' }, monthlyCap: 200_000, territory: 'uk' });
    const method = await query(h.db, "select card_kind from testgw_methods where id = 'pm_test_demo_acme_uk'");
    expect(method.rows).toEqual([{ card_kind: 'success' }]);
  });

  it('its billing history holds invoice UK-000001, readable by the authorised member, printable', async () => {
    const history = await call(h, member, ShopCalls.listInvoices, { query: { accountId: acmeUk } });
    expect(history.status).toBe(200);
    expect(history.body).toEqual([expect.objectContaining({ invoiceNumber: 'UK-000001', kind: 'shop', bundleIds: [expect.any(Number)] })]);
    const { url } = okBody(await call(h, owner, ShopCalls.bundleInvoice, { query: { bundleId: okBody(history)[0].bundleIds[0] } }));
    // The invoice page is HTML for the browser: read raw.
    const page = await h.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('UK-000001');
    const users = await call(h, owner, ShopCalls.listPaymentUsers, { query: { accountId: acmeUk } });
    expect(users.body).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'member@example.com', authorised: true })]));
  });

  it('seeding again adds nothing', async () => {
    const before = await query(h.db, 'select (select count(*) from orders) as orders, (select count(*) from invoices) as invoices');
    await query(h.db, "update settings set value = '4' where key = 'demo_seed_version'");
    await seedDemo(h.db, Math.floor(h.clock() / 1000));
    expect((await query(h.db, 'select (select count(*) from orders) as orders, (select count(*) from invoices) as invoices')).rows).toEqual(before.rows);
  });
});
