import type { z } from 'zod';
import type { PlanComparison, PlanFilter } from '../../../contract/plans/entities';
import type { comparisonInput, comparisonUpdate, filterInput, filterUpdate } from '../../../contract/plans/schemas';
import { isStaffUser } from '../../../contract/shared/access';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertAdmin, type Caller } from '../access/index';
import { assertRowId, missing } from './notFound';
import { comparisonRows, filterRows } from './catalogueQueries';
import {
  deleteComparisonRow,
  deleteFilterRow,
  insertComparison,
  insertFilter,
  planExists,
  updateComparisonRow,
  updateFilterRow,
} from './planLineQueries';
import { lockPlanRow } from './catalogueWriteQueries';

// The lines the shop shows with a plan (spec section 3, Filter and Comparison): read by anyone who
// may see the plan, written by admin and super.

type LineDeps = Pick<Deps, 'db' | 'clock'>;

/** Staff see every plan's lines; anyone else only those of a plan on sale (else, as for them, no such plan). */
async function assertVisiblePlan(deps: LineDeps, caller: Caller, planId: number): Promise<void> {
  assertRowId(planId, missing.plan);
  const now = secondsOf(deps.clock);
  if (!(await planExists(deps.db, planId, isStaffUser(caller) ? undefined : now))) throw missing.plan();
}

/** Locks the plan (share) for a line being added, so the plan cannot be deleted half way. */
async function lockPlan(trx: LineDeps['db'], planId: number): Promise<void> {
  assertRowId(planId, missing.plan);
  if (!(await lockPlanRow(trx, planId, 'share'))) throw missing.plan();
}

// ---- Filters -----------------------------------------------------------------------------------

export async function listFilters(deps: LineDeps, caller: Caller, query: { planId: number }): Promise<PlanFilter[]> {
  await assertVisiblePlan(deps, caller, query.planId);
  return filterRows(deps.db, [query.planId]);
}

export async function createFilter(
  deps: LineDeps,
  caller: Caller,
  input: { query: { planId: number }; body: z.output<typeof filterInput> },
): Promise<PlanFilter> {
  assertAdmin(caller);
  const { planId } = input.query;
  const { body } = input;
  return deps.db.transaction().execute(async (trx) => {
    await lockPlan(trx, planId);
    return insertFilter(trx, planId, body);
  });
}

export async function updateFilter(
  deps: LineDeps,
  caller: Caller,
  input: { query: { filterId: number }; body: z.output<typeof filterUpdate> },
): Promise<PlanFilter> {
  assertAdmin(caller);
  const { filterId } = input.query;
  const { description, category, displayOrder } = input.body;
  assertRowId(filterId, missing.filter);
  const changes = {
    ...(description !== undefined ? { description } : {}),
    ...(category !== undefined ? { category } : {}),
    ...(displayOrder !== undefined ? { display_order: displayOrder } : {}),
  };
  const row = await updateFilterRow(deps.db, filterId, changes);
  if (!row) throw missing.filter();
  return row;
}

export async function deleteFilter(deps: LineDeps, caller: Caller, query: { filterId: number }): Promise<{ msg: string }> {
  assertAdmin(caller);
  assertRowId(query.filterId, missing.filter);
  if (!(await deleteFilterRow(deps.db, query.filterId))) throw missing.filter();
  return { msg: 'Filter deleted' };
}

// ---- Comparisons -------------------------------------------------------------------------------

export async function listComparisons(deps: LineDeps, caller: Caller, query: { planId: number }): Promise<PlanComparison[]> {
  await assertVisiblePlan(deps, caller, query.planId);
  return comparisonRows(deps.db, [query.planId]);
}

export async function createComparison(
  deps: LineDeps,
  caller: Caller,
  input: { query: { planId: number }; body: z.output<typeof comparisonInput> },
): Promise<PlanComparison> {
  assertAdmin(caller);
  const { planId } = input.query;
  const { body } = input;
  return deps.db.transaction().execute(async (trx) => {
    await lockPlan(trx, planId);
    return insertComparison(trx, planId, body);
  });
}

export async function updateComparison(
  deps: LineDeps,
  caller: Caller,
  input: { query: { comparisonId: number }; body: z.output<typeof comparisonUpdate> },
): Promise<PlanComparison> {
  assertAdmin(caller);
  const { comparisonId } = input.query;
  const { description, displayOrder } = input.body;
  assertRowId(comparisonId, missing.comparison);
  const changes = {
    ...(description !== undefined ? { description } : {}),
    ...(displayOrder !== undefined ? { display_order: displayOrder } : {}),
  };
  const row = await updateComparisonRow(deps.db, comparisonId, changes);
  if (!row) throw missing.comparison();
  return row;
}

export async function deleteComparison(deps: LineDeps, caller: Caller, query: { comparisonId: number }): Promise<{ msg: string }> {
  assertAdmin(caller);
  assertRowId(query.comparisonId, missing.comparison);
  if (!(await deleteComparisonRow(deps.db, query.comparisonId))) throw missing.comparison();
  return { msg: 'Comparison deleted' };
}
