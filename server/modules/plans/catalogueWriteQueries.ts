import type { Insertable, Updateable } from 'kysely';
import type { DqService } from '../../../contract/shared/catalogue';
import type { Db } from '../../db';
import type { DatasetsTable, PlansTable } from '../../db/schema';

// The SQL that writes the catalogue (datasets and plans) and holds its rows while it does. Db is the
// database or a transaction alike: writers pass their `trx`.

/** Writes a dataset; its id. */
export async function insertDataset(db: Db, values: Insertable<DatasetsTable>): Promise<number> {
  const { id } = await db.insertInto('datasets').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The dataset's service, its row locked (for share or for update) until the transaction ends; undefined when there is none. */
export function datasetServiceLocked(trx: Db, datasetId: number, lock: 'share' | 'update'): Promise<{ service: DqService } | undefined> {
  return trx
    .selectFrom('datasets')
    .select('service')
    .where('id', '=', datasetId)
    .$if(lock === 'share', (qb) => qb.forShare())
    .$if(lock === 'update', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Does any plan use the dataset? */
export async function datasetHasPlans(trx: Db, datasetId: number): Promise<boolean> {
  return (await trx.selectFrom('plans').select('id').where('dataset_id', '=', datasetId).limit(1).executeTakeFirst()) !== undefined;
}

/** How many plans use the dataset. */
export async function planCountOf(trx: Db, datasetId: number): Promise<number> {
  const { n } = await trx
    .selectFrom('plans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dataset_id', '=', datasetId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Changes the dataset's row. */
export async function updateDatasetRow(trx: Db, datasetId: number, changes: Updateable<DatasetsTable>): Promise<void> {
  await trx.updateTable('datasets').set(changes).where('id', '=', datasetId).execute();
}

/** Deletes the dataset's row. */
export async function deleteDatasetRow(trx: Db, datasetId: number): Promise<void> {
  await trx.deleteFrom('datasets').where('id', '=', datasetId).execute();
}

/** Writes a plan; its id. */
export async function insertPlan(trx: Db, values: Insertable<PlansTable>): Promise<number> {
  const row = await trx.insertInto('plans').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the plan's row. */
export async function updatePlanRow(trx: Db, planId: number, changes: Updateable<PlansTable>): Promise<void> {
  await trx.updateTable('plans').set(changes).where('id', '=', planId).execute();
}

/** Points the plans that `planId` replaced at its successor. */
export async function moveDeprecations(trx: Db, planId: number, successorId: number, nowSeconds: number, by: number): Promise<void> {
  await trx
    .updateTable('plans')
    .set({ deprecated_by_plan_id: successorId, updated_at: nowSeconds, updated_by: by })
    .where('deprecated_by_plan_id', '=', planId)
    .execute();
}

/** Locks the plan's row (for share or for update) until the transaction ends; false when there is no such plan. */
export async function lockPlanRow(trx: Db, planId: number, lock: 'share' | 'update'): Promise<boolean> {
  const row = await trx
    .selectFrom('plans')
    .select('id')
    .where('id', '=', planId)
    .$if(lock === 'share', (qb) => qb.forShare())
    .$if(lock === 'update', (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

/** How many accounts subscribe to the plan. */
export async function subscriptionCountOf(trx: Db, planId: number): Promise<number> {
  const { n } = await trx
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plan_id', '=', planId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Deletes the plan's row. */
export async function deletePlanRow(trx: Db, planId: number): Promise<void> {
  await trx.deleteFrom('plans').where('id', '=', planId).execute();
}
