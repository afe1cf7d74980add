import type { z } from 'zod';
import type { Bundle } from '../../../contract/plans/entities';
import type { bundleInput, bundleUpdate } from '../../../contract/plans/schemas';
import { priceOf, quantityProblem } from '../../../contract/shared/catalogue';
import { territoryLabels, type Territory } from '../../../contract/shared/territory';
import type { Db } from '../../db';
import { badRequest, conflict } from '../../errors';
import { secondsOf, utcDate } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { accountNotFound, assertStaff, authoriseGroup, isRowId, requireAccountUnder, requireOrganisation, type Caller } from '../access/index';
import { bundleRows, paidInvoiceOf } from './accountQueries';
import { bundleForUpdate, deleteBundleRow, insertBundle, insertSubscriptionIfMissing, updateBundleRow } from './bundleQueries';
import { addMonths } from '../../kernel/time';
import { assertRowId, missing } from './notFound';
import { planRow } from './catalogueQueries';

// Bundles of clicks, made, changed and deleted by staff (admin, super, sales) at
// /administration/services/bundlecreate. The shop and automatic renewal make theirs elsewhere.

type BundleDeps = Pick<Deps, 'db' | 'clock'>;

const territoryName = (territory: Territory) => (territory === 'uk' ? 'the United Kingdom' : territoryLabels[territory]);
const endsBeforeStart = () => badRequest('A bundle must end after it starts');

async function bundleById(db: Db, bundleId: number): Promise<Bundle> {
  const [bundle] = await bundleRows(db, { bundleId });
  if (!bundle) throw missing.bundle();
  return bundle;
}

/**
 * The account a bundle is made for: an account group directly under the organisation named in the
 * call, held (share lock) so it is not deleted while its bundle is written.
 */
async function accountUnder(trx: Db, caller: Caller, organisationId: number, accountId: number) {
  // An account id that is no row id is refused before the organisation is looked up.
  if (isRowId(organisationId) && !isRowId(accountId)) throw accountNotFound();
  const organisation = await requireOrganisation(trx, organisationId, 'account');
  const account = await requireAccountUnder(trx, organisation, accountId, (name) => `${name} is not an account: bundles belong to accounts`);
  await authoriseGroup(trx, caller, accountId, 'staff', 'share');
  return account;
}

/**
 * POST /bundles ?organisationId, accountId (staff). The plan must be of the account's territory.
 * Without a start date it starts now; without an end date it lasts the plan's duration; without a
 * price it costs the plan's price for the clicks. The account's subscription to the plan is made
 * (enabled) with its first bundle.
 */
export async function createBundle(
  deps: BundleDeps,
  caller: Caller,
  input: { query: { organisationId: number; accountId: number }; body: z.output<typeof bundleInput> },
): Promise<Bundle> {
  assertStaff(caller);
  const { organisationId, accountId } = input.query;
  const { body } = input;
  const now = secondsOf(deps.clock);
  const bundleId = await deps.db.transaction().execute(async (trx) => {
    const account = await accountUnder(trx, caller, organisationId, accountId);
    assertRowId(body.planId, missing.plan);
    // Share lock: the plan cannot be deleted while its first subscription is being made.
    const plan = await planRow(trx, body.planId, 'share');
    if (!plan) throw missing.plan();
    if (plan.territory !== account.territory) {
      throw badRequest(
        `${plan.name} is a plan for ${territoryName(plan.territory)} and ${account.name} is an account in ${territoryName(account.territory)}: choose a plan of the account's territory`,
      );
    }
    const startDate = body.startDate ?? now;
    const endDate = body.endDate ?? addMonths(startDate, plan.duration_months);
    if (endDate <= startDate) throw endsBeforeStart();
    let price = body.price;
    if (price === undefined) {
      const problem = quantityProblem(plan.pricing, body.clicks);
      if (problem) throw badRequest(`${problem}; give the bundle a price to sell another quantity`);
      price = priceOf(plan.calculator, plan.pricing, body.clicks);
    }
    await insertSubscriptionIfMissing(trx, accountId, plan.id, now);
    return insertBundle(trx, {
      account_id: accountId,
      plan_id: plan.id,
      clicks: body.clicks,
      price,
      start_date: startDate,
      end_date: endDate,
      source: 'staff',
      created_at: now,
      created_by: caller.id,
    });
  });
  return bundleById(deps.db, bundleId);
}

/**
 * PUT /bundles ?bundleId (staff): clicks, dates and price. A start date of zero or less was already
 * dropped by the schema (spec section 5); a bundle never holds fewer clicks than it has used.
 */
export async function updateBundle(
  deps: BundleDeps,
  caller: Caller,
  input: { query: { bundleId: number }; body: z.output<typeof bundleUpdate> },
): Promise<Bundle> {
  assertStaff(caller);
  const { bundleId } = input.query;
  const body: { clicks?: number; startDate?: number; endDate?: number; price?: number } = input.body;
  assertRowId(bundleId, missing.bundle);
  await deps.db.transaction().execute(async (trx) => {
    // Row lock: metering may be spending clicks of this bundle at the same time.
    const row = await bundleForUpdate(trx, bundleId);
    if (!row) throw missing.bundle();
    await authoriseGroup(trx, caller, row.account_id, 'staff');
    // An ended bundle stays as its credit note left it: new dates or clicks would spend it again.
    if (row.ended_at !== null) throw conflict(`This bundle was ended on ${utcDate(Number(row.ended_at))}: it cannot change`);
    if (body.clicks !== undefined && body.clicks < row.used_clicks) {
      throw badRequest(`${row.used_clicks.toLocaleString('en-GB')} clicks of this bundle are used already: it cannot hold fewer`);
    }
    if ((body.endDate ?? row.end_date) <= (body.startDate ?? row.start_date)) throw endsBeforeStart();
    if (body.price !== undefined && body.price !== Number(row.price)) {
      const invoice = await paidInvoiceOf(trx, row.order_id);
      // The invoice bills what was paid: the bundle's price stays the invoice's.
      if (invoice) throw conflict(`This bundle was paid for on invoice ${invoice}: its price cannot change`);
    }
    const changes = {
      ...(body.clicks !== undefined ? { clicks: body.clicks } : {}),
      ...(body.startDate !== undefined ? { start_date: body.startDate } : {}),
      ...(body.endDate !== undefined ? { end_date: body.endDate } : {}),
      ...(body.price !== undefined ? { price: body.price } : {}),
    };
    // Nothing to change (an empty body, or only a start date of 0): the bundle as it is.
    if (Object.keys(changes).length === 0) return;
    await updateBundleRow(trx, bundleId, changes);
  });
  return bundleById(deps.db, bundleId);
}

/** DELETE /bundles ?bundleId (staff): only a bundle none of whose clicks are used. */
export async function deleteBundle(deps: BundleDeps, caller: Caller, query: { bundleId: number }): Promise<{ msg: string }> {
  assertStaff(caller);
  assertRowId(query.bundleId, missing.bundle);
  await deps.db.transaction().execute(async (trx) => {
    const row = await bundleForUpdate(trx, query.bundleId);
    if (!row) throw missing.bundle();
    await authoriseGroup(trx, caller, row.account_id, 'staff');
    const invoice = await paidInvoiceOf(trx, row.order_id);
    // Deleting it would take back clicks an invoice still bills.
    if (invoice) throw conflict(`This bundle was paid for on invoice ${invoice}, so it cannot be deleted: end it instead (End bundle), with a reason and a credit note`);
    if (row.used_clicks > 0) {
      throw conflict(`${row.used_clicks.toLocaleString('en-GB')} clicks of this bundle are used, so it cannot be deleted: end it early by setting its end date instead`);
    }
    await deleteBundleRow(trx, query.bundleId);
  });
  return { msg: 'Bundle deleted' };
}
