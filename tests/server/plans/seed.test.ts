// The demo catalogue (server/seedCatalogue.ts): a shop with something in it, and the demo owner's
// accounts holding a subscription in each state the services page explains.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Plans from '../../../contract/plans/endpoints';
import { dqServices, tierProblem } from '../../../contract/shared/catalogue';
import { demoPassword, seedDemo } from '../../../server/seed';
import { call, okBody } from '../support/api';
import type { Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';

let h: Harness;
let owner: Caller;
let admin: Caller;
const groupId = async (name: string) => (await query<{ id: number }>(h.db, 'select id from groups where name = $1', [name])).rows[0].id;

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, Math.floor(h.clock() / 1000));
  const as = async (email: string) => {
    const { jwt, id } = await h.login(email, demoPassword);
    return { id, email, headers: h.bearer(jwt) };
  };
  owner = await as('owner@example.com');
  admin = await as('admin@example.com');
});
afterAll(() => h?.close());

describe('the demo catalogue', () => {
  it('sells every service in both territories, bank code and address cleanse in the UK only, each plan pricing every quantity', async () => {
    const plans = okBody(await call(h, owner, Plans.listPlans, { query: {} }));
    const offered = (territory: string) => new Set(plans.filter((p) => p.territory === territory).map((p) => p.service));
    expect([...offered('uk')].sort()).toEqual([...dqServices].sort());
    expect([...offered('australia')].sort()).toEqual(['addresslookup', 'autocomplete', 'email', 'name']);
    for (const plan of plans) {
      expect(tierProblem(plan.pricing), plan.plan).toBeNull();
      expect(plan.deprecated).toBe(false);
    }
    expect(plans.find((p) => p.plan === 'Address Lookup UK')?.planFilter.length).toBeGreaterThan(0);
    expect(plans.find((p) => p.plan === 'Address Lookup UK')?.planComparison.length).toBeGreaterThan(0);
  });

  it('keeps deprecated plans, each naming the plan that replaces it, for staff', async () => {
    const body = okBody(await call(h, admin, Plans.listPlans, { query: { all: true } }));
    const deprecated = body.filter((p) => p.deprecated);
    expect(deprecated.length).toBeGreaterThanOrEqual(2);
    for (const plan of deprecated) {
      const successor = body.find((p) => p.planId === plan.deprecatedByPlanId);
      expect(successor?.plan).toBe(plan.deprecatedByPlan);
      expect(successor?.deprecated).toBe(false);
    }
  });

  it("gives Acme UK a subscription in each state, newest bundles first, and the active one a rising use", async () => {
    const plans = okBody(await call(h, owner, Plans.listAccountPlans, { query: { accountId: await groupId('Acme UK') } }));
    const byPlan = Object.fromEntries(plans.map((p) => [p.plan, p]));
    expect(byPlan['Address Lookup UK'].status).toBe('active');
    expect(byPlan['Email Validation UK'].status).toBe('empty');
    expect(byPlan['Bank Validation UK'].status).toBe('expired');
    expect(byPlan['Name Validation UK'].status).toBe('disabled');
    expect(byPlan['Address Cleanse UK'].status).toBe('scheduled');
    expect(byPlan['Address Autocomplete UK 2024']).toMatchObject({ status: 'active', deprecated: true, deprecatedByPlan: 'Address Autocomplete UK' });
    const active = byPlan['Address Lookup UK'];
    expect(active.clickConsumptionChange).toBeGreaterThan(0);
    expect(active.subscription.estimatedRenewalDate).not.toBeNull();
    for (const plan of plans) {
      const ids = plan.bundles.map((b) => b.bundleId);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    }
  });

  it('gives the other demo accounts bundles too', async () => {
    for (const name of ['Acme Australia', 'Northwind Retail UK', 'Northwind Retail AU']) {
      const { rows } = await query<{ n: number }>(h.db, 'select count(*)::int as n from bundles where account_id = $1', [await groupId(name)]);
      expect(rows[0].n, name).toBeGreaterThan(0);
    }
  });
});
