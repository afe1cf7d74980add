// The plans manager's multi-writes are each one transaction: when a later write fails, the earlier
// ones are gone too. The failure is made real with a constraint the later write breaks, on both
// back ends (as in platform/transactions.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Plans from '../../../contract/plans/endpoints';
import { call } from '../support/api';
import { signedIn } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { dumpCatalogueState, insertDataset, insertPlan } from '../support/catalogue';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('one transaction per plans multi-write', () => {
  it('leaves no subscription behind when the first bundle cannot be written (POST /bundles)', async () => {
    const sales = await signedIn(h, ['sales']);
    const organisationId = await h.createGroup({ name: 'Tx Org', type: 'organisation' });
    const accountId = await h.createGroup({ name: 'Tx UK', type: 'account', parentId: organisationId });
    const planId = await insertPlan(h, { datasetId: await insertDataset(h) });
    const before = await dumpCatalogueState(h);
    await query(h.db, `alter table bundles add constraint refuse_account check (account_id <> ${Number(accountId)})`);
    try {
      const made = await call(h, sales, Plans.createBundle, { query: { organisationId, accountId }, body: { planId, clicks: 1000 } });
      expect(made.status).toBe(500);
      expect(await dumpCatalogueState(h)).toEqual(before);
    } finally {
      await query(h.db, 'alter table bundles drop constraint refuse_account');
    }
    expect((await call(h, sales, Plans.createBundle, { query: { organisationId, accountId }, body: { planId, clicks: 1000 } })).status).toBe(201);
  });

  it('leaves a plan undeprecated when the plans it replaced cannot follow it to its successor (PUT /plans)', async () => {
    const admin = await signedIn(h, ['admin']);
    const datasetId = await insertDataset(h);
    const newest = await insertPlan(h, { datasetId });
    const middle = await insertPlan(h, { datasetId });
    const oldest = await insertPlan(h, { datasetId, deprecatedBy: middle });
    const before = await dumpCatalogueState(h);
    await query(h.db, `alter table plans add constraint refuse_repoint check (id <> ${Number(oldest)} or deprecated_by_plan_id <> ${Number(newest)})`);
    try {
      const replaced = await call(h, admin, Plans.updatePlan, { query: { planId: middle }, body: { deprecatedByPlanId: newest } });
      expect(replaced.status).toBe(500);
      expect(await dumpCatalogueState(h)).toEqual(before);
    } finally {
      await query(h.db, 'alter table plans drop constraint refuse_repoint');
    }
  });
});
