import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db';
import type { BundlesTable } from '../../db/schema';
import type { CreditNotesTable } from '../../db/shopSchema';

// The SQL of bundles as staff make, change, delete and end them, with the credit notes ending writes.
// Db is the database or a transaction alike: writers pass their `trx`.

/** Writes the account's (enabled) subscription to the plan unless it has one already. */
export async function insertSubscriptionIfMissing(trx: Db, accountId: number, planId: number, nowSeconds: number): Promise<void> {
  await trx
    .insertInto('subscriptions')
    .values({ account_id: accountId, plan_id: planId, created_at: nowSeconds, updated_at: nowSeconds })
    .onConflict((oc) => oc.columns(['account_id', 'plan_id']).doNothing())
    .execute();
}

/** Writes a bundle; its id. */
export async function insertBundle(trx: Db, values: Insertable<BundlesTable>): Promise<number> {
  const row = await trx.insertInto('bundles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The bundle's row, locked (for update) until the transaction ends; undefined when there is none. */
export function bundleForUpdate(trx: Db, bundleId: number) {
  return trx
    .selectFrom('bundles')
    .select(['account_id', 'clicks', 'used_clicks', 'start_date', 'end_date', 'price', 'order_id', 'ended_at'])
    .where('id', '=', bundleId)
    .forUpdate()
    .executeTakeFirst();
}

/** Changes the bundle's row. */
export async function updateBundleRow(trx: Db, bundleId: number, changes: Updateable<BundlesTable>): Promise<void> {
  await trx.updateTable('bundles').set(changes).where('id', '=', bundleId).execute();
}

/** Deletes the bundle's row. */
export async function deleteBundleRow(trx: Db, bundleId: number): Promise<void> {
  await trx.deleteFrom('bundles').where('id', '=', bundleId).execute();
}

/** The account and plan of the bundle, unlocked; undefined when there is no such bundle. */
export function bundleOwner(trx: Db, bundleId: number): Promise<{ account_id: number; plan_id: number } | undefined> {
  return trx.selectFrom('bundles').select(['account_id', 'plan_id']).where('id', '=', bundleId).executeTakeFirst();
}

/** Locks the account's subscription to the plan (for update) until the transaction ends. */
export async function lockSubscription(trx: Db, accountId: number, planId: number): Promise<void> {
  await trx.selectFrom('subscriptions').select('id').where('account_id', '=', accountId).where('plan_id', '=', planId).forUpdate().execute();
}

/** The bundle with its plan's name, the bundle's row locked (for update) until the transaction ends. */
export function bundleToEndForUpdate(trx: Db, bundleId: number) {
  return trx
    .selectFrom('bundles')
    .innerJoin('plans', 'plans.id', 'bundles.plan_id')
    .select(['bundles.clicks', 'bundles.used_clicks', 'bundles.price', 'bundles.end_date', 'bundles.order_id', 'bundles.ended_at', 'plans.name as plan'])
    .where('bundles.id', '=', bundleId)
    .forUpdate('bundles')
    .executeTakeFirst();
}

/** The territory and number of the credit note issued when the bundle was ended. */
export function creditNoteOfBundle(trx: Db, bundleId: number) {
  return trx.selectFrom('credit_notes').select(['territory', 'number']).where('bundle_id', '=', bundleId).executeTakeFirst();
}

/** The invoice of the order, locked (for update) until the transaction ends. */
export function invoiceOfOrderForUpdate(trx: Db, orderId: number) {
  return trx.selectFrom('invoices').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst();
}

/** What the credit notes against the invoice have credited so far, net and tax (0 when none). */
export function creditedOnInvoice(trx: Db, invoiceId: number) {
  return trx
    .selectFrom('credit_notes')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('net'), eb.lit(0)).as('net'), eb.fn.coalesce(eb.fn.sum<number>('tax'), eb.lit(0)).as('tax')])
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}

/** Marks the bundle ended now, by whom and why: the meter spends its clicks no more. */
export async function markBundleEnded(trx: Db, bundleId: number, nowSeconds: number, by: number, reason: string): Promise<void> {
  await trx.updateTable('bundles').set({ ended_at: nowSeconds, ended_by: by, end_reason: reason }).where('id', '=', bundleId).execute();
}

/** Writes a credit note. */
export async function insertCreditNote(trx: Db, values: Insertable<CreditNotesTable>): Promise<void> {
  await trx.insertInto('credit_notes').values(values).execute();
}
