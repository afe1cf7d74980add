// The partner's view of its client accounts: GET /partner/accountinfo (spec section 3, Partner
// account info) and our console of usage and spend, with figures worked out by hand from bundles and
// daily usage written straight into the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadMessages } from '../../../contract/shared/leads';
import { signedIn, type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, insertDataset, insertPlan, insertUsage, nowOf } from '../support/catalogue';
import * as L from '../../../contract/leads/endpoints';
import { call, msgOf, okBody } from '../support/api';

let h: Harness;
let owner: Caller;
let partnerId: number;
let orgId: number;
let ukAccount: number;
let auAccount: number;
let ukPlan: number;
let auPlan: number;
let now: number;
let today: number;

const setPrice = (bundleId: number, price: number) => query(h.db, 'update bundles set price = $2 where id = $1', [bundleId, price]);

beforeAll(async () => {
  h = await createHarness();
  now = nowOf(h);
  today = Math.floor(now / day) * day;
  partnerId = await h.createGroup({ name: 'Console Partner', type: 'partner' });
  orgId = await h.createGroup({ name: 'Client Org', type: 'organisation', parentId: partnerId });
  ukAccount = await h.createGroup({ name: 'Client UK', type: 'account', parentId: orgId });
  auAccount = await h.createGroup({ name: 'Client AU', type: 'account', parentId: orgId, territory: 'australia' });
  owner = await signedIn(h);
  await h.addToGroup(partnerId, owner.id, 'owner');
  ukPlan = await insertPlan(h, { datasetId: await insertDataset(h, { ref: 'PAFX' }), name: 'Lookup 10k' });
  auPlan = await insertPlan(h, { datasetId: await insertDataset(h, { ref: 'GNAFX' }), name: 'Lookup AU', territory: 'australia' });
  // Client UK: one running bundle (10,000 clicks, 3,000 used, £300.00: 3p a click) and an ended one
  // (1,000 clicks, £30.00: 3p a click too), so the click limit counts the running one only.
  await setPrice(await insertBundle(h, { accountId: ukAccount, planId: ukPlan, clicks: 10_000, used: 3_000, start: now - 10 * day, end: now + 20 * day }), 30_000);
  await setPrice(await insertBundle(h, { accountId: ukAccount, planId: ukPlan, clicks: 1_000, used: 1_000, start: now - 400 * day, end: now - 35 * day }), 3_000);
  // Client AU: 1,000 clicks, 600 used, A$50.05 (5.005 cents a click), ending in 100 days.
  await setPrice(await insertBundle(h, { accountId: auAccount, planId: auPlan, clicks: 1_000, used: 600, start: now - 5 * day, end: now + 100 * day }), 5_005);
  // 3,000 clicks in the last 30 days for UK (100 a day), 600 for AU (20 a day).
  await insertUsage(h, { accountId: ukAccount, planId: ukPlan, day: today - 10 * day, clicks: 2_850 });
  await insertUsage(h, { accountId: ukAccount, planId: ukPlan, day: today - 2 * day, clicks: 100 });
  await insertUsage(h, { accountId: ukAccount, planId: ukPlan, day: today, clicks: 50 });
  await insertUsage(h, { accountId: auAccount, planId: auPlan, day: today - 5 * day, clicks: 593 });
  await insertUsage(h, { accountId: auAccount, planId: auPlan, day: today, clicks: 7 });
}, 60_000);
afterAll(() => h?.close());

describe('GET /partner/accountinfo', () => {
  it('lists each subscription of each client account with its clicks, dates and estimated expiry', async () => {
    const { status, body } = await call(h, owner, L.partnerAccountInfo, { query: { partnerId } });
    expect(status).toBe(200);
    const client = { organisationId: orgId, organisationName: 'Client Org' };
    expect(body).toEqual([
      // 7,000 left at 100 a day last 20 days past the bundle's end: it expires at the end date.
      { ...client, accountId: ukAccount, accountName: 'Client UK', planName: 'Lookup 10k', datasetType: 'PAFX', clickLimit: 10_000, usedClicks: 3_000,
        remainingClicks: 7_000, startDate: now - 10 * day, endDate: now + 20 * day, estimatedExpiryDate: now + 20 * day },
      // 400 left at 20 a day: 20 days, before the end in 100.
      { ...client, accountId: auAccount, accountName: 'Client AU', planName: 'Lookup AU', datasetType: 'GNAFX', clickLimit: 1_000, usedClicks: 600,
        remainingClicks: 400, startDate: now - 5 * day, endDate: now + 100 * day, estimatedExpiryDate: now + 20 * day },
    ]);
  });

  it('refuses a group that is not a partner', async () => {
    const staff = await signedIn(h, ['admin']);
    expect((await call(h, staff, L.partnerAccountInfo, { query: { partnerId: orgId } })).body).toEqual({ statusCode: 400, msg: leadMessages.notPartner });
  });
});

describe('GET /partner/console', () => {
  it('sums clicks and spend per client account per day, with totals per territory', async () => {
    const body = okBody(await call(h, owner, L.partnerConsole, { query: { partnerId, fromDate: now - 2 * day, toDate: now } }));
    const days = [today - 2 * day, today - day, today];
    expect(body).toMatchObject({ partnerId, fromDate: today - 2 * day, toDate: today + day, days });
    expect(body.accounts).toEqual([
      { organisationId: orgId, organisationName: 'Client Org', accountId: ukAccount, accountName: 'Client UK', territory: 'uk', clicks: 150, spend: 450,
        days: [{ day: days[0], clicks: 100, spend: 300 }, { day: days[1], clicks: 0, spend: 0 }, { day: days[2], clicks: 50, spend: 150 }] },
      // 7 clicks at 5.005 cents: 35.035, rounded to 35.
      { organisationId: orgId, organisationName: 'Client Org', accountId: auAccount, accountName: 'Client AU', territory: 'australia', clicks: 7, spend: 35,
        days: [{ day: days[0], clicks: 0, spend: 0 }, { day: days[1], clicks: 0, spend: 0 }, { day: days[2], clicks: 7, spend: 35 }] },
    ]);
    expect(body.totals).toEqual([{ territory: 'uk', clicks: 150, spend: 450 }, { territory: 'australia', clicks: 7, spend: 35 }]);
  });

  it('refuses a range that ends before it starts', async () => {
    const answer = await call(h, owner, L.partnerConsole, { query: { partnerId, fromDate: now, toDate: now - day } });
    expect(answer.status).toBe(400);
    expect(msgOf(answer)).toMatch(/^toDate: The range ends before it starts/);
  });
});
