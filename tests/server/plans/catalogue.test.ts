// Datasets, plans, filters and comparisons: what admin builds, what customers see, and
// the "Bad input" of the issue, each a clear 4xx with nothing half written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../contract/plans/entities';
import { sendRaw, signedIn, type Caller } from '../support/calls';
import { createHarness, type Harness } from '../support/harness';
import { day, dumpCatalogueState, insertBundle, insertDataset, insertPlan, nowOf, plans, twoTiers } from '../support/catalogue';
import { planBody } from './fixtures';

let h: Harness;
let admin: Caller;
let customer: Caller;
let accountId: number;

beforeAll(async () => {
  h = await createHarness();
  admin = await signedIn(h, ['admin']);
  customer = await signedIn(h);
  const organisation = await h.createGroup({ name: 'Catalogue Org', type: 'organisation' });
  accountId = await h.createGroup({ name: 'Catalogue UK', type: 'account', parentId: organisation });
  await h.addToGroup(organisation, customer.id, 'owner');
});
afterAll(() => h?.close());

describe('datasets', () => {
  it('are created with an upper-case unique reference, updated field by field, and listed with their plan count', async () => {
    const created = await sendRaw(h, admin, plans('POST', '/datasets', {}, { dataset: 'Royal Mail PAF', datasetRef: 'paf-test', service: 'addresslookup', description: 'Every UK address' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ dataset: 'Royal Mail PAF', datasetRef: 'PAF-TEST', service: 'addresslookup', planCount: 0, createdBy: admin.id });
    const again = await sendRaw(h, admin, plans('POST', '/datasets', {}, { dataset: 'Copy', datasetRef: 'PAF-TEST', service: 'email' }));
    expect(again).toEqual({ status: 409, body: { statusCode: 409, msg: 'A dataset with the reference PAF-TEST already exists' } });

    const renamed = await sendRaw(h, admin, plans('PUT', '/datasets', { datasetId: created.body.datasetId }, { dataset: 'PAF' }));
    expect(renamed.body).toMatchObject({ dataset: 'PAF', description: 'Every UK address', service: 'addresslookup' });

    await insertPlan(h, { datasetId: created.body.datasetId });
    const listed = await sendRaw(h, customer, plans('GET', '/datasets', { datasetId: created.body.datasetId }));
    expect(listed.body).toEqual([expect.objectContaining({ datasetId: created.body.datasetId, planCount: 1 })]);
  });

  it('keep their service while plans use them', async () => {
    const datasetId = await insertDataset(h);
    await insertPlan(h, { datasetId });
    const before = await dumpCatalogueState(h);
    const { status, body } = await sendRaw(h, admin, plans('PUT', '/datasets', { datasetId }, { service: 'email' }));
    expect(status).toBe(409);
    expect(body.msg).toBe('Plans use this dataset, so its service cannot change: make a new dataset instead');
    expect(await dumpCatalogueState(h)).toEqual(before);
  });
});

describe('plans', () => {
  it('are created with two tiers and a formula, and customers see them while on sale', async () => {
    const datasetId = await insertDataset(h);
    const now = nowOf(h);
    const { status, body } = await sendRaw(h, admin, plans('POST', '/plans', {}, planBody(datasetId, now, { plan: 'Lookup Two Tiers', territory: 'United Kingdom' })));
    expect(status).toBe(201);
    const plan = body as Plan;
    expect(plan).toMatchObject({ plan: 'Lookup Two Tiers', territory: 'uk', calculator: 'volume', pricing: twoTiers, deprecated: false, planFilter: [], planComparison: [] });
    expect(plan.formula).toBe('Every click at the rate of the band the quantity falls in. 1,000–9,999 clicks: £30.00 per 1,000 clicks; 10,000+ clicks: £20.00 per 1,000 clicks');
    const seen = await sendRaw(h, customer, plans('GET', '/plans', { planId: plan.planId }));
    expect(seen.body).toEqual([plan]);
  });

  it('out of their window or deprecated are shown to staff asking for all, not to customers', async () => {
    const datasetId = await insertDataset(h);
    const now = nowOf(h);
    const onSale = await insertPlan(h, { datasetId, name: 'On sale' });
    const future = await insertPlan(h, { datasetId, name: 'Next month', availableStart: now + 30 * day });
    const over = await insertPlan(h, { datasetId, name: 'Finished', availableStart: now - 90 * day, availableEnd: now - day });
    const old = await insertPlan(h, { datasetId, name: 'Old', deprecatedBy: onSale });
    const names = (body: Plan[]) => body.map((p) => p.plan).sort();
    expect(names((await sendRaw(h, customer, plans('GET', '/plans', { datasetId }))).body)).toEqual(['On sale']);
    expect(names((await sendRaw(h, admin, plans('GET', '/plans', { datasetId }))).body)).toEqual(['On sale']);
    const all = (await sendRaw(h, admin, plans('GET', '/plans', { datasetId, all: true }))).body as Plan[];
    expect(names(all)).toEqual(['Finished', 'Next month', 'Old', 'On sale']);
    expect(all.find((p) => p.planId === old)).toMatchObject({ deprecated: true, deprecatedByPlan: 'On sale', deprecatedByPlanId: onSale });
    // Their filters are theirs too: a customer asking for them learns only that there is no such plan.
    for (const planId of [future, over, old]) {
      expect((await sendRaw(h, customer, plans('GET', '/filters', { planId }))).body).toEqual({ statusCode: 404, msg: 'Plan not found' });
      expect((await sendRaw(h, admin, plans('GET', '/filters', { planId }))).status).toBe(200);
    }
  });

  it('are updated field by field, checked against the stored fields', async () => {
    const datasetId = await insertDataset(h);
    const now = nowOf(h);
    const planId = await insertPlan(h, { datasetId, availableStart: now - day });
    const { status, body } = await sendRaw(h, admin, plans('PUT', '/plans', { planId }, { description: 'New words', calculator: 'graduated' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ description: 'New words', calculator: 'graduated', pricing: twoTiers, updatedBy: admin.id });
    const before = await dumpCatalogueState(h);
    const ended = await sendRaw(h, admin, plans('PUT', '/plans', { planId }, { availableEnd: now - 2 * day }));
    expect(ended).toEqual({ status: 400, body: { statusCode: 400, msg: 'availableEnd: The availability window must end after it starts' } });
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('deprecated by a newer plan pass the plans they replaced on to it', async () => {
    const datasetId = await insertDataset(h);
    const [a, b, c] = [await insertPlan(h, { datasetId }), await insertPlan(h, { datasetId }), await insertPlan(h, { datasetId })];
    expect((await sendRaw(h, admin, plans('PUT', '/plans', { planId: a }, { deprecatedByPlanId: b }))).body).toMatchObject({ deprecated: true, deprecatedByPlanId: b });
    expect((await sendRaw(h, admin, plans('PUT', '/plans', { planId: b }, { deprecatedByPlanId: c }))).status).toBe(200);
    const all = (await sendRaw(h, admin, plans('GET', '/plans', { datasetId, all: true }))).body as Plan[];
    expect(all.find((p) => p.planId === a)?.deprecatedByPlanId).toBe(c);
    // Back on sale: no longer deprecated.
    expect((await sendRaw(h, admin, plans('PUT', '/plans', { planId: b }, { deprecatedByPlanId: null }))).body).toMatchObject({ deprecated: false, deprecatedByPlan: null });
  });

  it('with subscribers keep their territory, and are not deleted', async () => {
    const datasetId = await insertDataset(h);
    const now = nowOf(h);
    const planId = await insertPlan(h, { datasetId });
    await insertBundle(h, { accountId, planId, clicks: 1000, start: now, end: now + day });
    const before = await dumpCatalogueState(h);
    const moved = await sendRaw(h, admin, plans('PUT', '/plans', { planId }, { territory: 'aus' }));
    expect(moved.status).toBe(409);
    expect(moved.body.msg).toBe('Accounts subscribe to this plan, so its service and territory cannot change: make a new plan and deprecate this one');
    const deleted = await sendRaw(h, admin, plans('DELETE', '/plans', { planId }));
    expect(deleted).toEqual({ status: 409, body: { statusCode: 409, msg: '1 account subscribes to this plan, so it cannot be deleted: mark it deprecated by a newer plan instead' } });
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('are deleted with their filters and comparisons; then their dataset may go', async () => {
    const datasetId = await insertDataset(h);
    const planId = await insertPlan(h, { datasetId });
    await sendRaw(h, admin, plans('POST', '/filters', { planId }, { description: 'Small business', category: 'Size' }));
    await sendRaw(h, admin, plans('POST', '/comparison', { planId }, { description: 'PAF daily' }));
    const usedDataset = await sendRaw(h, admin, plans('DELETE', '/datasets', { datasetId }));
    expect(usedDataset).toEqual({ status: 409, body: { statusCode: 409, msg: '1 plan uses this dataset: delete it or move it to another dataset first' } });
    expect(await sendRaw(h, admin, plans('DELETE', '/plans', { planId }))).toEqual({ status: 200, body: { msg: 'Plan deleted' } });
    const state = await dumpCatalogueState(h);
    expect(state.filters.filter((f) => f.plan_id === planId)).toEqual([]);
    expect(state.comparisons.filter((c) => c.plan_id === planId)).toEqual([]);
    expect(await sendRaw(h, admin, plans('DELETE', '/datasets', { datasetId }))).toEqual({ status: 200, body: { msg: 'Dataset deleted' } });
  });
});

describe('filters and comparisons', () => {
  it('are added in display order, updated field by field and deleted', async () => {
    const planId = await insertPlan(h, { datasetId: await insertDataset(h) });
    const second = await sendRaw(h, admin, plans('POST', '/filters', { planId }, { description: 'Enterprise', category: 'Size', displayOrder: 2 }));
    const first = await sendRaw(h, admin, plans('POST', '/filters', { planId }, { description: 'Checkout forms', category: 'Use', displayOrder: 1 }));
    expect(second.status).toBe(201);
    const listed = await sendRaw(h, customer, plans('GET', '/filters', { planId }));
    expect(listed.body.map((f: { description: string }) => f.description)).toEqual(['Checkout forms', 'Enterprise']);
    const updated = await sendRaw(h, admin, plans('PUT', '/filters', { filterId: first.body.filterId }, { description: 'Sign-up forms' }));
    expect(updated.body).toEqual({ filterId: first.body.filterId, planId, description: 'Sign-up forms', category: 'Use', displayOrder: 1 });
    expect((await sendRaw(h, admin, plans('DELETE', '/filters', { filterId: second.body.filterId }))).body).toEqual({ msg: 'Filter deleted' });
    expect((await sendRaw(h, admin, plans('DELETE', '/filters', { filterId: second.body.filterId }))).body).toEqual({ statusCode: 404, msg: 'Filter not found' });

    const line = await sendRaw(h, admin, plans('POST', '/comparison', { planId }, { description: 'Royal Mail PAF', displayOrder: 3 }));
    expect(line.body).toEqual({ comparisonId: line.body.comparisonId, planId, description: 'Royal Mail PAF', displayOrder: 3 });
    const moved = await sendRaw(h, admin, plans('PUT', '/comparison', { comparisonId: line.body.comparisonId }, { displayOrder: 1 }));
    expect(moved.body).toMatchObject({ description: 'Royal Mail PAF', displayOrder: 1 });
    expect((await sendRaw(h, customer, plans('GET', '/plans', { planId }))).body[0].planComparison).toEqual([moved.body]);
    expect((await sendRaw(h, admin, plans('DELETE', '/comparison', { comparisonId: line.body.comparisonId }))).body).toEqual({ msg: 'Comparison deleted' });
  });
});

describe('bad input: a clear 4xx and nothing written', () => {
  const cases: [string, () => Promise<[Parameters<typeof plans>, number, string]>][] = [
    ['an unknown dataset for a plan', async () => [['POST', '/plans', {}, planBody(2_000_000, nowOf(h))], 404, 'Dataset not found']],
    ['an unknown plan to update', async () => [['PUT', '/plans', { planId: 2_000_000 }, { description: 'x' }], 404, 'Plan not found']],
    ['an unknown plan to delete', async () => [['DELETE', '/plans', { planId: 3_000_000_000 }], 404, 'Plan not found']],
    ['an unknown dataset to update', async () => [['PUT', '/datasets', { datasetId: 2_000_000 }, { description: 'x' }], 404, 'Dataset not found']],
    ['an unknown dataset to delete', async () => [['DELETE', '/datasets', { datasetId: 2_000_000 }], 404, 'Dataset not found']],
    ['a filter for an unknown plan', async () => [['POST', '/filters', { planId: 2_000_000 }, { description: 'd', category: 'c' }], 404, 'Plan not found']],
    ['an unknown comparison', async () => [['PUT', '/comparison', { comparisonId: 2_000_000 }, { description: 'd' }], 404, 'Comparison not found']],
    ['a negative price', async () => [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { pricing: [{ fromClicks: 1, toClicks: null, pricePer1000: -5 }] })], 400, 'pricePer1000: Prices cannot be negative (item 1)']],
    ['a fractional price', async () => [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { pricing: [{ fromClicks: 1, toClicks: null, pricePer1000: 2.5 }] })], 400, 'pricePer1000: Prices are whole minor units (pence or cents) (item 1)']],
    ['fractional clicks', async () => [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { pricing: [{ fromClicks: 1.5, toClicks: null, pricePer1000: 100 }] })], 400, 'fromClicks: Clicks must be whole numbers (item 1)']],
    ['negative clicks', async () => [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { pricing: [{ fromClicks: -10, toClicks: null, pricePer1000: 100 }] })], 400, 'fromClicks: Clicks start at 1 (item 1)']],
    ['a window ending before it starts', async () => [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { availableStart: 2000, availableEnd: 1000 })], 400, 'availableEnd: The availability window must end after it starts']],
    ['overlapping tiers', async () => [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { pricing: [{ fromClicks: 1000, toClicks: 9999, pricePer1000: 3000 }, { fromClicks: 5000, toClicks: null, pricePer1000: 2000 }] })], 400, 'pricing: Price tiers overlap: 1,000–9,999 and 5,000+']],
    ['an unknown territory', async () => [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { territory: 'france' })], 400, 'territory: Unknown territory']],
    ['a plan replacing itself', async () => {
      const planId = await insertPlan(h, { datasetId: await insertDataset(h) });
      return [['PUT', '/plans', { planId }, { deprecatedByPlanId: planId }], 400, 'A plan cannot be replaced by itself'];
    }],
    ['an unknown replacing plan', async () => [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { deprecatedByPlanId: 2_000_000 })], 404, 'The plan that replaces this one was not found']],
    ['a replacing plan of another service', async () => {
      const other = await insertPlan(h, { datasetId: await insertDataset(h, { service: 'email' }) });
      return [['POST', '/plans', {}, planBody(await insertDataset(h), nowOf(h), { deprecatedByPlanId: other })], 400, 'A plan can only be replaced by a plan of the same service'];
    }],
    ['a replacing plan that is itself replaced', async () => {
      const datasetId = await insertDataset(h);
      const newest = await insertPlan(h, { datasetId });
      const middle = await insertPlan(h, { datasetId, name: 'Middle plan', deprecatedBy: newest });
      return [['POST', '/plans', {}, planBody(datasetId, nowOf(h), { deprecatedByPlanId: middle })], 400, 'Middle plan is itself replaced: choose the plan that replaces it'];
    }],
    ['a dataset reference of one letter', async () => [['POST', '/datasets', {}, { dataset: 'x', datasetRef: 'x', service: 'email' }], 400, 'datasetRef: A reference is 2 to 32 letters, digits, - or _']],
    ['an unknown service', async () => [['POST', '/datasets', {}, { dataset: 'x', datasetRef: 'XY', service: 'weather' }], 400, 'service: Choose the service the dataset belongs to']],
  ];

  it.each(cases)('%s', async (_, build) => {
    const [[method, path, q, payload], status, msg] = await build();
    const before = await dumpCatalogueState(h);
    const response = await sendRaw(h, admin, plans(method, path, q, payload));
    expect(response).toEqual({ status, body: { statusCode: status, msg } });
    expect(await dumpCatalogueState(h)).toEqual(before);
  });
});
