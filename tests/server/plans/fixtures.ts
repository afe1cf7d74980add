// Shared by the plans tests: a valid body for a new plan, and the accounts the account tests use.
import type { BodyOf } from '../../../contract/endpoint';
import type { createPlan } from '../../../contract/plans/endpoints';
import { signedIn } from '../support/calls';
import type { Harness } from '../support/harness';
import { day, insertDataset, insertPlan, twoTiers, unique } from '../support/catalogue';

type PlanInput = BodyOf<typeof createPlan>;

/** A valid POST /plans body on the dataset. */
export const planBody = (datasetId: number, now: number, overrides: Partial<PlanInput> = {}): PlanInput => ({
  plan: unique('New plan'),
  description: 'Two tiers',
  datasetId,
  duration: 12,
  availableStart: now - day,
  pricing: twoTiers,
  territory: 'uk',
  ...overrides,
});

/**
 * Sales staff, an owner and a member of an organisation holding a UK and an Australian account, and a
 * plan for each territory (the UK one lasts a month).
 */
export async function accountsWorld(h: Harness) {
  const sales = await signedIn(h, ['sales']);
  const owner = await signedIn(h);
  const member = await signedIn(h);
  const organisationId = await h.createGroup({ name: 'Bundle Org', type: 'organisation' });
  const ukAccount = await h.createGroup({ name: 'Bundle UK', type: 'account', parentId: organisationId });
  const auAccount = await h.createGroup({ name: 'Bundle AU', type: 'account', parentId: organisationId, territory: 'australia' });
  await h.addToGroup(organisationId, owner.id, 'owner');
  await h.addToGroup(organisationId, member.id, 'member');
  const datasetId = await insertDataset(h);
  const ukPlan = await insertPlan(h, { datasetId, name: 'Lookup UK', duration: 1 });
  const auPlan = await insertPlan(h, { datasetId, name: 'Lookup AU', territory: 'australia' });
  return { sales, owner, member, organisationId, ukAccount, auAccount, ukPlan, auPlan };
}
