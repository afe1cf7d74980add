import type { ExpressionBuilder } from 'kysely';
import type { Dataset, Plan, PlanComparison, PlanFilter } from '../../../contract/plans/entities';
import { formulaOf, type DqService } from '../../../contract/shared/catalogue';
import type { Territory } from '../../../contract/shared/territory';
import type { Database, Db } from '../../db';

// The SQL of the catalogue (datasets, plans, filters, comparisons) through Kysely. Db is the
// database or a transaction alike: writers pass their `trx`.

export function datasetRows(db: Db, where: { datasetId?: number; service?: DqService } = {}) {
  return db
    .selectFrom('datasets')
    .select((eb) => [
      'datasets.id as datasetId',
      'datasets.name as dataset',
      'datasets.dataset_ref as datasetRef',
      'datasets.service',
      'datasets.description',
      eb.selectFrom('plans').whereRef('plans.dataset_id', '=', 'datasets.id').select((e) => e.fn.countAll<number>().as('n')).as('planCount'),
      'datasets.created_at as createdDate',
      'datasets.created_by as createdBy',
      'datasets.updated_at as updatedDate',
      'datasets.updated_by as updatedBy',
    ])
    .$if(where.datasetId !== undefined, (qb) => qb.where('datasets.id', '=', where.datasetId!))
    .$if(where.service !== undefined, (qb) => qb.where('datasets.service', '=', where.service!))
    .orderBy('datasets.service')
    .orderBy('datasets.name')
    .orderBy('datasets.id')
    .execute()
    .then((rows): Dataset[] => rows.map((row) => ({ ...row, planCount: row.planCount ?? 0 })));
}

export async function findDataset(db: Db, datasetId: number): Promise<Dataset | undefined> {
  return (await datasetRows(db, { datasetId }))[0];
}

export type PlanWhere = {
  planId?: number;
  datasetId?: number;
  service?: DqService;
  territory?: Territory;
  /** Only plans on sale at this time (inside their window and not deprecated). */
  onSaleAt?: number;
};

/** Plans on sale at `now`: inside their availability window and not replaced by a newer plan. */
export function onSale(eb: ExpressionBuilder<Database, 'plans'>, now: number) {
  return eb.and([
    eb('plans.available_start', '<=', now),
    eb.or([eb('plans.available_end', 'is', null), eb('plans.available_end', '>', now)]),
    eb('plans.deprecated_by_plan_id', 'is', null),
  ]);
}

function planRows(db: Db, where: PlanWhere) {
  return db
    .selectFrom('plans')
    .innerJoin('datasets', 'datasets.id', 'plans.dataset_id')
    .leftJoin('plans as successor', 'successor.id', 'plans.deprecated_by_plan_id')
    .select((eb) => [
      'plans.id as planId',
      'plans.name as plan',
      'plans.description',
      'plans.dataset_id as datasetId',
      'datasets.name as dataset',
      'datasets.dataset_ref as datasetRef',
      'datasets.service',
      'plans.duration_months as duration',
      'plans.available_start as availableStart',
      'plans.available_end as availableEnd',
      'plans.calculator',
      'plans.pricing',
      'plans.created_at as createdDate',
      'plans.created_by as createdBy',
      'plans.updated_at as updatedDate',
      'plans.updated_by as updatedBy',
      'plans.territory',
      'plans.allow_test as allowTest',
      'plans.display_order as displayOrder',
      'successor.name as deprecatedByPlan',
      'plans.deprecated_by_plan_id as deprecatedByPlanId',
      eb.selectFrom('subscriptions').whereRef('subscriptions.plan_id', '=', 'plans.id').select((e) => e.fn.countAll<number>().as('n')).as('subscriptionCount'),
    ])
    .$if(where.planId !== undefined, (qb) => qb.where('plans.id', '=', where.planId!))
    .$if(where.datasetId !== undefined, (qb) => qb.where('plans.dataset_id', '=', where.datasetId!))
    .$if(where.service !== undefined, (qb) => qb.where('datasets.service', '=', where.service!))
    .$if(where.territory !== undefined, (qb) => qb.where('plans.territory', '=', where.territory!))
    .$if(where.onSaleAt !== undefined, (qb) => qb.where((eb) => onSale(eb, where.onSaleAt!)))
    .orderBy('plans.territory')
    .orderBy('datasets.service')
    .orderBy('plans.display_order')
    .orderBy('plans.id')
    .execute();
}

export function filterRows(db: Db, planIds: readonly number[]): Promise<PlanFilter[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('plan_filters')
    .select(['id as filterId', 'plan_id as planId', 'description', 'category', 'display_order as displayOrder'])
    .where('plan_id', 'in', [...planIds])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function comparisonRows(db: Db, planIds: readonly number[]): Promise<PlanComparison[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('plan_comparisons')
    .select(['id as comparisonId', 'plan_id as planId', 'description', 'display_order as displayOrder'])
    .where('plan_id', 'in', [...planIds])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** The plans as the contract's Plan, each with its filters, comparisons and formula. */
export async function plansWhere(db: Db, where: PlanWhere): Promise<Plan[]> {
  const rows = await planRows(db, where);
  const ids = rows.map((row) => row.planId);
  const [filters, comparisons] = [await filterRows(db, ids), await comparisonRows(db, ids)];
  return rows.map((row) => ({
    ...row,
    formula: formulaOf(row.calculator, row.pricing, row.territory),
    planFilter: filters.filter((f) => f.planId === row.planId),
    planComparison: comparisons.filter((c) => c.planId === row.planId),
    deprecated: row.deprecatedByPlanId !== null,
    subscriptionCount: row.subscriptionCount ?? 0,
  }));
}

export async function findPlan(db: Db, planId: number): Promise<Plan | undefined> {
  return (await plansWhere(db, { planId }))[0];
}

/** The plan row alone, locked until the transaction ends when `lock` is set. */
export function planRow(db: Db, planId: number, lock?: 'share' | 'update') {
  return db
    .selectFrom('plans')
    .innerJoin('datasets', 'datasets.id', 'plans.dataset_id')
    .select([
      'plans.id',
      'plans.name',
      'plans.dataset_id',
      'datasets.service',
      'plans.duration_months',
      'plans.available_start',
      'plans.available_end',
      'plans.calculator',
      'plans.pricing',
      'plans.territory',
      'plans.deprecated_by_plan_id',
    ])
    .where('plans.id', '=', planId)
    .$if(lock === 'share', (qb) => qb.forShare('plans'))
    .$if(lock === 'update', (qb) => qb.forUpdate('plans'))
    .executeTakeFirst();
}
export type PlanRow = NonNullable<Awaited<ReturnType<typeof planRow>>>;

export async function planHasSubscriptions(db: Db, planId: number): Promise<boolean> {
  const row = await db.selectFrom('subscriptions').select('id').where('plan_id', '=', planId).limit(1).executeTakeFirst();
  return row !== undefined;
}
