// Automatic renewal, called directly (the job's handler): a saved card makes one order, bundle and
// invoice however often the job runs; the monthly cap, a missing card and a declined card make
// none and mail the owners once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { depsOf } from '../../../server/app';
import * as Plans from '../../../contract/plans/endpoints';
import type { JobsHandle } from '../../../server/jobs/handle';
import { createTestGateway } from '../../../server/payments/testGateway';
import { createMailer, type Mailer } from '../../../server/platform/mail';
import { subscriptionsDue } from '../../../server/modules/shop/renewalQueries';
import { renewSubscription, sweepRenewals } from '../../../server/modules/shop/renewals';
import { createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { day, insertBundle, insertDataset, insertPlan, insertSubscription, nowOf } from '../support/catalogue';
import { count } from '../support/rows';
import { webhookSecretOf } from '../support/shop';
import { call } from '../support/api';
import { signedIn, type Caller } from '../support/calls';

let h: Harness;
let mailer: Mailer;
let owner: Caller;
let deps: Parameters<typeof renewSubscription>[0];
const sent: Array<{ queue: string; data: object }> = [];
const jobs: JobsHandle = {
  start: async () => {},
  send: async (queue, data) => {
    sent.push({ queue, data });
    return 'job';
  },
  work: async () => {},
  stop: async () => {},
  status: () => 'running',
  depth: async () => [],
};

beforeAll(async () => {
  h = await createHarness();
  mailer = createMailer({ smtpUrl: h.config.smtpUrl, db: h.db });
  const gateway = createTestGateway({
    db: h.db, clock: h.clock, jobs, webhookSecret: () => webhookSecretOf(h), webhookUrl: () => 'http://127.0.0.1:1/none',
    publicOrigin: () => null, merchantName: 'Test', log: { error: () => {} },
  });
  deps = { db: h.db, clock: h.clock, config: h.config, gateway, mail: mailer, log: { error: () => {} }, paidOrders: depsOf(h.app).paidOrders };
  owner = await signedIn(h);
});
afterAll(async () => {
  await mailer?.close();
  await h?.close();
});
beforeEach(() => {
  sent.length = 0;
});

let accounts = 0;
/** An owned UK account renewing 1,000 clicks (£30 + VAT = £36) of a plan whose only bundle is used up. */
async function renewingAccount(card: 'success' | 'declined' | null) {
  const organisationId = await h.createGroup({ name: `Renew org ${++accounts}`, type: 'organisation' });
  const accountId = await h.createGroup({ name: `Renew account ${accounts}`, type: 'account', parentId: organisationId });
  await h.addToGroup(accountId, owner.id, 'owner');
  const planId = await insertPlan(h, { datasetId: await insertDataset(h), duration: 1 });
  await insertBundle(h, { accountId, planId, clicks: 1000, used: 1000, start: nowOf(h) - 10 * day, end: nowOf(h) + 20 * day });
  await insertSubscription(h, accountId, planId);
  await query(h.db, 'update subscriptions set renew_clicks = 1000 where account_id = $1 and plan_id = $2', [accountId, planId]);
  const { rows } = await query<{ id: number }>(h.db, 'select id from subscriptions where account_id = $1 and plan_id = $2', [accountId, planId]);
  if (card) {
    const now = nowOf(h);
    const customer = `account-${accountId}`;
    const method = `pm_test_${card}_${accountId}`;
    await query(h.db,
      `insert into testgw_methods (id, customer_ref, card_kind, brand, last_four, expiry_month, expiry_year, created_at)
       values ($1, $2, $3, 'Visa', $4, 12, 2039, $5)`, [method, customer, card, card === 'success' ? '4242' : '0002', now]);
    await query(h.db,
      `insert into payment_methods (account_id, gateway, customer_ref, method_ref, brand, last_four, expiry_month, expiry_year, billing_email, created_at, updated_at)
       values ($1, 'test', $2, $3, 'Visa', $4, 12, 2039, $5, $6, $6)`, [accountId, customer, method, card === 'success' ? '4242' : '0002', owner.email, now]);
  }
  return { accountId, planId, subscriptionId: rows[0].id };
}

const ordersOf = (accountId: number) => count(h, 'select count(*) as n from order_lines where account_id = $1', [accountId]);
const renewalBundles = (accountId: number) => count(h, "select count(*) as n from bundles where account_id = $1 and source = 'renewal'", [accountId]);
const noticesTo = (email: string, subject: RegExp) => h.mail.messages.filter((m) => m.to.includes(email) && subject.test(m.subject)).length;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('renewals', () => {
  it('the sweep queues due subscriptions, one job per subscription', async () => {
    const { subscriptionId } = await renewingAccount('success');
    expect(await subscriptionsDue(h.db, nowOf(h))).toContain(subscriptionId);
    const due = await sweepRenewals({ ...deps, jobs });
    expect(due).toContain(subscriptionId);
    expect(sent.filter((job) => job.queue === 'renewals' && (job.data as { subscriptionId: number }).subscriptionId === subscriptionId)).toHaveLength(1);
  });

  it('with a saved card: one order, one bundle, one invoice, even when the job runs twice (and twice at once)', async () => {
    const { accountId, subscriptionId } = await renewingAccount('success');
    const results = await Promise.all([renewSubscription(deps, subscriptionId), renewSubscription(deps, subscriptionId)]);
    expect(results).toContain('renewed');
    expect(await renewSubscription(deps, subscriptionId)).toBe('not-due');
    expect(await ordersOf(accountId)).toBe(1);
    expect(await renewalBundles(accountId)).toBe(1);
    expect(await count(h, 'select count(*) as n from invoices i join order_lines l on l.order_id = i.order_id where l.account_id = $1', [accountId])).toBe(1);
    expect(await count(h, "select count(*) as n from testgw_charges where reference in (select order_id::text from order_lines where account_id = $1)", [accountId])).toBe(1);
    const { rows } = await query<{ kind: string; status: string; total: number }>(h.db,
      'select kind, status, total from orders where id = (select order_id from order_lines where account_id = $1)', [accountId]);
    expect(rows[0]).toEqual({ kind: 'renewal', status: 'paid', total: 3600 });
    await h.mail.take(owner.email, undefined);
    // The bundle is spendable: nothing is due any more.
    expect(await subscriptionsDue(h.db, nowOf(h))).not.toContain(subscriptionId);
  });

  it('at the spend cap: not made, and the owner is mailed once', async () => {
    const { accountId, subscriptionId } = await renewingAccount('success');
    await query(h.db, 'insert into payment_settings (account_id, monthly_cap, updated_at) values ($1, 3599, $2)', [accountId, nowOf(h)]);
    expect(await renewSubscription(deps, subscriptionId)).toBe('cap');
    expect(await renewSubscription(deps, subscriptionId)).toBe('cap');
    expect(await ordersOf(accountId)).toBe(0);
    expect(await renewalBundles(accountId)).toBe(0);
    await settle();
    expect(noticesTo(owner.email, /automatic renewal not made/)).toBe(1);
    const mail = await h.mail.take(owner.email);
    expect(mail.text).toMatch(/monthly cap/);
    // A cap the renewal fits under: made.
    await query(h.db, 'update payment_settings set monthly_cap = 3600 where account_id = $1', [accountId]);
    expect(await renewSubscription(deps, subscriptionId)).toBe('renewed');
  });

  it('without a saved card, or with a declined one: not made, a notice once, a declined order with no bundle', async () => {
    const noCard = await renewingAccount(null);
    expect(await renewSubscription(deps, noCard.subscriptionId)).toBe('card');
    expect(await ordersOf(noCard.accountId)).toBe(0);

    const declined = await renewingAccount('declined');
    expect(await renewSubscription(deps, declined.subscriptionId)).toBe('declined');
    expect(await renewSubscription(deps, declined.subscriptionId)).toBe('declined');
    expect(await renewalBundles(declined.accountId)).toBe(0);
    const { rows } = await query<{ status: string; failure: string }>(h.db,
      'select status, failure from orders where id in (select order_id from order_lines where account_id = $1)', [declined.accountId]);
    expect(rows).toEqual([{ status: 'declined', failure: 'Your card was declined.' }]);
    await settle();
    expect(await count(h, 'select count(*) as n from renewal_notices where subscription_id in ($1, $2)', [noCard.subscriptionId, declined.subscriptionId])).toBe(2);
  });

  it('a plan replaced by a newer one does not renew', async () => {
    const { accountId, planId, subscriptionId } = await renewingAccount('success');
    const newer = await insertPlan(h, { datasetId: await insertDataset(h) });
    await query(h.db, 'update plans set deprecated_by_plan_id = $1 where id = $2', [newer, planId]);
    expect(await renewSubscription(deps, subscriptionId)).toBe('plan');
    expect(await ordersOf(accountId)).toBe(0);
  });
});

describe('what a subscription says of its renewal (GET /account/plans)', () => {
  type Renewal = { clicks: number; total: number; monthlyCap: number | null; obstacle: string | null; estimatedRenewalDate: number | null; lastOutcome: { result: string; date: number } | null };
  async function renewalOf(accountId: number, planId: number): Promise<Renewal> {
    const { status, body } = await call(h, owner, Plans.listAccountPlans, { query: { accountId } });
    expect(status).toBe(200);
    return (body as Array<{ planId: number; subscription: Renewal }>).find((p) => p.planId === planId)!.subscription;
  }

  it('warns that the cap will refuse it, then says the cap refused it and when; a renewal made is the last outcome after', async () => {
    const { accountId, planId, subscriptionId } = await renewingAccount('success');
    await query(h.db, 'insert into payment_settings (account_id, monthly_cap, updated_at) values ($1, 3599, $2)', [accountId, nowOf(h)]);
    const before = await renewalOf(accountId, planId);
    expect(before).toMatchObject({ clicks: 1000, total: 3600, monthlyCap: 3599, obstacle: 'cap', estimatedRenewalDate: null, lastOutcome: null });

    expect(await renewSubscription(deps, subscriptionId)).toBe('cap');
    const refused = await renewalOf(accountId, planId);
    expect(refused.lastOutcome).toEqual({ result: 'cap', date: nowOf(h) });

    await query(h.db, 'update payment_settings set monthly_cap = 3600 where account_id = $1', [accountId]);
    expect((await renewalOf(accountId, planId)).obstacle).toBeNull();
    h.clock.advance(60_000);
    expect(await renewSubscription(deps, subscriptionId)).toBe('renewed');
    const renewed = await renewalOf(accountId, planId);
    expect(renewed.lastOutcome?.result).toBe('renewed');
    // This month's renewals have used the whole cap: the next one would pass it.
    expect(renewed.obstacle).toBe('cap');
  });

  it('warns that no card will stop it, and says a declined card did', async () => {
    const noCard = await renewingAccount(null);
    expect((await renewalOf(noCard.accountId, noCard.planId)).obstacle).toBe('card');
    const declined = await renewingAccount('declined');
    expect((await renewalOf(declined.accountId, declined.planId)).obstacle).toBeNull();
    expect(await renewSubscription(deps, declined.subscriptionId)).toBe('declined');
    expect((await renewalOf(declined.accountId, declined.planId)).lastOutcome?.result).toBe('declined');
  });

  it('turning renewal off keeps the subscription enabled and its clicks, and nothing is due', async () => {
    const { accountId, planId, subscriptionId } = await renewingAccount('success');
    const { status } = await call(h, null, Plans.enableSubscription, {
      query: { accountId, planId, clicks: 0 },
      headers: { authorization: `Basic ${Buffer.from(`${owner.email}:${fixturePassword}`).toString('base64')}` },
    });
    expect(status).toBe(200);
    const after = await renewalOf(accountId, planId);
    expect(after).toMatchObject({ clicks: 0, obstacle: null, estimatedRenewalDate: null });
    expect(await subscriptionsDue(h.db, nowOf(h))).not.toContain(subscriptionId);
    const { rows } = await query<{ enabled: boolean }>(h.db, 'select enabled from subscriptions where id = $1', [subscriptionId]);
    expect(rows[0].enabled).toBe(true);
  });
});
