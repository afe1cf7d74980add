// The access matrix of the plans manager: every call of contract/plans/endpoints.ts for every demo
// user. Refused callers get 403 and change nothing; allowed ones get their answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Plans from '../../../contract/plans/endpoints';
import { accessRefusals } from '../../../contract/shared/access';
import { validateFirst } from '../../../server/errors';
import { demoPassword, demoUsers, seedDemo } from '../../../server/seed';
import { call, okBody } from '../support/api';
import { type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, dumpCatalogueState, insertBundle, insertDataset, insertPaidBundle, insertPlan, nowOf } from '../support/catalogue';
import { planBody } from './fixtures';

let h: Harness;
const users = new Map<string, Caller>();
let t: Targets & Fresh;

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
type Request = (caller: Caller) => Promise<{ status: number; body: unknown }>;
const calls: Record<keyof typeof Plans, { allowed: string[]; build: (t: Targets & Fresh) => Request; basic?: true }> = {
  canDeleteAccount: { allowed: everyone.filter((u) => !['partner', 'referrer'].includes(u)), build: (t) => (c) => call(h, c, Plans.canDeleteAccount, { query: { accountId: t.accountId } }) },
  listDatasets: { allowed: everyone, build: () => (c) => call(h, c, Plans.listDatasets, { query: {} }) },
  createDataset: { allowed: admins, build: () => (c) => call(h, c, Plans.createDataset, { body: { dataset: 'Matrix', datasetRef: `MATRIX-${++refs}`, service: 'email' } }) },
  updateDataset: { allowed: admins, build: (t) => (c) => call(h, c, Plans.updateDataset, { query: { datasetId: t.datasetId }, body: { description: 'Changed' } }) },
  deleteDataset: { allowed: admins, build: (t) => (c) => call(h, c, Plans.deleteDataset, { query: { datasetId: t.datasetId } }) },
  listPlans: { allowed: everyone, build: () => (c) => call(h, c, Plans.listPlans, { query: {} }) },
  createPlan: { allowed: admins, build: (t) => (c) => call(h, c, Plans.createPlan, { body: planBody(t.datasetId, nowOf(h)) }) },
  updatePlan: { allowed: admins, build: (t) => (c) => call(h, c, Plans.updatePlan, { query: { planId: t.freshPlanId }, body: { description: 'Changed' } }) },
  deletePlan: { allowed: admins, build: (t) => (c) => call(h, c, Plans.deletePlan, { query: { planId: t.freshPlanId } }) },
  listFilters: { allowed: everyone, build: (t) => (c) => call(h, c, Plans.listFilters, { query: { planId: t.planId } }) },
  createFilter: { allowed: admins, build: (t) => (c) => call(h, c, Plans.createFilter, { query: { planId: t.planId }, body: { description: 'd', category: 'c' } }) },
  updateFilter: { allowed: admins, build: (t) => (c) => call(h, c, Plans.updateFilter, { query: { filterId: t.filterId }, body: { description: 'Changed' } }) },
  deleteFilter: { allowed: admins, build: (t) => (c) => call(h, c, Plans.deleteFilter, { query: { filterId: t.filterId } }) },
  listComparisons: { allowed: everyone, build: (t) => (c) => call(h, c, Plans.listComparisons, { query: { planId: t.planId } }) },
  createComparison: { allowed: admins, build: (t) => (c) => call(h, c, Plans.createComparison, { query: { planId: t.planId }, body: { description: 'd' } }) },
  updateComparison: { allowed: admins, build: (t) => (c) => call(h, c, Plans.updateComparison, { query: { comparisonId: t.comparisonId }, body: { description: 'Changed' } }) },
  deleteComparison: { allowed: admins, build: (t) => (c) => call(h, c, Plans.deleteComparison, { query: { comparisonId: t.comparisonId } }) },
  listAccountPlans: { allowed: [...staff, 'owner'], build: (t) => (c) => call(h, c, Plans.listAccountPlans, { query: { accountId: t.accountId } }) },
  createBundle: {
    allowed: staff,
    build: (t) => (c) => call(h, c, Plans.createBundle, { query: { organisationId: t.organisationId, accountId: t.accountId }, body: { planId: t.planId, clicks: 1000 } }),
  },
  updateBundle: { allowed: staff, build: (t) => (c) => call(h, c, Plans.updateBundle, { query: { bundleId: t.bundleId }, body: { clicks: 2000 } }) },
  deleteBundle: { allowed: staff, build: (t) => (c) => call(h, c, Plans.deleteBundle, { query: { bundleId: t.bundleId } }) },
  // A paid bundle ended with a credit note: admin and super only (contract/shared/access.ts mayEndPaidBundles).
  endBundle: { allowed: admins, build: (t) => (c) => call(h, c, Plans.endBundle, { query: { bundleId: t.paidBundleId }, body: { reason: 'Service fault', kind: 'credit' } }) },
  disableSubscription: { allowed: [...staff, 'owner'], build: (t) => (c) => call(h, c, Plans.disableSubscription, { query: { accountId: t.accountId, planId: t.planId } }) },
  // Basic credentials of the caller: only an owner of the account, not staff, commits it to renewals.
  enableSubscription: {
    allowed: ['owner'],
    basic: true,
    build: (t) => (c) => call(h, c, Plans.enableSubscription, { query: { accountId: t.accountId, planId: t.planId, clicks: 1000 } }),
  },
};

/** Sends the request as the demo user: their session, or their name and password for a basic call. */
const send = (name: keyof typeof calls, email: string, request: Request) => {
  const user = users.get(email)!;
  return request(calls[name].basic ? { ...user, headers: { authorization: h.basic(email, demoPassword) } } : user);
};
/** The refusal's words in an answer's body, if it has them. */
const msgIn = (body: unknown) => (typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string' ? body.msg : undefined);

const refusals = new Set<string>([...Object.values(accessRefusals), validateFirst]);

describe('the plans manager access matrix', () => {
  it('names every endpoint of the contract', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(Plans).sort());
  });

  it('refuses every call with 403 to every demo user it is not for, and nothing changes', async () => {
    const before = await dumpCatalogueState(h);
    const failures: string[] = [];
    for (const [name, { allowed }] of Object.entries(calls)) {
      for (const { email } of demoUsers) {
        if (allowed.includes(email.split('@')[0])) continue;
        const { status, body } = await send(name as keyof typeof calls, email, calls[name as keyof typeof calls].build(t));
        const msg = msgIn(body);
        if (status !== 403 || msg === undefined || !refusals.has(msg)) failures.push(`${email} ${name}: ${status} ${JSON.stringify(body)}`);
        if (email.startsWith('unvalidated@') && msg !== validateFirst) failures.push(`${email} ${name}: not the validation refusal`);
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
        const { status, body } = await send(name as keyof typeof calls, `${who}@example.com`, build(targets));
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
    const partnersOwn = await call(h, users.get('partner@example.com')!, Plans.listAccountPlans, { query: { accountId: await idOf('groups', 'Northwind Retail UK') } });
    expect(okBody(partnersOwn).length).toBeGreaterThan(0);
  });

  it('keeps the catalogue writes for admin and super, with their words', async () => {
    const sales = await send('createPlan', 'sales@example.com', calls.createPlan.build(t));
    expect(sales.body).toEqual({ statusCode: 403, msg: accessRefusals.adminOnly });
    const owner = await send('createBundle', 'owner@example.com', calls.createBundle.build(t));
    expect(owner.body).toEqual({ statusCode: 403, msg: accessRefusals.staffOnly });
    const all = await call(h, users.get('owner@example.com')!, Plans.listPlans, { query: { all: true } });
    expect(all.body).toEqual({ statusCode: 403, msg: accessRefusals.staffOnly });
  });
});
