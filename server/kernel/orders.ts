import type { DqService } from '../../contract/shared/catalogue';
import { currencyCodes, salesTax, type Billing, type OrderKind } from '../../contract/shared/shop';
import type { Territory } from '../../contract/shared/territory';
import type { Db, Trx } from '../db';
import { isUniqueViolation } from '../db/errors';

// An order is created here and nowhere else: the shop's checkout, an automatic renewal and a bureau
// file's results all write a pending order and its lines, priced by their caller, under an
// idempotency key of the caller's making (one order per key; the gateway charges a key once).

export type NewOrderLine = {
  accountId: number;
  accountName: string;
  planId: number | null;
  planName: string;
  datasetRef: string;
  service: DqService;
  clicks: number;
  price: number;
};

export type NewOrder = {
  kind: OrderKind;
  territory: Territory;
  organisationId: number | null;
  /** The buyer; null for a renewal, which no one is signed in to make. */
  userId: number | null;
  idempotencyKey: string;
  /** The gateway's name (Deps.gateway.name). */
  gateway: string;
  totals: { net: number; tax: number; total: number };
  billing: Billing;
  lines: NewOrderLine[];
  now: number;
  /** Where the gateway sends the browser back, once the order's id is known (none for a renewal). */
  returnUrls?: (orderId: number) => { paidUrl: string; backUrl: string };
};

/** The order written under the idempotency key, if any. */
export async function orderIdByKey(db: Db, idempotencyKey: string): Promise<number | undefined> {
  const row = await db.selectFrom('orders').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row?.id;
}

/** Writes a pending order and its lines (inside the caller's transaction); answers its id. */
export async function insertOrder(trx: Db, order: NewOrder): Promise<number> {
  const { id } = await trx
    .insertInto('orders')
    .values({
      kind: order.kind,
      territory: order.territory,
      organisation_id: order.organisationId,
      user_id: order.userId,
      idempotency_key: order.idempotencyKey,
      gateway: order.gateway,
      ...order.totals,
      tax_rate_bp: salesTax[order.territory].rateBasisPoints,
      currency: currencyCodes[order.territory],
      billing: JSON.stringify(order.billing),
      back_url: null,
      paid_url: null,
      created_at: order.now,
      updated_at: order.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_lines')
    .values(order.lines.map((line, index) => ({
      order_id: id, line_no: index + 1, account_id: line.accountId, account_name: line.accountName, plan_id: line.planId,
      plan_name: line.planName, dataset_ref: line.datasetRef, service: line.service, clicks: line.clicks, price: line.price,
    })))
    .execute();
  if (order.returnUrls) {
    const { paidUrl, backUrl } = order.returnUrls(id);
    await trx.updateTable('orders').set({ paid_url: paidUrl, back_url: backUrl }).where('id', '=', id).execute();
  }
  return id;
}

/**
 * Runs `write` (which inserts the order) in a transaction. The same key sent twice at once: the
 * second insert meets the first's row under the unique key, and `found` answers with that order.
 */
export async function createOnce<T>(db: Db, idempotencyKey: string, write: (trx: Trx) => Promise<T>, found: (orderId: number) => T): Promise<T> {
  try {
    return await db.transaction().execute(write);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const orderId = await orderIdByKey(db, idempotencyKey);
    if (orderId === undefined) throw error;
    return found(orderId);
  }
}

/** Work a paid order of one kind does in the transaction that fulfils it (see Deps.paidOrders). */
export type PaidOrderWork = (trx: Db, orderId: number, now: number) => Promise<unknown>;
