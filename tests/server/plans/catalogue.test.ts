// Datasets, plans, filters and comparisons: what admin builds, what customers see, and
// the "Bad input" of the issue, each a clear 4xx with nothing half written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msgOf, okBody, type Answer } from '../support/api';
import * as Plans from '../../../contract/plans/endpoints';
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
    const created = okBody(await call(h, admin, Plans.createDataset, { body: { dataset: 'Royal Mail PAF', datasetRef: 'paf-test', service: 'addresslookup', description: 'Every UK address' } }), 201);
    expect(created).toMatchObject({ dataset: 'Royal Mail PAF', datasetRef: 'PAF-TEST', service: 'addresslookup', planCount: 0, createdBy: admin.id });
    const again = await call(h, admin, Plans.createDataset, { body: { dataset: 'Copy', datasetRef: 'PAF-TEST', service: 'email' } });
    expect([again.status, again.body]).toEqual([409, { statusCode: 409, msg: 'A dataset with the reference PAF-TEST already exists' }]);

    const renamed = await call(h, admin, Plans.updateDataset, { query: { datasetId: created.datasetId }, body: { dataset: 'PAF' } });
    expect(renamed.body).toMatchObject({ dataset: 'PAF', description: 'Every UK address', service: 'addresslookup' });

    await insertPlan(h, { datasetId: created.datasetId });
    const listed = await call(h, customer, Plans.listDatasets, { query: { datasetId: created.datasetId } });
    expect(listed.body).toEqual([expect.objectContaining({ datasetId: created.datasetId, planCount: 1 })]);
  });

  it('keep their service while plans use them', async () => {
    const datasetId = await insertDataset(h);
    await insertPlan(h, { datasetId });
    const before = await dumpCatalogueState(h);
    const changed = await call(h, admin, Plans.updateDataset, { query: { datasetId }, body: { service: 'email' } });
    expect(changed.status).toBe(409);
    expect(msgOf(changed)).toBe('Plans use this dataset, so its service cannot change: make a new dataset instead');
    expect(await dumpCatalogueState(h)).toEqual(before);
  });
});

describe('plans', () => {
  it('are created with two tiers and a formula, and customers see them while on sale', async () => {
    const datasetId = await insertDataset(h);
    const now = nowOf(h);
    const plan = okBody(await call(h, admin, Plans.createPlan, { body: planBody(datasetId, now, { plan: 'Lookup Two Tiers', territory: 'United Kingdom' }) }), 201);
    expect(plan).toMatchObject({ plan: 'Lookup Two Tiers', territory: 'uk', calculator: 'volume', pricing: twoTiers, deprecated: false, planFilter: [], planComparison: [] });
    expect(plan.formula).toBe('Every click at the rate of the band the quantity falls in. 1,000–9,999 clicks: £30.00 per 1,000 clicks; 10,000+ clicks: £20.00 per 1,000 clicks');
    const seen = await call(h, customer, Plans.listPlans, { query: { planId: plan.planId } });
    expect(okBody(seen)).toEqual([plan]);
  });

  it('out of their window or deprecated are shown to staff asking for all, not to customers', async () => {
    const datasetId = await insertDataset(h);
    const now = nowOf(h);
    const onSale = await insertPlan(h, { datasetId, name: 'On sale' });
    const future = await insertPlan(h, { datasetId, name: 'Next month', availableStart: now + 30 * day });
    const over = await insertPlan(h, { datasetId, name: 'Finished', availableStart: now - 90 * day, availableEnd: now - day });
    const old = await insertPlan(h, { datasetId, name: 'Old', deprecatedBy: onSale });
    const names = (body: Plan[]) => body.map((p) => p.plan).sort();
    expect(names(okBody(await call(h, customer, Plans.listPlans, { query: { datasetId } })))).toEqual(['On sale']);
    expect(names(okBody(await call(h, admin, Plans.listPlans, { query: { datasetId } })))).toEqual(['On sale']);
    const all = okBody(await call(h, admin, Plans.listPlans, { query: { datasetId, all: true } }));
    expect(names(all)).toEqual(['Finished', 'Next month', 'Old', 'On sale']);
    expect(all.find((p) => p.planId === old)).toMatchObject({ deprecated: true, deprecatedByPlan: 'On sale', deprecatedByPlanId: onSale });
    // Their filters are theirs too: a customer asking for them learns only that there is no such plan.
    for (const planId of [future, over, old]) {
      expect((await call(h, customer, Plans.listFilters, { query: { planId } })).body).toEqual({ statusCode: 404, msg: 'Plan not found' });
      expect((await call(h, admin, Plans.listFilters, { query: { planId } })).status).toBe(200);
    }
  });

  it('are updated field by field, checked against the stored fields', async () => {
    const datasetId = await insertDataset(h);
    const now = nowOf(h);
    const planId = await insertPlan(h, { datasetId, availableStart: now - day });
    const updated = okBody(await call(h, admin, Plans.updatePlan, { query: { planId }, body: { description: 'New words', calculator: 'graduated' } }));
    expect(updated).toMatchObject({ description: 'New words', calculator: 'graduated', pricing: twoTiers, updatedBy: admin.id });
    const before = await dumpCatalogueState(h);
    const ended = await call(h, admin, Plans.updatePlan, { query: { planId }, body: { availableEnd: now - 2 * day } });
    expect([ended.status, ended.body]).toEqual([400, { statusCode: 400, msg: 'availableEnd: The availability window must end after it starts' }]);
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('deprecated by a newer plan pass the plans they replaced on to it', async () => {
    const datasetId = await insertDataset(h);
    const [a, b, c] = [await insertPlan(h, { datasetId }), await insertPlan(h, { datasetId }), await insertPlan(h, { datasetId })];
    expect(okBody(await call(h, admin, Plans.updatePlan, { query: { planId: a }, body: { deprecatedByPlanId: b } }))).toMatchObject({ deprecated: true, deprecatedByPlanId: b });
    expect((await call(h, admin, Plans.updatePlan, { query: { planId: b }, body: { deprecatedByPlanId: c } })).status).toBe(200);
    const all = okBody(await call(h, admin, Plans.listPlans, { query: { datasetId, all: true } }));
    expect(all.find((p) => p.planId === a)?.deprecatedByPlanId).toBe(c);
    // Back on sale: no longer deprecated.
    expect(okBody(await call(h, admin, Plans.updatePlan, { query: { planId: b }, body: { deprecatedByPlanId: null } }))).toMatchObject({ deprecated: false, deprecatedByPlan: null });
  });

  it('with subscribers keep their territory, and are not deleted', async () => {
    const datasetId = await insertDataset(h);
    const now = nowOf(h);
    const planId = await insertPlan(h, { datasetId });
    await insertBundle(h, { accountId, planId, clicks: 1000, start: now, end: now + day });
    const before = await dumpCatalogueState(h);
    const moved = await call(h, admin, Plans.updatePlan, { query: { planId }, body: { territory: 'aus' } });
    expect(moved.status).toBe(409);
    expect(msgOf(moved)).toBe('Accounts subscribe to this plan, so its service and territory cannot change: make a new plan and deprecate this one');
    const deleted = await call(h, admin, Plans.deletePlan, { query: { planId } });
    expect([deleted.status, deleted.body]).toEqual([409, { statusCode: 409, msg: '1 account subscribes to this plan, so it cannot be deleted: mark it deprecated by a newer plan instead' }]);
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('are deleted with their filters and comparisons; then their dataset may go', async () => {
    const datasetId = await insertDataset(h);
    const planId = await insertPlan(h, { datasetId });
    await call(h, admin, Plans.createFilter, { query: { planId }, body: { description: 'Small business', category: 'Size' } });
    await call(h, admin, Plans.createComparison, { query: { planId }, body: { description: 'PAF daily' } });
    const usedDataset = await call(h, admin, Plans.deleteDataset, { query: { datasetId } });
    expect([usedDataset.status, usedDataset.body]).toEqual([409, { statusCode: 409, msg: '1 plan uses this dataset: delete it or move it to another dataset first' }]);
    expect(okBody(await call(h, admin, Plans.deletePlan, { query: { planId } }))).toEqual({ msg: 'Plan deleted' });
    const state = await dumpCatalogueState(h);
    expect(state.filters.filter((f) => f.plan_id === planId)).toEqual([]);
    expect(state.comparisons.filter((c) => c.plan_id === planId)).toEqual([]);
    expect(okBody(await call(h, admin, Plans.deleteDataset, { query: { datasetId } }))).toEqual({ msg: 'Dataset deleted' });
  });
});

describe('filters and comparisons', () => {
  it('are added in display order, updated field by field and deleted', async () => {
    const planId = await insertPlan(h, { datasetId: await insertDataset(h) });
    const second = okBody(await call(h, admin, Plans.createFilter, { query: { planId }, body: { description: 'Enterprise', category: 'Size', displayOrder: 2 } }), 201);
    const first = okBody(await call(h, admin, Plans.createFilter, { query: { planId }, body: { description: 'Checkout forms', category: 'Use', displayOrder: 1 } }), 201);
    const listed = okBody(await call(h, customer, Plans.listFilters, { query: { planId } }));
    expect(listed.map((f) => f.description)).toEqual(['Checkout forms', 'Enterprise']);
    const updated = await call(h, admin, Plans.updateFilter, { query: { filterId: first.filterId }, body: { description: 'Sign-up forms' } });
    expect(updated.body).toEqual({ filterId: first.filterId, planId, description: 'Sign-up forms', category: 'Use', displayOrder: 1 });
    expect(okBody(await call(h, admin, Plans.deleteFilter, { query: { filterId: second.filterId } }))).toEqual({ msg: 'Filter deleted' });
    expect((await call(h, admin, Plans.deleteFilter, { query: { filterId: second.filterId } })).body).toEqual({ statusCode: 404, msg: 'Filter not found' });

    const line = okBody(await call(h, admin, Plans.createComparison, { query: { planId }, body: { description: 'Royal Mail PAF', displayOrder: 3 } }), 201);
    expect(line).toEqual({ comparisonId: line.comparisonId, planId, description: 'Royal Mail PAF', displayOrder: 3 });
    const moved = okBody(await call(h, admin, Plans.updateComparison, { query: { comparisonId: line.comparisonId }, body: { displayOrder: 1 } }));
    expect(moved).toMatchObject({ description: 'Royal Mail PAF', displayOrder: 1 });
    expect(okBody(await call(h, customer, Plans.listPlans, { query: { planId } }))[0].planComparison).toEqual([moved]);
    expect(okBody(await call(h, admin, Plans.deleteComparison, { query: { comparisonId: line.comparisonId } }))).toEqual({ msg: 'Comparison deleted' });
  });
});

describe('bad input: a clear 4xx and nothing written', () => {
  /** Each case: its setup, then the request (sent after the state is read) and the refusal it must get. */
  type Sent = { status: number; body: unknown };
  const sent = <E>(answer: Answer<E>): Sent => ({ status: answer.status, body: answer.body });
  /** A new plan on a new dataset with the overrides: the dataset is made before the state is read. */
  const newPlan = async (overrides: Parameters<typeof planBody>[2]) => {
    const body = planBody(await insertDataset(h), nowOf(h), overrides);
    return async () => sent(await call(h, admin, Plans.createPlan, { body }));
  };
  const cases: [string, () => Promise<[() => Promise<Sent>, number, string]>][] = [
    ['an unknown dataset for a plan', async () => [async () => sent(await call(h, admin, Plans.createPlan, { body: planBody(2_000_000, nowOf(h)) })), 404, 'Dataset not found']],
    ['an unknown plan to update', async () => [async () => sent(await call(h, admin, Plans.updatePlan, { query: { planId: 2_000_000 }, body: { description: 'x' } })), 404, 'Plan not found']],
    ['an unknown plan to delete', async () => [async () => sent(await call(h, admin, Plans.deletePlan, { query: { planId: 3_000_000_000 } })), 404, 'Plan not found']],
    ['an unknown dataset to update', async () => [async () => sent(await call(h, admin, Plans.updateDataset, { query: { datasetId: 2_000_000 }, body: { description: 'x' } })), 404, 'Dataset not found']],
    ['an unknown dataset to delete', async () => [async () => sent(await call(h, admin, Plans.deleteDataset, { query: { datasetId: 2_000_000 } })), 404, 'Dataset not found']],
    ['a filter for an unknown plan', async () => [async () => sent(await call(h, admin, Plans.createFilter, { query: { planId: 2_000_000 }, body: { description: 'd', category: 'c' } })), 404, 'Plan not found']],
    ['an unknown comparison', async () => [async () => sent(await call(h, admin, Plans.updateComparison, { query: { comparisonId: 2_000_000 }, body: { description: 'd' } })), 404, 'Comparison not found']],
    ['a negative price', async () => [await newPlan({ pricing: [{ fromClicks: 1, toClicks: null, pricePer1000: -5 }] }), 400, 'pricePer1000: Prices cannot be negative (item 1)']],
    ['a fractional price', async () => [await newPlan({ pricing: [{ fromClicks: 1, toClicks: null, pricePer1000: 2.5 }] }), 400, 'pricePer1000: Prices are whole minor units (pence or cents) (item 1)']],
    ['fractional clicks', async () => [await newPlan({ pricing: [{ fromClicks: 1.5, toClicks: null, pricePer1000: 100 }] }), 400, 'fromClicks: Clicks must be whole numbers (item 1)']],
    ['negative clicks', async () => [await newPlan({ pricing: [{ fromClicks: -10, toClicks: null, pricePer1000: 100 }] }), 400, 'fromClicks: Clicks start at 1 (item 1)']],
    ['a window ending before it starts', async () => [await newPlan({ availableStart: 2000, availableEnd: 1000 }), 400, 'availableEnd: The availability window must end after it starts']],
    ['overlapping tiers', async () => [await newPlan({ pricing: [{ fromClicks: 1000, toClicks: 9999, pricePer1000: 3000 }, { fromClicks: 5000, toClicks: null, pricePer1000: 2000 }] }), 400, 'pricing: Price tiers overlap: 1,000–9,999 and 5,000+']],
    ['an unknown territory', async () => [await newPlan({ territory: 'france' }), 400, 'territory: Unknown territory']],
    ['a plan replacing itself', async () => {
      const planId = await insertPlan(h, { datasetId: await insertDataset(h) });
      return [async () => sent(await call(h, admin, Plans.updatePlan, { query: { planId }, body: { deprecatedByPlanId: planId } })), 400, 'A plan cannot be replaced by itself'];
    }],
    ['an unknown replacing plan', async () => [await newPlan({ deprecatedByPlanId: 2_000_000 }), 404, 'The plan that replaces this one was not found']],
    ['a replacing plan of another service', async () => {
      const other = await insertPlan(h, { datasetId: await insertDataset(h, { service: 'email' }) });
      return [await newPlan({ deprecatedByPlanId: other }), 400, 'A plan can only be replaced by a plan of the same service'];
    }],
    ['a replacing plan that is itself replaced', async () => {
      const datasetId = await insertDataset(h);
      const newest = await insertPlan(h, { datasetId });
      const middle = await insertPlan(h, { datasetId, name: 'Middle plan', deprecatedBy: newest });
      return [async () => sent(await call(h, admin, Plans.createPlan, { body: planBody(datasetId, nowOf(h), { deprecatedByPlanId: middle }) })), 400, 'Middle plan is itself replaced: choose the plan that replaces it'];
    }],
    ['a dataset reference of one letter', async () => [async () => sent(await call(h, admin, Plans.createDataset, { body: { dataset: 'x', datasetRef: 'x', service: 'email' } })), 400, 'datasetRef: A reference is 2 to 32 letters, digits, - or _']],
    // A service the contract's type refuses: sent raw.
    ['an unknown service', async () => [() => sendRaw(h, admin, plans('POST', '/datasets', {}, { dataset: 'x', datasetRef: 'XY', service: 'weather' })), 400, 'service: Choose the service the dataset belongs to']],
  ];

  it.each(cases)('%s', async (_, build) => {
    const [send, status, msg] = await build();
    const before = await dumpCatalogueState(h);
    const response = await send();
    expect(response).toEqual({ status, body: { statusCode: status, msg } });
    expect(await dumpCatalogueState(h)).toEqual(before);
  });
});
