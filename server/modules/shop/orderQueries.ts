import type { Db } from '../../db';

// The SQL of one order as its payment goes on: its row, its lines, the gateway's reference, its
// invoice. (An order is written by server/kernel/orders.ts; the lists are in queries.ts.)

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
