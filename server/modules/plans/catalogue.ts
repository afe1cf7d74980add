import type { Updateable } from 'kysely';
import type { Dataset, Plan } from '../../../contract/plans/entities';
import { planProblems, type datasetInput, type datasetUpdate, type planInput, type planUpdate } from '../../../contract/plans/schemas';
import type { DqService } from '../../../contract/shared/catalogue';
import type { Territory } from '../../../contract/shared/territory';
import type { z } from 'zod';
import type { Db } from '../../db';
import type { PlansTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertAdmin, assertStaff, isRowId, type Caller } from '../access/index';
import { assertRowId, missing } from './notFound';
import { isUniqueViolation } from '../../db/errors';
import { datasetRows, findDataset, findPlan, planHasSubscriptions, planRow, plansWhere, type PlanWhere } from './catalogueQueries';
import {
  datasetHasPlans,
  datasetServiceLocked,
  deleteDatasetRow,
  deletePlanRow,
  insertDataset,
  insertPlan,
  lockPlanRow,
  moveDeprecations,
  planCountOf,
  subscriptionCountOf,
  updateDatasetRow,
  updatePlanRow,
} from './catalogueWriteQueries';

// Datasets and plans (spec section 7, plans manager). Anyone signed in reads what is on sale (the
// shop shows it); staff may ask for everything; admin and super write. Every write that touches
// more than one row runs in one transaction.

type CatalogueDeps = Pick<Deps, 'db' | 'clock'>;

// ---- Datasets ----------------------------------------------------------------------------------

/** GET /datasets: every dataset, or those of one id or service. */
export function listDatasets(deps: CatalogueDeps, _actor: Caller, query: { datasetId?: number; service?: DqService }): Promise<Dataset[]> {
  if (query.datasetId !== undefined && !isRowId(query.datasetId)) return Promise.resolve([]);
  return datasetRows(deps.db, query);
}

const refTaken = (ref: string) => conflict(`A dataset with the reference ${ref} already exists`);

/** POST /datasets (admin, super). */
export async function createDataset(deps: CatalogueDeps, caller: Caller, body: z.output<typeof datasetInput>): Promise<Dataset> {
  assertAdmin(caller);
  const now = secondsOf(deps.clock);
  let id: number;
  try {
    id = await insertDataset(deps.db, {
      name: body.dataset,
      dataset_ref: body.datasetRef,
      service: body.service,
      description: body.description,
      created_at: now,
      created_by: caller.id,
      updated_at: now,
      updated_by: caller.id,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refTaken(body.datasetRef);
    throw error;
  }
  return (await findDataset(deps.db, id))!;
}

/** PUT /datasets (admin, super): the fields given; a dataset plans use keeps its service. */
export async function updateDataset(
  deps: CatalogueDeps,
  caller: Caller,
  input: { query: { datasetId: number }; body: z.output<typeof datasetUpdate> },
): Promise<Dataset> {
  assertAdmin(caller);
  const { datasetId } = input.query;
  const { body } = input;
  assertRowId(datasetId, missing.dataset);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const row = await datasetServiceLocked(trx, datasetId, 'update');
      if (!row) throw missing.dataset();
      if (body.service !== undefined && body.service !== row.service) {
        // Its plans, and the subscriptions to them, would silently move to another service.
        if (await datasetHasPlans(trx, datasetId)) throw conflict('Plans use this dataset, so its service cannot change: make a new dataset instead');
      }
      await updateDatasetRow(trx, datasetId, {
        ...(body.dataset !== undefined ? { name: body.dataset } : {}),
        ...(body.datasetRef !== undefined ? { dataset_ref: body.datasetRef } : {}),
        ...(body.service !== undefined ? { service: body.service } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updated_at: secondsOf(deps.clock),
        updated_by: caller.id,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refTaken(body.datasetRef ?? '');
    throw error;
  }
  return (await findDataset(deps.db, datasetId))!;
}

/** DELETE /datasets (admin, super): refused while a plan uses the dataset. */
export async function deleteDataset(deps: CatalogueDeps, caller: Caller, query: { datasetId: number }): Promise<{ msg: string }> {
  assertAdmin(caller);
  assertRowId(query.datasetId, missing.dataset);
  await deps.db.transaction().execute(async (trx) => {
    // The row lock makes a plan being created on this dataset wait, then find it gone (404).
    if (!(await datasetServiceLocked(trx, query.datasetId, 'update'))) throw missing.dataset();
    const n = await planCountOf(trx, query.datasetId);
    if (n > 0) throw conflict(`${n} plan${n === 1 ? ' uses' : 's use'} this dataset: delete ${n === 1 ? 'it' : 'them'} or move ${n === 1 ? 'it' : 'them'} to another dataset first`);
    await deleteDatasetRow(trx, query.datasetId);
  });
  return { msg: 'Dataset deleted' };
}

// ---- Plans -------------------------------------------------------------------------------------

type PlansQuery = { planId?: number; datasetId?: number; service?: DqService; territory?: Territory; all: boolean };

/** GET /plans: the plans on sale now; with `all` (staff only), every plan. */
export function listPlans(deps: CatalogueDeps, caller: Caller, query: PlansQuery): Promise<Plan[]> {
  const { all, ...where } = query;
  if (all) assertStaff(caller);
  if ((where.planId !== undefined && !isRowId(where.planId)) || (where.datasetId !== undefined && !isRowId(where.datasetId))) {
    return Promise.resolve([]);
  }
  const filter: PlanWhere = all ? where : { ...where, onSaleAt: secondsOf(deps.clock) };
  return plansWhere(deps.db, filter);
}

/** The dataset a plan is put on, held (share lock) so it cannot be deleted under the plan. */
async function datasetFor(trx: Db, datasetId: number): Promise<{ service: DqService }> {
  if (!isRowId(datasetId)) throw missing.dataset();
  const row = await datasetServiceLocked(trx, datasetId, 'share');
  if (!row) throw missing.dataset();
  return row;
}

/**
 * The plan that replaces plan `planId` (null for a new plan): another existing plan of the same
 * service and territory, not itself replaced, so deprecation never makes a chain that loops.
 */
async function assertSuccessor(trx: Db, planId: number | null, successorId: number, plan: { service: DqService; territory: Territory }) {
  if (successorId === planId) throw badRequest('A plan cannot be replaced by itself');
  const unknown = () => notFound('The plan that replaces this one was not found');
  if (!isRowId(successorId)) throw unknown();
  const successor = await planRow(trx, successorId, 'share');
  if (!successor) throw unknown();
  if (successor.deprecated_by_plan_id !== null) throw badRequest(`${successor.name} is itself replaced: choose the plan that replaces it`);
  if (successor.service !== plan.service) throw badRequest('A plan can only be replaced by a plan of the same service');
  if (successor.territory !== plan.territory) throw badRequest('A plan can only be replaced by a plan of the same territory');
}

const pricingJson = (pricing: z.output<typeof planInput>['pricing']) => JSON.stringify(pricing);

/** POST /plans (admin, super). */
export async function createPlan(deps: CatalogueDeps, caller: Caller, body: z.output<typeof planInput>): Promise<Plan> {
  assertAdmin(caller);
  const now = secondsOf(deps.clock);
  const id = await deps.db.transaction().execute(async (trx) => {
    const dataset = await datasetFor(trx, body.datasetId);
    if (body.deprecatedByPlanId !== null) await assertSuccessor(trx, null, body.deprecatedByPlanId, { ...dataset, territory: body.territory });
    return insertPlan(trx, {
      name: body.plan,
      description: body.description,
      dataset_id: body.datasetId,
      duration_months: body.duration,
      available_start: body.availableStart,
      available_end: body.availableEnd,
      calculator: body.calculator,
      pricing: pricingJson(body.pricing),
      territory: body.territory,
      allow_test: body.allowTest,
      display_order: body.displayOrder,
      deprecated_by_plan_id: body.deprecatedByPlanId,
      created_at: now,
      created_by: caller.id,
      updated_at: now,
      updated_by: caller.id,
    });
  });
  return (await findPlan(deps.db, id))!;
}

/**
 * PUT /plans (admin, super): the fields given, checked together with the stored ones. A plan with
 * subscribers keeps its territory and service; when a plan is replaced, the plans it replaced
 * point at its successor too, so every deprecated plan names one that is on sale.
 */
export async function updatePlan(
  deps: CatalogueDeps,
  caller: Caller,
  input: { query: { planId: number }; body: z.output<typeof planUpdate> },
): Promise<Plan> {
  assertAdmin(caller);
  const { planId } = input.query;
  const { body } = input;
  assertRowId(planId, missing.plan);
  await deps.db.transaction().execute(async (trx) => {
    const current = await planRow(trx, planId, 'update');
    if (!current) throw missing.plan();
    const problems = planProblems({
      availableStart: body.availableStart ?? current.available_start,
      availableEnd: body.availableEnd !== undefined ? body.availableEnd : current.available_end,
      pricing: body.pricing ?? current.pricing,
    });
    if (problems.length > 0) throw badRequest(problems.map((p) => `${p.path}: ${p.message}`).join('; '));
    const service = body.datasetId !== undefined ? (await datasetFor(trx, body.datasetId)).service : current.service;
    const territory = body.territory ?? current.territory;
    if ((service !== current.service || territory !== current.territory) && (await planHasSubscriptions(trx, planId))) {
      throw conflict('Accounts subscribe to this plan, so its service and territory cannot change: make a new plan and deprecate this one');
    }
    const successor = body.deprecatedByPlanId;
    if (successor !== undefined && successor !== null && successor !== current.deprecated_by_plan_id) {
      await assertSuccessor(trx, planId, successor, { service, territory });
    }
    const changes: Updateable<PlansTable> = {
      ...(body.plan !== undefined ? { name: body.plan } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.datasetId !== undefined ? { dataset_id: body.datasetId } : {}),
      ...(body.duration !== undefined ? { duration_months: body.duration } : {}),
      ...(body.availableStart !== undefined ? { available_start: body.availableStart } : {}),
      ...(body.availableEnd !== undefined ? { available_end: body.availableEnd } : {}),
      ...(body.calculator !== undefined ? { calculator: body.calculator } : {}),
      ...(body.pricing !== undefined ? { pricing: pricingJson(body.pricing) } : {}),
      ...(body.territory !== undefined ? { territory: body.territory } : {}),
      ...(body.allowTest !== undefined ? { allow_test: body.allowTest } : {}),
      ...(body.displayOrder !== undefined ? { display_order: body.displayOrder } : {}),
      ...(successor !== undefined ? { deprecated_by_plan_id: successor } : {}),
    };
    const now = secondsOf(deps.clock);
    await updatePlanRow(trx, planId, { ...changes, updated_at: now, updated_by: caller.id });
    if (successor !== undefined && successor !== null) await moveDeprecations(trx, planId, successor, now, caller.id);
  });
  return (await findPlan(deps.db, planId))!;
}

/** DELETE /plans (admin, super): refused while an account subscribes to it; its filters and comparisons go with it. */
export async function deletePlan(deps: CatalogueDeps, caller: Caller, query: { planId: number }): Promise<{ msg: string }> {
  assertAdmin(caller);
  assertRowId(query.planId, missing.plan);
  await deps.db.transaction().execute(async (trx) => {
    // The row lock makes a bundle being created on this plan wait, then find it gone (404).
    if (!(await lockPlanRow(trx, query.planId, 'update'))) throw missing.plan();
    const n = await subscriptionCountOf(trx, query.planId);
    if (n > 0) {
      throw conflict(`${n} account${n === 1 ? ' subscribes' : 's subscribe'} to this plan, so it cannot be deleted: mark it deprecated by a newer plan instead`);
    }
    await deletePlanRow(trx, query.planId);
  });
  return { msg: 'Plan deleted' };
}
