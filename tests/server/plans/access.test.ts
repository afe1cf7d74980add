// The access matrix of the plans manager: every call of contract/plans/endpoints.ts for every demo
// user. Refused callers get 403 and change nothing; allowed ones get their answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import * as planEndpoints from '../../../contract/plans/endpoints';
import { accessRefusals } from '../../../contract/shared/access';
import { validateFirst } from '../../../server/errors';
import { demoPassword, demoUsers, seedDemo } from '../../../server/seed';
import { sendRaw, type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, dumpCatalogueState, insertBundle, insertDataset, insertPaidBundle, insertPlan, nowOf, plans } from '../support/catalogue';
import { planBody } from './fixtures';

let h: Harness;
const users = new Map<string, Caller>();
let t: Targets;

type Targets = {
  organisationId: number;
  accountId: number;
  /** A plan Acme UK subscribes to. */
  planId: number;
  datasetId: number;
  filterId: number;
  comparisonId: number;
  bundleId: number;
};

const idOf = async (table: 'groups' | 'plans', name: string) =>
  (await query<{ id: number }>(h.db, `select id from ${table} where name = $1`, [name])).rows[0].id;

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, nowOf(h));
  for (const [email, caller] of await signInDemoUsers(h)) users.set(email, caller);
  const planId = await idOf('plans', 'Address Lookup UK');
  t = {
    organisationId: await idOf('groups', 'Acme Trading'),
    accountId: await idOf('groups', 'Acme UK'),
    planId,
    ...(await fresh()),
  };
  // Eight logins (argon2 on purpose) and the whole demo seed: slow on a busy machine.
}, 120_000);
afterAll(() => h?.close());

/** Rows an allowed call may change or delete, new for each call so every call finds its target. */
async function fresh() {
  const now = nowOf(h);
  const datasetId = await insertDataset(h);
  const planId = await insertPlan(h, { datasetId });
  const row = async (sql: string) => (await query<{ id: number }>(h.db, sql, [planId])).rows[0].id;
  return {
    datasetId,
    filterId: await row(`insert into plan_filters (plan_id, description, category) values ($1, 'f', 'c') returning id`),
    comparisonId: await row(`insert into plan_comparisons (plan_id, description) values ($1, 'c') returning id`),
    // On a plan of its own, so the fresh plan has no subscribers and may be deleted.
    bundleId: await insertBundle(h, { accountId: await idOf('groups', 'Acme UK'), planId: await insertPlan(h, { datasetId }), clicks: 1000, start: now, end: now + 30 * day }),
    freshPlanId: planId,
    paidBundleId: await insertPaidBundle(h, { accountId: await idOf('groups', 'Acme UK'), planId: await insertPlan(h, { datasetId }), clicks: 1000, price: 3000, start: now, end: now + 30 * day }),
  };
}
type Fresh = Awaited<ReturnType<typeof fresh>>;

const everyone = ['super', 'admin', 'sales', 'owner', 'member', 'partner', 'referrer'];
const staff = ['super', 'admin', 'sales'];
const admins = ['super', 'admin'];
let refs = 0;

// Each call: who may make it (demo user names before @example.com) and the request, built from the
// targets (for refused callers, the shared ones; for allowed callers, fresh ones where it writes).
const calls: Record<keyof typeof planEndpoints, { allowed: string[]; build: (t: Targets & Partial<Fresh>) => InjectOptions; basic?: true }> = {
  canDeleteAccount: { allowed: everyone.filter((u) => !['partner', 'referrer'].includes(u)), build: (t) => plans('GET', '/account/candelete', { accountId: t.accountId }) },
  listDatasets: { allowed: everyone, build: () => plans('GET', '/datasets') },
  createDataset: { allowed: admins, build: () => plans('POST', '/datasets', {}, { dataset: 'Matrix', datasetRef: `MATRIX-${++refs}`, service: 'email' }) },
  updateDataset: { allowed: admins, build: (t) => plans('PUT', '/datasets', { datasetId: t.datasetId }, { description: 'Changed' }) },
  deleteDataset: { allowed: admins, build: (t) => plans('DELETE', '/datasets', { datasetId: t.datasetId }) },
  listPlans: { allowed: everyone, build: () => plans('GET', '/plans') },
  createPlan: { allowed: admins, build: (t) => plans('POST', '/plans', {}, planBody(t.datasetId, nowOf(h))) },
  updatePlan: { allowed: admins, build: (t) => plans('PUT', '/plans', { planId: t.freshPlanId ?? t.planId }, { description: 'Changed' }) },
  deletePlan: { allowed: admins, build: (t) => plans('DELETE', '/plans', { planId: t.freshPlanId ?? t.planId }) },
  listFilters: { allowed: everyone, build: (t) => plans('GET', '/filters', { planId: t.planId }) },
  createFilter: { allowed: admins, build: (t) => plans('POST', '/filters', { planId: t.planId }, { description: 'd', category: 'c' }) },
  updateFilter: { allowed: admins, build: (t) => plans('PUT', '/filters', { filterId: t.filterId }, { description: 'Changed' }) },
  deleteFilter: { allowed: admins, build: (t) => plans('DELETE', '/filters', { filterId: t.filterId }) },
  listComparisons: { allowed: everyone, build: (t) => plans('GET', '/comparison', { planId: t.planId }) },
  createComparison: { allowed: admins, build: (t) => plans('POST', '/comparison', { planId: t.planId }, { description: 'd' }) },
  updateComparison: { allowed: admins, build: (t) => plans('PUT', '/comparison', { comparisonId: t.comparisonId }, { description: 'Changed' }) },
  deleteComparison: { allowed: admins, build: (t) => plans('DELETE', '/comparison', { comparisonId: t.comparisonId }) },
  listAccountPlans: { allowed: [...staff, 'owner'], build: (t) => plans('GET', '/account/plans', { accountId: t.accountId }) },
  createBundle: {
    allowed: staff,
    build: (t) => plans('POST', '/bundles', { organisationId: t.organisationId, accountId: t.accountId }, { planId: t.planId, clicks: 1000 }),
  },
  updateBundle: { allowed: staff, build: (t) => plans('PUT', '/bundles', { bundleId: t.bundleId }, { clicks: 2000 }) },
  deleteBundle: { allowed: staff, build: (t) => plans('DELETE', '/bundles', { bundleId: t.bundleId }) },
  // A paid bundle ended with a credit note: admin and super only (contract/shared/access.ts mayEndPaidBundles).
  endBundle: { allowed: admins, build: (t) => plans('POST', '/bundles/end', { bundleId: t.paidBundleId }, { reason: 'Service fault', kind: 'credit' }) },
  disableSubscription: { allowed: [...staff, 'owner'], build: (t) => plans('DELETE', '/payment/subscription', { accountId: t.accountId, planId: t.planId }) },
  // Basic credentials of the caller: only an owner of the account, not staff, commits it to renewals.
  enableSubscription: {
    allowed: ['owner'],
    basic: true,
    build: (t) => plans('PUT', '/payment/subscription', { accountId: t.accountId, planId: t.planId, clicks: 1000 }),
  },
};

const send = (name: string, email: string, options: InjectOptions) =>
  calls[name as keyof typeof calls].basic
    ? sendRaw(h, null, { ...options, headers: { authorization: h.basic(email, demoPassword) } })
    : sendRaw(h, users.get(email)!, options);

const refusals = new Set<string>([...Object.values(accessRefusals), validateFirst]);

describe('the plans manager access matrix', () => {
  it('names every endpoint of the contract', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(planEndpoints).sort());
  });

  it('refuses every call with 403 to every demo user it is not for, and nothing changes', async () => {
    const before = await dumpCatalogueState(h);
    const failures: string[] = [];
    for (const [name, { allowed }] of Object.entries(calls)) {
      for (const { email } of demoUsers) {
        if (allowed.includes(email.split('@')[0])) continue;
        const { status, body } = await send(name, email, calls[name as keyof typeof calls].build(t));
        if (status !== 403 || !refusals.has(body?.msg)) failures.push(`${email} ${name}: ${status} ${JSON.stringify(body)}`);
        if (email.startsWith('unvalidated@') && body?.msg !== validateFirst) failures.push(`${email} ${name}: not the validation refusal`);
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('answers every call for every demo user it is for', async () => {
    const failures: string[] = [];
    for (const [name, { allowed, build }] of Object.entries(calls)) {
      for (const who of allowed) {
        const targets = { ...t, ...(await fresh()) };
        // The fresh plan uses the fresh dataset: a dataset to delete must be unused.
        if (name === 'deleteDataset') targets.datasetId = await insertDataset(h);
        const { status, body } = await send(name, `${who}@example.com`, build(targets));
        if (status !== 200 && status !== 201) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('tells a member "Only an owner of this group can do this" and a stranger "You do not have access to this group" on account plans', async () => {
    const member = await send('listAccountPlans', 'member@example.com', calls.listAccountPlans.build(t));
    expect(member.body).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    const stranger = await send('listAccountPlans', 'partner@example.com', calls.listAccountPlans.build(t));
    expect(stranger.body).toEqual({ statusCode: 403, msg: accessRefusals.noAccess });
    const partnersOwn = await sendRaw(h, users.get('partner@example.com')!, plans('GET', '/account/plans', { accountId: await idOf('groups', 'Northwind Retail UK') }));
    expect(partnersOwn.status).toBe(200);
    expect(partnersOwn.body.length).toBeGreaterThan(0);
  });

  it('keeps the catalogue writes for admin and super, with their words', async () => {
    const sales = await send('createPlan', 'sales@example.com', calls.createPlan.build(t));
    expect(sales.body).toEqual({ statusCode: 403, msg: accessRefusals.adminOnly });
    const owner = await send('createBundle', 'owner@example.com', calls.createBundle.build(t));
    expect(owner.body).toEqual({ statusCode: 403, msg: accessRefusals.staffOnly });
    const all = await send('listPlans', 'owner@example.com', plans('GET', '/plans', { all: true }));
    expect(all.body).toEqual({ statusCode: 403, msg: accessRefusals.staffOnly });
  });
});
