import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db';
import type { BundlesTable } from '../../db/schema';
import type { OrdersTable, PaymentEventsTable } from '../../db/shopSchema';

// The SQL of one order as its payment goes on: the plans it is priced from, its row, its lines, the
// gateway's reference and events, its fulfilment (paid once, its bundles and subscriptions), its
// invoice. (An order is written by server/kernel/orders.ts; the lists and invoices are in queries.ts.)

/** The order's row (it must exist). */
export function orderRecord(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** The order's status and gateway reference; undefined when there is no such order. */
export function orderState(db: Db, orderId: number) {
  return db.selectFrom('orders').select(['status', 'gateway_ref']).where('id', '=', orderId).executeTakeFirst();
}

/** The order's lines in order. */
export function orderLinesOf(db: Db, orderId: number) {
  return db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute();
}

/** Records the gateway page's reference of the order. */
export async function setGatewayRef(db: Db, orderId: number, ref: string, now: number): Promise<void> {
  await db.updateTable('orders').set({ gateway_ref: ref, updated_at: now }).where('id', '=', orderId).execute();
}

/** Records the reference of a charge made for the order, unless one is recorded already. */
export async function setChargeRef(db: Db, orderId: number, ref: string): Promise<void> {
  await db.updateTable('orders').set({ gateway_ref: ref }).where('id', '=', orderId).where('gateway_ref', 'is', null).execute();
}

/** The invoice of a paid order (it must exist). */
export function invoiceIdOfOrder(db: Db, orderId: number) {
  return db.selectFrom('invoices').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

/** A plan with its dataset, share-locked until the order is written; undefined when there is none. */
export function planForShare(trx: Db, planId: number) {
  return trx
    .selectFrom('plans')
    .innerJoin('datasets', 'datasets.id', 'plans.dataset_id')
    .select(['plans.id', 'plans.name', 'plans.territory', 'plans.calculator', 'plans.pricing', 'plans.available_start', 'plans.available_end', 'plans.deprecated_by_plan_id', 'datasets.dataset_ref', 'datasets.service'])
    .where('plans.id', '=', planId)
    .forShare('plans')
    .executeTakeFirst();
}

/** The order's buyer, status and gateway reference; undefined when there is no such order. */
export function orderOwnerAndState(db: Db, orderId: number) {
  return db.selectFrom('orders').select(['user_id', 'status', 'gateway_ref']).where('id', '=', orderId).executeTakeFirst();
}

/** Records a gateway event once; undefined when it was recorded before. */
export function insertPaymentEvent(trx: Db, row: Insertable<PaymentEventsTable>) {
  return trx
    .insertInto('payment_events')
    .values(row)
    .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
}

/** The total and currency of the order while it is pending, locked for update; undefined otherwise. */
export function pendingOrderForUpdate(trx: Db, orderId: number) {
  return trx.selectFrom('orders').select(['total', 'currency']).where('id', '=', orderId).where('status', '=', 'pending').forUpdate().executeTakeFirst();
}

/**
 * pending -> paid, keeping a gateway reference already recorded (else `ref`); answers what the
 * fulfilment needs of the order, or undefined when it was not pending.
 */
export function markPendingOrderPaid(trx: Db, orderId: number, ref: string, now: number) {
  return trx
    .updateTable('orders')
    .set((eb) => ({ status: 'paid', paid_at: now, updated_at: now, gateway_ref: eb.fn.coalesce('gateway_ref', eb.val(ref)) }))
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .returning(['id', 'kind', 'territory', 'net', 'tax', 'total', 'tax_rate_bp', 'currency', 'billing', 'user_id', 'gateway'])
    .executeTakeFirst();
}

/** pending -> declined or cancelled with `changes`; undefined when the order was not pending. */
export function failPendingOrder(db: Db, orderId: number, changes: Pick<Updateable<OrdersTable>, 'status' | 'failure' | 'updated_at'>) {
  return db.updateTable('orders').set(changes).where('id', '=', orderId).where('status', '=', 'pending').returning('id').executeTakeFirst();
}

/** The order's lines in order, with their plan's duration and whether their account still exists (both null once deleted). */
export function linesToFulfil(trx: Db, orderId: number) {
  return trx
    .selectFrom('order_lines')
    .leftJoin('plans', 'plans.id', 'order_lines.plan_id')
    .leftJoin('groups', 'groups.id', 'order_lines.account_id')
    .select(['order_lines.line_no', 'order_lines.account_id', 'order_lines.plan_id', 'order_lines.clicks', 'order_lines.price', 'plans.duration_months', 'groups.id as accountExists'])
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.line_no')
    .execute();
}

/** Subscribes the account to the plan, or enables the subscription it has. */
export async function subscribeOrEnable(trx: Db, accountId: number, planId: number, now: number): Promise<void> {
  await trx
    .insertInto('subscriptions')
    .values({ account_id: accountId, plan_id: planId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'plan_id']).doUpdateSet({ enabled: true, updated_at: now }))
    .execute();
}

/** Writes a bundle and answers its id. */
export function insertBundle(trx: Db, row: Insertable<BundlesTable>) {
  return trx.insertInto('bundles').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Records the bundle a line of the order became. */
export async function setLineBundle(trx: Db, orderId: number, lineNo: number, bundleId: number): Promise<void> {
  await trx.updateTable('order_lines').set({ bundle_id: bundleId }).where('order_id', '=', orderId).where('line_no', '=', lineNo).execute();
}

/** The order with its invoice's number, for the receipt; undefined when it has no invoice. */
export function orderWithInvoiceNumber(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.order_id', 'orders.id')
    .select(['orders.kind', 'orders.territory', 'orders.net', 'orders.tax', 'orders.total', 'orders.billing', 'invoices.number'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}
