// Two renewals at once on PostgreSQL (two processes' workers, or a job taken for dead and run
// again): one renewal's read is held (tests/server/support/queryGate.ts) while the other runs whole. The
// monthly cap must hold for the two together, and one subscription renews once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../../../server/app';
import { createTestGateway } from '../../../server/payments/testGateway';
import { createMailer, type Mailer } from '../../../server/platform/mail';
import { renewSubscription } from '../../../server/modules/shop/renewals';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, insertDataset, insertPlan, insertSubscription, nowOf } from '../support/catalogue';
import { count } from '../support/rows';
import { webhookSecretOf } from '../support/shop';
import { signedIn, type Caller } from '../support/calls';
import { queryGate } from '../support/queryGate';

let h: Harness;
let mailer: Mailer;
let owner: Caller;
let deps: Parameters<typeof renewSubscription>[0];
const gate = queryGate();

beforeAll(async () => {
  h = await createHarness();
  mailer = createMailer({ smtpUrl: h.config.smtpUrl, db: h.db });
  const noJobs = { start: async () => {}, send: async () => 'job', work: async () => {}, stop: async () => {} };
  const gateway = createTestGateway({
    db: h.db, clock: h.clock, jobs: noJobs, webhookSecret: () => webhookSecretOf(h), webhookUrl: () => 'http://127.0.0.1:1/none',
    publicOrigin: () => null, merchantName: 'Test', log: { error: () => {} },
  });
  deps = { db: h.db.withPlugin(gate.plugin), clock: h.clock, config: h.config, gateway, mail: mailer, log: { error: () => {} }, paidOrders: depsOf(h.app).paidOrders };
  owner = await signedIn(h);
});
afterAll(async () => {
  await mailer?.close();
  await h?.close();
});

/** An owned UK account with a saved card and two subscriptions renewing 1,000 clicks (£36 each), both used up. */
async function accountRenewingTwo(cap: number) {
  const organisationId = await h.createGroup({ name: 'Renew race org', type: 'organisation' });
  const accountId = await h.createGroup({ name: 'Renew race account', type: 'account', parentId: organisationId });
  await h.addToGroup(accountId, owner.id, 'owner');
  const now = nowOf(h);
  const subscriptions: number[] = [];
  for (let i = 0; i < 2; i++) {
    const planId = await insertPlan(h, { datasetId: await insertDataset(h), duration: 1 });
    await insertBundle(h, { accountId, planId, clicks: 1000, used: 1000, start: now - 10 * day, end: now + 20 * day });
    await insertSubscription(h, accountId, planId);
    const { rows } = await query<{ id: number }>(h.db,
      'update subscriptions set renew_clicks = 1000 where account_id = $1 and plan_id = $2 returning id', [accountId, planId]);
    subscriptions.push(rows[0].id);
  }
  const customer = `account-${accountId}`;
  const method = `pm_test_success_${accountId}`;
  await query(h.db,
    `insert into testgw_methods (id, customer_ref, card_kind, brand, last_four, expiry_month, expiry_year, created_at)
     values ($1, $2, 'success', 'Visa', '4242', 12, 2039, $3)`, [method, customer, now]);
  await query(h.db,
    `insert into payment_methods (account_id, gateway, customer_ref, method_ref, brand, last_four, expiry_month, expiry_year, billing_email, created_at, updated_at)
     values ($1, 'test', $2, $3, 'Visa', '4242', 12, 2039, $4, $5, $5)`, [accountId, customer, method, owner.email, now]);
  await query(h.db, 'insert into payment_settings (account_id, monthly_cap, updated_at) values ($1, $2, $3)', [accountId, cap, now]);
  return { accountId, subscriptions };
}

// PostgreSQL only (see queryGate).
describe.runIf(process.env.DATABASE_URL)('two renewals of one account at once', () => {
  it('keep to the monthly cap when the whole of one runs inside the other', async () => {
    // Each renewal read the month's spend before the other's order was paid: both passed a cap
    // that had room for one, and the card was charged twice.
    const { accountId, subscriptions: [first, second] } = await accountRenewingTwo(3600);
    const { held, release } = gate.hold(['orders']);
    const late = renewSubscription(deps, first);
    await held;
    const early = await renewSubscription(deps, second);
    release();
    expect([early, await late]).toEqual(['renewed', 'cap']);
    expect(await count(h, "select count(*) as n from orders o join order_lines l on l.order_id = o.id where l.account_id = $1 and o.status = 'paid'", [accountId])).toBe(1);
  });

  it('renew a subscription once when the whole of one run goes on inside the other', async () => {
    // The second run found the subscription due before the first's bundle was made, and counted the
    // bundles after: its idempotency key was the next renewal's, so it made a second order and charge.
    const { accountId, subscriptions: [subscriptionId] } = await accountRenewingTwo(100_000);
    const { held, release } = gate.hold(['bundles']);
    const late = renewSubscription(deps, subscriptionId);
    await held;
    const early = await renewSubscription(deps, subscriptionId);
    release();
    expect([early, await late]).toEqual(['renewed', 'not-due']);
    expect(await count(h, 'select count(*) as n from order_lines where account_id = $1', [accountId])).toBe(1);
  });
});
