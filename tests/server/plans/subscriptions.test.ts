// What an account's subscriptions show and do: the services page's summary with a fixed clock, and
// turning a subscription off and on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Plans from '../../../contract/plans/endpoints';
import { authErrorStatusHeader } from '../../../contract/shared/http';
import { accessRefusals } from '../../../contract/shared/access';
import { call, msgOf, okBody, urlOf } from '../support/api';
import type { Caller } from '../support/calls';
import { createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { day, insertBundle, insertDataset, insertPlan, insertSubscription, insertUsage, nowOf } from '../support/catalogue';
import { accountsWorld } from './fixtures';

let h: Harness;
let sales: Caller;
let owner: Caller;
let member: Caller;
let organisationId: number;
let ukAccount: number;
let auPlan: number;

beforeAll(async () => {
  h = await createHarness();
  ({ sales, owner, member, organisationId, ukAccount, auPlan } = await accountsWorld(h));
});
afterAll(() => h?.close());

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
    const plans = okBody(await call(h, owner, Plans.listAccountPlans, { query: { accountId: account } }));
    return Object.fromEntries(plans.map((p) => [p.plan, p]));
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
    const { status, body } = await call(h, owner, Plans.listAccountPlans, { query: { accountId: organisationId } });
    expect([status, body]).toEqual([400, { statusCode: 400, msg: 'Subscriptions belong to accounts: choose an account' }]);
  });
});

describe('turning a subscription off and on', () => {
  let planId: number;
  const subscription = async () =>
    (await query(h.db, 'select enabled, renew_clicks from subscriptions where account_id = $1 and plan_id = $2', [ukAccount, planId])).rows[0];
  // Basic credentials, as the services page sends the password the owner types.
  const enable = (email: string, password: string, clicks: number, headers: Record<string, string> = {}) =>
    call(h, null, Plans.enableSubscription, { query: { accountId: ukAccount, planId, clicks }, headers: { authorization: h.basic(email, password), ...headers } });

  beforeAll(async () => {
    planId = await insertPlan(h, { datasetId: await insertDataset(h), name: 'Switchable' });
    const now = nowOf(h);
    await insertBundle(h, { accountId: ukAccount, planId, clicks: 5000, start: now - day, end: now + 30 * day });
  });

  it('is turned off by an owner, not by a member', async () => {
    const refused = await call(h, member, Plans.disableSubscription, { query: { accountId: ukAccount, planId } });
    expect([refused.status, refused.body]).toEqual([403, { statusCode: 403, msg: accessRefusals.ownersOnly }]);
    expect(await subscription()).toEqual({ enabled: true, renew_clicks: 0 });
    const off = await call(h, owner, Plans.disableSubscription, { query: { accountId: ukAccount, planId } });
    expect([off.status, off.body]).toEqual([200, { msg: 'Subscription disabled' }]);
    expect(await subscription()).toMatchObject({ enabled: false });
    const unknown = await call(h, owner, Plans.disableSubscription, { query: { accountId: ukAccount, planId: auPlan } });
    expect([unknown.status, unknown.body]).toEqual([404, { statusCode: 404, msg: 'This account has no subscription to this plan' }]);
  });

  it('is not turned on with a wrong password (400 when the caller asks for it), nor by staff', async () => {
    const wrong = await enable(owner.email, 'not-the-password', 2000);
    expect(wrong.status).toBe(401);
    expect(msgOf(wrong)).toBe('Invalid user name or password');
    expect((await enable(owner.email, 'still-not-it', 2000, { [authErrorStatusHeader]: '400' })).status).toBe(400);
    // No credentials and no query at all: sent raw.
    const missing = await h.inject({ method: 'PUT', url: urlOf(Plans.enableSubscription, {}) });
    expect(missing.statusCode).toBe(401);
    const staff = await enable(sales.email, fixturePassword, 2000);
    expect(staff.body).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    expect(await subscription()).toEqual({ enabled: false, renew_clicks: 0 });
  });

  it('is turned on by the owner typing the password, renewing a quantity the plan sells', async () => {
    const tooFew = await enable(owner.email, fixturePassword, 10);
    expect(tooFew.body).toEqual({ statusCode: 400, msg: 'The smallest quantity of this plan is 1,000 clicks' });
    const on = await enable(owner.email, fixturePassword, 2000);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ msg: 'Subscription enabled: it renews 2,000 clicks at a time' });
    expect(await subscription()).toEqual({ enabled: true, renew_clicks: 2000 });
  });

  it('cannot be used to guess a password: wrong tries are throttled like logins', async () => {
    const guesser = await h.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await enable(guesser.email, `guess-${i}`, 0)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
