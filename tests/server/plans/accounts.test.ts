// What accounts hold: staff bundles, the services page's summary with a fixed clock,
// and turning a subscription off and on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPlan, Bundle } from '../../../contract/plans/entities';
import { authErrorStatusHeader } from '../../../contract/shared/http';
import { accessRefusals } from '../../../contract/shared/access';
import { sendRaw, signedIn, type Caller } from '../support/calls';
import { createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { day, dumpCatalogueState, insertBundle, insertDataset, insertPlan, insertSubscription, insertUsage, nowOf, plans } from '../support/catalogue';

let h: Harness;
let sales: Caller;
let owner: Caller;
let member: Caller;
let organisationId: number;
let ukAccount: number;
let auAccount: number;
let ukPlan: number;
let auPlan: number;

beforeAll(async () => {
  h = await createHarness();
  sales = await signedIn(h, ['sales']);
  owner = await signedIn(h);
  member = await signedIn(h);
  organisationId = await h.createGroup({ name: 'Bundle Org', type: 'organisation' });
  ukAccount = await h.createGroup({ name: 'Bundle UK', type: 'account', parentId: organisationId });
  auAccount = await h.createGroup({ name: 'Bundle AU', type: 'account', parentId: organisationId, territory: 'australia' });
  await h.addToGroup(organisationId, owner.id, 'owner');
  await h.addToGroup(organisationId, member.id, 'member');
  const datasetId = await insertDataset(h);
  ukPlan = await insertPlan(h, { datasetId, name: 'Lookup UK', duration: 1 });
  auPlan = await insertPlan(h, { datasetId, name: 'Lookup AU', territory: 'australia' });
});
afterAll(() => h?.close());

const createBundle = (body: Record<string, unknown>, q: { organisationId?: number; accountId?: number } = {}) =>
  sendRaw(h, sales, plans('POST', '/bundles', { organisationId, accountId: ukAccount, ...q }, body));
const bundleRow = async (bundleId: number) =>
  (await query<{ start_date: number; end_date: number; clicks: number }>(h.db, 'select * from bundles where id = $1', [bundleId])).rows[0];

describe('a bundle made by staff', () => {
  it("costs the plan's price for its clicks and lasts the plan's duration in calendar months", async () => {
    const start = Date.UTC(2030, 0, 31) / 1000;
    const { status, body } = await createBundle({ planId: ukPlan, clicks: 12_000, startDate: start });
    expect(status).toBe(201);
    // 12,000 clicks fall in the 10,000+ band: 12,000 x £20.00 / 1,000 = £240.00.
    expect(body).toMatchObject({ planId: ukPlan, plan: 'Lookup UK', clicks: 12_000, usedClicks: 0, remainingClicks: 12_000, price: 24_000, source: 'staff', createdBy: sales.id });
    // 31 January plus one month: the last day of February.
    expect(body.endDate).toBe(Date.UTC(2030, 1, 28) / 1000);
    const { rows } = await query(h.db, 'select enabled, renew_clicks from subscriptions where account_id = $1 and plan_id = $2', [ukAccount, ukPlan]);
    expect(rows).toEqual([{ enabled: true, renew_clicks: 0 }]);
  });

  it('starts now without a start date, and keeps the price and end date it is given', async () => {
    const end = nowOf(h) + 10 * day;
    const { body } = await createBundle({ planId: ukPlan, clicks: 50, price: 0, endDate: end });
    expect(body).toMatchObject({ startDate: nowOf(h), endDate: end, price: 0, clicks: 50 });
  });

  // planId -1: the Australian plan, 0: the UK plan; organisationId -2: another organisation, -3: an account.
  type BadBundle = [string, Record<string, number>, { organisationId?: number; accountId?: number }, number, string];
  it.each<BadBundle>([
    ['a plan of another territory', { planId: -1 }, {}, 400, 'Lookup AU is a plan for Australia and Bundle UK is an account in the United Kingdom: choose a plan of the account\'s territory'],
    ['an account of another organisation', { planId: 0 }, { organisationId: -2 }, 400, 'Bundle UK is not an account of Other Org'],
    ['an organisation that is an account', { planId: 0 }, { organisationId: -3 }, 400, 'Bundle AU is not an organisation: choose the organisation the account belongs to'],
    ['an unknown organisation', { planId: 0 }, { organisationId: 2_000_000 }, 404, 'Organisation not found'],
    ['an unknown account', { planId: 0 }, { accountId: 2_000_000 }, 404, 'Account not found'],
    ['an unknown plan', { planId: 2_000_000 }, {}, 404, 'Plan not found'],
    ['fewer clicks than the plan sells, with no price', { planId: 0, clicks: 10 }, {}, 400, 'The smallest quantity of this plan is 1,000 clicks; give the bundle a price to sell another quantity'],
    ['fractional clicks', { planId: 0, clicks: 1.5 }, {}, 400, 'clicks: Clicks are a whole number'],
    ['a negative price', { planId: 0, price: -1 }, {}, 400, 'price: Prices cannot be negative'],
    ['an end before its start', { planId: 0, startDate: 5000, endDate: 4000 }, {}, 400, 'endDate: A bundle must end after it starts'],
    ['an end before now without a start', { planId: 0, endDate: 1000 }, {}, 400, 'A bundle must end after it starts'],
  ])('is refused for %s, and nothing is written', async (_, body, q, status, msg) => {
    const other = await h.createGroup({ name: 'Other Org', type: 'organisation' });
    const plan = body.planId === -1 ? auPlan : body.planId === 0 ? ukPlan : body.planId;
    const organisation = q.organisationId === -2 ? other : q.organisationId === -3 ? auAccount : q.organisationId;
    const before = await dumpCatalogueState(h);
    const response = await createBundle({ clicks: 1000, ...body, planId: plan }, { ...q, organisationId: organisation ?? organisationId });
    expect(response).toEqual({ status, body: { statusCode: status, msg } });
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('is updated with a start date of 0 or less keeping its old start date (spec section 5)', async () => {
    const { body } = await createBundle({ planId: ukPlan, clicks: 2000 });
    const bundle = body as Bundle;
    for (const startDate of [0, -5]) {
      const updated = await sendRaw(h, sales, plans('PUT', '/bundles', { bundleId: bundle.bundleId }, { startDate, clicks: 3000 }));
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ startDate: bundle.startDate, endDate: bundle.endDate, clicks: 3000 });
      expect((await bundleRow(bundle.bundleId)).start_date).toBe(bundle.startDate);
    }
    const moved = await sendRaw(h, sales, plans('PUT', '/bundles', { bundleId: bundle.bundleId }, { startDate: bundle.startDate + day }));
    expect(moved.body.startDate).toBe(bundle.startDate + day);
  });

  it('is unchanged by an update that changes nothing (an empty body, or only a start date of 0)', async () => {
    const { body } = await createBundle({ planId: ukPlan, clicks: 2000 });
    const bundle = body as Bundle;
    const before = await dumpCatalogueState(h);
    for (const change of [{}, { startDate: 0 }]) {
      const updated = await sendRaw(h, sales, plans('PUT', '/bundles', { bundleId: bundle.bundleId }, change));
      expect(updated).toMatchObject({ status: 200, body: { bundleId: bundle.bundleId, clicks: 2000, startDate: bundle.startDate, endDate: bundle.endDate } });
    }
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('never holds fewer clicks than it used, and is not deleted once used', async () => {
    const now = nowOf(h);
    const bundleId = await insertBundle(h, { accountId: ukAccount, planId: ukPlan, clicks: 1000, used: 400, start: now - day, end: now + day });
    const before = await dumpCatalogueState(h);
    const fewer = await sendRaw(h, sales, plans('PUT', '/bundles', { bundleId }, { clicks: 399 }));
    expect(fewer).toEqual({ status: 400, body: { statusCode: 400, msg: '400 clicks of this bundle are used already: it cannot hold fewer' } });
    const ended = await sendRaw(h, sales, plans('PUT', '/bundles', { bundleId }, { endDate: now - 2 * day }));
    expect(ended.body.msg).toBe('A bundle must end after it starts');
    const deleted = await sendRaw(h, sales, plans('DELETE', '/bundles', { bundleId }));
    expect(deleted).toEqual({ status: 409, body: { statusCode: 409, msg: '400 clicks of this bundle are used, so it cannot be deleted: end it early by setting its end date instead' } });
    expect(await dumpCatalogueState(h)).toEqual(before);
    expect((await sendRaw(h, sales, plans('PUT', '/bundles', { bundleId }, { clicks: 400, endDate: now }))).body).toMatchObject({ remainingClicks: 0, endDate: now });
  });

  it('is deleted while unused, and then unknown', async () => {
    const { body } = await createBundle({ planId: ukPlan, clicks: 1000 });
    expect(await sendRaw(h, sales, plans('DELETE', '/bundles', { bundleId: body.bundleId }))).toEqual({ status: 200, body: { msg: 'Bundle deleted' } });
    expect(await sendRaw(h, sales, plans('DELETE', '/bundles', { bundleId: body.bundleId }))).toEqual({ status: 404, body: { statusCode: 404, msg: 'Bundle not found' } });
    expect((await sendRaw(h, sales, plans('PUT', '/bundles', { bundleId: 3_000_000_000 }, { clicks: 5 }))).status).toBe(404);
  });
});

describe('an account holding subscriptions', () => {
  it('cannot be deleted, and /account/candelete says so', async () => {
    const account = await h.createGroup({ name: 'Holding UK', type: 'account', parentId: organisationId });
    const canDelete = async () => (await sendRaw(h, owner, plans('GET', '/account/candelete', { accountId: account }))).body;
    expect(await canDelete()).toBe(true);
    await createBundle({ planId: ukPlan, clicks: 1000 }, { accountId: account });
    expect(await canDelete()).toBe(false);
    const before = await dumpCatalogueState(h);
    const refused = await sendRaw(h, owner, { method: 'DELETE', url: '/api/users/groups', query: { id: String(account) } });
    expect(refused).toEqual({ status: 409, body: { statusCode: 409, msg: 'This account holds subscriptions to plans: it cannot be deleted' } });
    expect(await dumpCatalogueState(h)).toEqual(before);
  });
});

/** A saved card for the account's renewals (the gateway is not asked: the summary only needs to know there is one). */
async function withSavedCard(accountId: number) {
  await query(h.db,
    `insert into payment_methods (account_id, gateway, customer_ref, method_ref, brand, last_four, expiry_month, expiry_year, billing_email, created_at, updated_at)
     values ($1, 'test', 'cus_summary', 'pm_summary', 'Visa', '4242', 12, 2039, 'owner@example.com', 0, 0) on conflict (account_id) do nothing`, [accountId]);
}

describe('the subscription usage summary', () => {
  // The harness's clock stands still at 1 January 2030, 09:00 UTC. Days are UTC midnights; the
  // period is the 30 days ending today.
  const now = Date.UTC(2030, 0, 1, 9) / 1000;
  const today = Date.UTC(2030, 0, 1) / 1000;
  let account: number;
  const summary = async () => {
    expect(nowOf(h)).toBe(now);
    const { status, body } = await sendRaw(h, owner, plans('GET', '/account/plans', { accountId: account }));
    expect(status).toBe(200);
    return Object.fromEntries((body as AccountPlan[]).map((p) => [p.plan, p]));
  };

  beforeAll(async () => {
    account = await h.createGroup({ name: 'Summary UK', type: 'account', parentId: organisationId });
  });

  it('adds up remaining clicks, use over the period, the change and the estimated expiry by hand', async () => {
    const datasetId = await insertDataset(h);
    const planId = await insertPlan(h, { datasetId, name: 'Summed', tiers: [{ fromClicks: 1000, toClicks: null, pricePer1000: 2000 }] });
    const other = await insertPlan(h, { datasetId, name: 'Other' });
    await insertBundle(h, { accountId: account, planId, clicks: 10_000, used: 9_000, start: now - 400 * day, end: now - 10 * day });
    await insertBundle(h, { accountId: account, planId, clicks: 20_000, used: 5_000, start: now - 20 * day, end: now + 100 * day });
    await insertBundle(h, { accountId: account, planId, clicks: 3_000, start: now - 5 * day, end: now + 200 * day });
    const future = await insertBundle(h, { accountId: account, planId, clicks: 1_000, start: now + 30 * day, end: now + 400 * day });
    await query(h.db, 'update subscriptions set renew_clicks = 5000 where account_id = $1 and plan_id = $2', [account, planId]);
    // usage_daily.token_id names a real token since migration 005.
    const { rows: [token] } = await query<{ id: number }>(h.db,
      `insert into tokens (account_id, type, tag, services, created_at, updated_at) values ($1, 'server', 'Summary token', '{addresslookup}', $2, $2) returning id`,
      [account, now]);
    for (let daysAgo = 0; daysAgo < 30; daysAgo++) {
      // 100 a day, split over the portal, a token and two countries: all of it counts.
      await insertUsage(h, { accountId: account, planId, day: today - daysAgo * day, clicks: 60, country: 'GB' });
      await insertUsage(h, { accountId: account, planId, day: today - daysAgo * day, clicks: 30, country: 'FR' });
      await insertUsage(h, { accountId: account, planId, day: today - daysAgo * day, clicks: 10, tokenId: token.id });
    }
    for (let daysAgo = 30; daysAgo < 60; daysAgo++) await insertUsage(h, { accountId: account, planId, day: today - daysAgo * day, clicks: 50 });
    // Outside both periods, and on another plan: not counted.
    await insertUsage(h, { accountId: account, planId, day: today - 60 * day, clicks: 999 });
    await insertBundle(h, { accountId: account, planId: other, clicks: 1000, start: now - day, end: now + day });
    await insertUsage(h, { accountId: account, planId: other, day: today, clicks: 777 });

    await withSavedCard(account);
    const plan = (await summary())['Summed'];
    expect(plan).toMatchObject({
      status: 'active',
      remainClicks: 15_000 + 3_000,
      // The latest end of the bundles not yet ended, the scheduled one included.
      endDate: now + 400 * day,
      periodDays: 30,
      clicksConsumedInPeriod: 3_000,
      averageClicks: 100,
      // 3,000 against 1,500: +100 %.
      clickConsumptionChange: 100,
      // 18,000 clicks at 100 a day: 180 days, before the end date.
      estimatedExpiryDate: now + 180 * day,
      // 5,000 clicks at £20.00 per 1,000.
      // With VAT, £120.00; nothing stands in its way and it has not renewed yet.
      subscription: { clicks: 5_000, price: 10_000, estimatedRenewalDate: now + 180 * day, enabled: true, total: 12_000, monthlyCap: null, obstacle: null, lastOutcome: null },
      deprecated: false,
      deprecatedByPlan: null,
      deprecatedByPlanId: null,
    });
    expect(plan.bundles.map((b) => b.bundleId)).toEqual([...plan.bundles.map((b) => b.bundleId)].sort((a, b) => b - a));
    expect(plan.bundles[0].bundleId).toBe(future);
  });

  it('names each state: none, scheduled, expired, empty, disabled, deprecated', async () => {
    const datasetId = await insertDataset(h);
    const successor = await insertPlan(h, { datasetId, name: 'Successor' });
    const names = ['None', 'Scheduled', 'Expired', 'Empty', 'Disabled', 'Deprecated'];
    const ids: Record<string, number> = {};
    for (const name of names) ids[name] = await insertPlan(h, { datasetId, name, deprecatedBy: name === 'Deprecated' ? successor : null });
    await insertSubscription(h, account, ids.None, { renewClicks: 2000 });
    await insertBundle(h, { accountId: account, planId: ids.Scheduled, clicks: 1000, start: now + day, end: now + 30 * day });
    await insertBundle(h, { accountId: account, planId: ids.Expired, clicks: 1000, used: 10, start: now - 30 * day, end: now });
    await insertBundle(h, { accountId: account, planId: ids.Empty, clicks: 1000, used: 1000, start: now - day, end: now + 30 * day });
    await insertBundle(h, { accountId: account, planId: ids.Disabled, clicks: 1000, start: now - day, end: now + 30 * day });
    await query(h.db, 'update subscriptions set enabled = false, renew_clicks = 1000 where account_id = $1 and plan_id = $2', [account, ids.Disabled]);
    await insertBundle(h, { accountId: account, planId: ids.Deprecated, clicks: 1000, start: now - day, end: now + 30 * day });
    await insertUsage(h, { accountId: account, planId: ids.Empty, day: today - 40 * day, clicks: 500 });

    await withSavedCard(account);
    const plans = await summary();
    expect(plans.None).toMatchObject({ status: 'none', endDate: null, estimatedExpiryDate: null, remainClicks: 0, bundles: [] });
    // 2,000 clicks at £30.00 per 1,000, but no bundle running: no expiry, so no renewal date.
    expect(plans.None.subscription).toEqual({ clicks: 2000, price: 6000, estimatedRenewalDate: null, enabled: true, total: 7200, monthlyCap: null, obstacle: null, lastOutcome: null });
    expect(plans.Scheduled).toMatchObject({ status: 'scheduled', remainClicks: 0, endDate: now + 30 * day, estimatedExpiryDate: null });
    expect(plans.Expired).toMatchObject({ status: 'expired', remainClicks: 0, endDate: null, estimatedExpiryDate: null });
    // Used in the period before only: a fall of 100 %; with nothing left, it runs out now.
    expect(plans.Empty).toMatchObject({ status: 'empty', remainClicks: 0, clicksConsumedInPeriod: 0, clickConsumptionChange: -100, estimatedExpiryDate: now });
    expect(plans.Scheduled.clickConsumptionChange).toBeNull();
    expect(plans.Disabled).toMatchObject({ status: 'disabled', remainClicks: 1000, subscription: { clicks: 1000, price: 3000, estimatedRenewalDate: null, enabled: false } });
    expect(plans.Deprecated).toMatchObject({ status: 'active', deprecated: true, deprecatedByPlan: 'Successor', deprecatedByPlanId: String(successor) });
  });

  it('is for accounts only', async () => {
    const { status, body } = await sendRaw(h, owner, plans('GET', '/account/plans', { accountId: organisationId }));
    expect({ status, body }).toEqual({ status: 400, body: { statusCode: 400, msg: 'Subscriptions belong to accounts: choose an account' } });
  });
});

describe('turning a subscription off and on', () => {
  let planId: number;
  const subscription = async () =>
    (await query(h.db, 'select enabled, renew_clicks from subscriptions where account_id = $1 and plan_id = $2', [ukAccount, planId])).rows[0];
  const enable = (email: string, password: string, clicks: number, headers: Record<string, string> = {}) =>
    h.inject({
      method: 'PUT',
      url: '/api/plans/payment/subscription',
      query: { accountId: String(ukAccount), planId: String(planId), clicks: String(clicks) },
      headers: { authorization: h.basic(email, password), ...headers },
    });

  beforeAll(async () => {
    planId = await insertPlan(h, { datasetId: await insertDataset(h), name: 'Switchable' });
    const now = nowOf(h);
    await insertBundle(h, { accountId: ukAccount, planId, clicks: 5000, start: now - day, end: now + 30 * day });
  });

  it('is turned off by an owner, not by a member', async () => {
    const refused = await sendRaw(h, member, plans('DELETE', '/payment/subscription', { accountId: ukAccount, planId }));
    expect(refused).toEqual({ status: 403, body: { statusCode: 403, msg: accessRefusals.ownersOnly } });
    expect(await subscription()).toEqual({ enabled: true, renew_clicks: 0 });
    const off = await sendRaw(h, owner, plans('DELETE', '/payment/subscription', { accountId: ukAccount, planId }));
    expect(off).toEqual({ status: 200, body: { msg: 'Subscription disabled' } });
    expect(await subscription()).toMatchObject({ enabled: false });
    const unknown = await sendRaw(h, owner, plans('DELETE', '/payment/subscription', { accountId: ukAccount, planId: auPlan }));
    expect(unknown).toEqual({ status: 404, body: { statusCode: 404, msg: 'This account has no subscription to this plan' } });
  });

  it('is not turned on with a wrong password (400 when the caller asks for it), nor by staff', async () => {
    const wrong = await enable(owner.email, 'not-the-password', 2000);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe('Invalid user name or password');
    expect((await enable(owner.email, 'still-not-it', 2000, { [authErrorStatusHeader]: '400' })).statusCode).toBe(400);
    const missing = await h.inject({ method: 'PUT', url: '/api/plans/payment/subscription' });
    expect(missing.statusCode).toBe(401);
    const staff = await enable(sales.email, fixturePassword, 2000);
    expect(staff.json()).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    expect(await subscription()).toEqual({ enabled: false, renew_clicks: 0 });
  });

  it('is turned on by the owner typing the password, renewing a quantity the plan sells', async () => {
    const tooFew = await enable(owner.email, fixturePassword, 10);
    expect(tooFew.json()).toEqual({ statusCode: 400, msg: 'The smallest quantity of this plan is 1,000 clicks' });
    const on = await enable(owner.email, fixturePassword, 2000);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ msg: 'Subscription enabled: it renews 2,000 clicks at a time' });
    expect(await subscription()).toEqual({ enabled: true, renew_clicks: 2000 });
  });

  it('cannot be used to guess a password: wrong tries are throttled like logins', async () => {
    const guesser = await h.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await enable(guesser.email, `guess-${i}`, 0)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
