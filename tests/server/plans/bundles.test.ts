// Bundles made by staff on an account: their price and length, their updates, what is refused with
// nothing written, and an account holding them that cannot be deleted.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '../../../contract/endpoint';
import { deleteGroup } from '../../../contract/groups/endpoints';
import * as Plans from '../../../contract/plans/endpoints';
import { call, msgOf, okBody } from '../support/api';
import type { Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, dumpCatalogueState, insertBundle, nowOf } from '../support/catalogue';
import { accountsWorld } from './fixtures';

let h: Harness;
let sales: Caller;
let owner: Caller;
let organisationId: number;
let ukAccount: number;
let auAccount: number;
let ukPlan: number;
let auPlan: number;

beforeAll(async () => {
  h = await createHarness();
  ({ sales, owner, organisationId, ukAccount, auAccount, ukPlan, auPlan } = await accountsWorld(h));
});
afterAll(() => h?.close());

type BundleInput = BodyOf<typeof Plans.createBundle>;
const createBundle = (body: BundleInput, q: { organisationId?: number; accountId?: number } = {}) =>
  call(h, sales, Plans.createBundle, { query: { organisationId, accountId: ukAccount, ...q }, body });
const bundleRow = async (bundleId: number) =>
  (await query<{ start_date: number; end_date: number; clicks: number }>(h.db, 'select * from bundles where id = $1', [bundleId])).rows[0];

describe('a bundle made by staff', () => {
  it("costs the plan's price for its clicks and lasts the plan's duration in calendar months", async () => {
    const start = Date.UTC(2030, 0, 31) / 1000;
    const body = okBody(await createBundle({ planId: ukPlan, clicks: 12_000, startDate: start }), 201);
    // 12,000 clicks fall in the 10,000+ band: 12,000 x £20.00 / 1,000 = £240.00.
    expect(body).toMatchObject({ planId: ukPlan, plan: 'Lookup UK', clicks: 12_000, usedClicks: 0, remainingClicks: 12_000, price: 24_000, source: 'staff', createdBy: sales.id });
    // 31 January plus one month: the last day of February.
    expect(body.endDate).toBe(Date.UTC(2030, 1, 28) / 1000);
    const { rows } = await query(h.db, 'select enabled, renew_clicks from subscriptions where account_id = $1 and plan_id = $2', [ukAccount, ukPlan]);
    expect(rows).toEqual([{ enabled: true, renew_clicks: 0 }]);
  });

  it('starts now without a start date, and keeps the price and end date it is given', async () => {
    const end = nowOf(h) + 10 * day;
    const body = okBody(await createBundle({ planId: ukPlan, clicks: 50, price: 0, endDate: end }), 201);
    expect(body).toMatchObject({ startDate: nowOf(h), endDate: end, price: 0, clicks: 50 });
  });

  // planId -1: the Australian plan, 0: the UK plan; organisationId -2: another organisation, -3: an account.
  type BadBundle = [string, Partial<BundleInput> & { planId: number }, { organisationId?: number; accountId?: number }, number, string];
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
    expect([response.status, response.body]).toEqual([status, { statusCode: status, msg }]);
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('is updated with a start date of 0 or less keeping its old start date (spec section 5)', async () => {
    const bundle = okBody(await createBundle({ planId: ukPlan, clicks: 2000 }), 201);
    for (const startDate of [0, -5]) {
      const updated = okBody(await call(h, sales, Plans.updateBundle, { query: { bundleId: bundle.bundleId }, body: { startDate, clicks: 3000 } }));
      expect(updated).toMatchObject({ startDate: bundle.startDate, endDate: bundle.endDate, clicks: 3000 });
      expect((await bundleRow(bundle.bundleId)).start_date).toBe(bundle.startDate);
    }
    const moved = await call(h, sales, Plans.updateBundle, { query: { bundleId: bundle.bundleId }, body: { startDate: bundle.startDate + day } });
    expect(okBody(moved).startDate).toBe(bundle.startDate + day);
  });

  it('is unchanged by an update that changes nothing (an empty body, or only a start date of 0)', async () => {
    const bundle = okBody(await createBundle({ planId: ukPlan, clicks: 2000 }), 201);
    const before = await dumpCatalogueState(h);
    for (const change of [{}, { startDate: 0 }]) {
      const updated = await call(h, sales, Plans.updateBundle, { query: { bundleId: bundle.bundleId }, body: change });
      expect([updated.status, updated.body]).toMatchObject([200, { bundleId: bundle.bundleId, clicks: 2000, startDate: bundle.startDate, endDate: bundle.endDate }]);
    }
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('never holds fewer clicks than it used, and is not deleted once used', async () => {
    const now = nowOf(h);
    const bundleId = await insertBundle(h, { accountId: ukAccount, planId: ukPlan, clicks: 1000, used: 400, start: now - day, end: now + day });
    const before = await dumpCatalogueState(h);
    const fewer = await call(h, sales, Plans.updateBundle, { query: { bundleId }, body: { clicks: 399 } });
    expect([fewer.status, fewer.body]).toEqual([400, { statusCode: 400, msg: '400 clicks of this bundle are used already: it cannot hold fewer' }]);
    const ended = await call(h, sales, Plans.updateBundle, { query: { bundleId }, body: { endDate: now - 2 * day } });
    expect(msgOf(ended)).toBe('A bundle must end after it starts');
    const deleted = await call(h, sales, Plans.deleteBundle, { query: { bundleId } });
    expect([deleted.status, deleted.body]).toEqual([409, { statusCode: 409, msg: '400 clicks of this bundle are used, so it cannot be deleted: end it early by setting its end date instead' }]);
    expect(await dumpCatalogueState(h)).toEqual(before);
    expect((await call(h, sales, Plans.updateBundle, { query: { bundleId }, body: { clicks: 400, endDate: now } })).body).toMatchObject({ remainingClicks: 0, endDate: now });
  });

  it('is deleted while unused, and then unknown', async () => {
    const { bundleId } = okBody(await createBundle({ planId: ukPlan, clicks: 1000 }), 201);
    const deleted = await call(h, sales, Plans.deleteBundle, { query: { bundleId } });
    expect([deleted.status, deleted.body]).toEqual([200, { msg: 'Bundle deleted' }]);
    const again = await call(h, sales, Plans.deleteBundle, { query: { bundleId } });
    expect([again.status, again.body]).toEqual([404, { statusCode: 404, msg: 'Bundle not found' }]);
    expect((await call(h, sales, Plans.updateBundle, { query: { bundleId: 3_000_000_000 }, body: { clicks: 5 } })).status).toBe(404);
  });
});

describe('an account holding subscriptions', () => {
  it('cannot be deleted, and /account/candelete says so', async () => {
    const account = await h.createGroup({ name: 'Holding UK', type: 'account', parentId: organisationId });
    const canDelete = async () => (await call(h, owner, Plans.canDeleteAccount, { query: { accountId: account } })).body;
    expect(await canDelete()).toBe(true);
    await createBundle({ planId: ukPlan, clicks: 1000 }, { accountId: account });
    expect(await canDelete()).toBe(false);
    const before = await dumpCatalogueState(h);
    const refused = await call(h, owner, deleteGroup, { query: { id: account } });
    expect([refused.status, refused.body]).toEqual([409, { statusCode: 409, msg: 'This account holds subscriptions to plans: it cannot be deleted' }]);
    expect(await dumpCatalogueState(h)).toEqual(before);
  });
});
