import type { Updateable } from 'kysely';
import type { PlanComparison, PlanFilter } from '../../../contract/plans/entities';
import type { Db } from '../../db';
import type { PlanComparisonsTable, PlanFiltersTable } from '../../db/schema';
import { onSale } from './catalogueQueries';

// The SQL of the lines the shop shows with a plan: filters and comparisons. Db is the database or a
// transaction alike: writers pass their `trx`.

/** Does the plan exist (and, with `onSaleAt`, is it on sale then)? */
export async function planExists(db: Db, planId: number, onSaleAt?: number): Promise<boolean> {
  const row = await db
    .selectFrom('plans')
    .select('id')
    .where('id', '=', planId)
    .$if(onSaleAt !== undefined, (qb) => qb.where((eb) => onSale(eb, onSaleAt!)))
    .executeTakeFirst();
  return row !== undefined;
}

const filterColumns = ['id as filterId', 'plan_id as planId', 'description', 'category', 'display_order as displayOrder'] as const;

/** Writes a filter line of the plan. */
export function insertFilter(trx: Db, planId: number, line: { description: string; category: string; displayOrder: number }): Promise<PlanFilter> {
  return trx
    .insertInto('plan_filters')
    .values({ plan_id: planId, description: line.description, category: line.category, display_order: line.displayOrder })
    .returning(filterColumns)
    .executeTakeFirstOrThrow();
}

/** Changes the filter line (reads it when there is nothing to change); undefined when there is no such line. */
export function updateFilterRow(db: Db, filterId: number, changes: Updateable<PlanFiltersTable>): Promise<PlanFilter | undefined> {
  return Object.keys(changes).length > 0
    ? db.updateTable('plan_filters').set(changes).where('id', '=', filterId).returning(filterColumns).executeTakeFirst()
    : db.selectFrom('plan_filters').select(filterColumns).where('id', '=', filterId).executeTakeFirst();
}

/** Deletes the filter line; false when there was none. */
export async function deleteFilterRow(db: Db, filterId: number): Promise<boolean> {
  return (await db.deleteFrom('plan_filters').where('id', '=', filterId).returning('id').executeTakeFirst()) !== undefined;
}

const comparisonColumns = ['id as comparisonId', 'plan_id as planId', 'description', 'display_order as displayOrder'] as const;

/** Writes a comparison line of the plan. */
export function insertComparison(trx: Db, planId: number, line: { description: string; displayOrder: number }): Promise<PlanComparison> {
  return trx
    .insertInto('plan_comparisons')
    .values({ plan_id: planId, description: line.description, display_order: line.displayOrder })
    .returning(comparisonColumns)
    .executeTakeFirstOrThrow();
}

/** Changes the comparison line (reads it when there is nothing to change); undefined when there is no such line. */
export function updateComparisonRow(db: Db, comparisonId: number, changes: Updateable<PlanComparisonsTable>): Promise<PlanComparison | undefined> {
  return Object.keys(changes).length > 0
    ? db.updateTable('plan_comparisons').set(changes).where('id', '=', comparisonId).returning(comparisonColumns).executeTakeFirst()
    : db.selectFrom('plan_comparisons').select(comparisonColumns).where('id', '=', comparisonId).executeTakeFirst();
}

/** Deletes the comparison line; false when there was none. */
export async function deleteComparisonRow(db: Db, comparisonId: number): Promise<boolean> {
  return (await db.deleteFrom('plan_comparisons').where('id', '=', comparisonId).returning('id').executeTakeFirst()) !== undefined;
}
