import type { Insertable } from 'kysely';
import type { CreditNote, InvoiceSummary, Order, OrderLine } from '../../../contract/shop/entities';
import type { OrderStatus } from '../../../contract/shared/shop';
import { creditNoteNumberText, invoiceNumberText } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import type { Db } from '../../db';
import type { InvoicesTable } from '../../db/shopSchema';

// The SQL of the shop through Kysely: orders with their lines as the buyer and staff see them, and
// the billing history of an account. Db is the database or a transaction alike.

export type OrderWhere = {
  orderId?: number;
  userId?: number;
  status?: OrderStatus;
  territory?: Territory;
  fromDate?: number;
  toDate?: number;
};

/** Orders with their lines, newest first. */
export async function orderRows(db: Db, where: OrderWhere = {}): Promise<Order[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('groups as organisation', 'organisation.id', 'orders.organisation_id')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.kind',
      'orders.status',
      'orders.territory',
      'orders.organisation_id',
      'organisation.name as organisationName',
      'orders.user_id',
      'users.email as userEmail',
      'orders.net',
      'orders.tax',
      'orders.total',
      'orders.failure',
      'orders.billing',
      'invoices.id as invoiceId',
      'invoices.number as invoiceNumber',
      'orders.created_at',
      'orders.paid_at',
    ])
    .$if(where.orderId !== undefined, (qb) => qb.where('orders.id', '=', where.orderId!))
    .$if(where.userId !== undefined, (qb) => qb.where('orders.user_id', '=', where.userId!))
    .$if(where.status !== undefined, (qb) => qb.where('orders.status', '=', where.status!))
    .$if(where.territory !== undefined, (qb) => qb.where('orders.territory', '=', where.territory!))
    .$if(where.fromDate !== undefined, (qb) => qb.where('orders.created_at', '>=', where.fromDate!))
    .$if(where.toDate !== undefined, (qb) => qb.where('orders.created_at', '<=', where.toDate!))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(1000)
    .execute();
  const lines = await lineRows(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    orderId: row.id,
    kind: row.kind,
    status: row.status,
    territory: row.territory,
    organisationId: row.organisation_id,
    organisationName: row.organisationName,
    userId: row.user_id,
    userEmail: row.userEmail,
    net: Number(row.net),
    tax: Number(row.tax),
    total: Number(row.total),
    failure: row.failure,
    invoiceNumber: row.invoiceNumber === null ? null : invoiceNumberText(row.territory, row.invoiceNumber),
    invoiceId: row.invoiceId,
    lines: lines.get(row.id) ?? [],
    billing: row.billing,
    createdAt: Number(row.created_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
  }));
}

/** The lines of the orders, by order id, in line order. */
export async function lineRows(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderLine[]>> {
  const result = new Map<number, OrderLine[]>();
  if (orderIds.length === 0) return result;
  const rows = await db.selectFrom('order_lines').selectAll().where('order_id', 'in', [...orderIds]).orderBy('order_id').orderBy('line_no').execute();
  for (const row of rows) {
    const list = result.get(row.order_id) ?? [];
    list.push({
      accountId: row.account_id ?? 0,
      accountName: row.account_name,
      planId: row.plan_id ?? 0,
      plan: row.plan_name,
      datasetRef: row.dataset_ref,
      // The service was copied from the plan's dataset, one of dqServices.
      service: row.service,
      clicks: row.clicks,
      price: Number(row.price),
      bundleId: row.bundle_id,
    });
    result.set(row.order_id, list);
  }
  return result;
}

/** The billing history of an account: the invoices of paid orders with lines for it, newest first. */
export async function invoiceRows(db: Db, accountId: number): Promise<InvoiceSummary[]> {
  const invoices = await db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.id', 'invoices.order_id')
    .select(['invoices.id', 'invoices.number', 'invoices.territory', 'invoices.order_id', 'orders.kind', 'invoices.issued_at', 'invoices.net', 'invoices.tax', 'invoices.total'])
    .where((eb) => eb.exists(eb.selectFrom('order_lines').select('order_lines.order_id').whereRef('order_lines.order_id', '=', 'invoices.order_id').where('order_lines.account_id', '=', accountId)))
    .orderBy('invoices.issued_at', 'desc')
    .orderBy('invoices.id', 'desc')
    .execute();
  const lines = await lineRows(db, invoices.map((row) => row.order_id));
  const credits = await creditNoteRows(db, { invoiceIds: invoices.map((row) => row.id), accountId });
  return invoices.map((row) => {
    const own = lines.get(row.order_id) ?? [];
    return {
      invoiceId: row.id,
      invoiceNumber: invoiceNumberText(row.territory, row.number),
      orderId: row.order_id,
      kind: row.kind,
      issuedAt: Number(row.issued_at),
      net: Number(row.net),
      tax: Number(row.tax),
      total: Number(row.total),
      territory: row.territory,
      description: own.map((line) => `${line.plan} ${line.clicks.toLocaleString('en-GB')} ${row.kind === 'bureau' ? 'records' : 'clicks'}`).join('; '),
      bundleIds: own.flatMap((line) => (line.bundleId === null ? [] : [line.bundleId])),
      creditNotes: credits.filter((note) => note.invoiceId === row.id),
    };
  });
}

/**
 * Credit notes as the contract's CreditNote, oldest first: against some invoices (for one account's
 * bundles), of some bundles, or one by id.
 */
export async function creditNoteRows(
  db: Db,
  where: { invoiceIds: readonly number[]; accountId: number } | { bundleIds: readonly number[] } | { creditNoteId: number },
): Promise<CreditNote[]> {
  if ('invoiceIds' in where && where.invoiceIds.length === 0) return [];
  if ('bundleIds' in where && where.bundleIds.length === 0) return [];
  const rows = await db
    .selectFrom('credit_notes')
    .innerJoin('invoices', 'invoices.id', 'credit_notes.invoice_id')
    .select([
      'credit_notes.id', 'credit_notes.territory', 'credit_notes.number', 'credit_notes.invoice_id', 'invoices.number as invoiceNumber', 'credit_notes.bundle_id',
      'credit_notes.kind', 'credit_notes.reason', 'credit_notes.issued_at', 'credit_notes.net', 'credit_notes.tax', 'credit_notes.total',
      'credit_notes.plan_name', 'credit_notes.clicks', 'credit_notes.unused_clicks',
    ])
    .$if('invoiceIds' in where, (qb) => {
      const w = where as { invoiceIds: number[]; accountId: number };
      return qb.where('credit_notes.invoice_id', 'in', w.invoiceIds).where('credit_notes.account_id', '=', w.accountId);
    })
    .$if('bundleIds' in where, (qb) => qb.where('credit_notes.bundle_id', 'in', (where as { bundleIds: number[] }).bundleIds))
    .$if('creditNoteId' in where, (qb) => qb.where('credit_notes.id', '=', (where as { creditNoteId: number }).creditNoteId))
    .orderBy('credit_notes.id')
    .execute();
  return rows.map((row) => ({
    creditNoteId: row.id,
    creditNoteNumber: creditNoteNumberText(row.territory, row.number),
    invoiceId: row.invoice_id,
    invoiceNumber: invoiceNumberText(row.territory, row.invoiceNumber),
    bundleId: row.bundle_id,
    kind: row.kind,
    reason: row.reason,
    issuedAt: Number(row.issued_at),
    net: Number(row.net),
    tax: Number(row.tax),
    total: Number(row.total),
    territory: row.territory,
    plan: row.plan_name,
    clicks: row.clicks,
    unusedClicks: row.unused_clicks,
  }));
}

/**
 * The next number of a territory's invoices or credit notes, each a sequence of its own. The
 * counter row stays locked until the caller's transaction commits: the next one waits, so numbers
 * have no gaps and no repeats.
 */
export async function nextNumber(trx: Db, counter: 'invoice_numbers' | 'credit_note_numbers', territory: Territory): Promise<number> {
  const row = await trx
    .updateTable(counter)
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('territory', '=', territory)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** The invoice of the id; undefined when there is none. */
export function findInvoice(db: Db, invoiceId: number) {
  return db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
}

/** The same of an invoice that must exist. */
export function invoiceRecord(db: Db, invoiceId: number) {
  return db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
}

/** Writes the invoice of a paid order. */
export async function insertInvoice(trx: Db, row: Insertable<InvoicesTable>): Promise<void> {
  await trx.insertInto('invoices').values(row).execute();
}

/** The credit note of the id; undefined when there is none. */
export function creditNoteById(db: Db, creditNoteId: number) {
  return db.selectFrom('credit_notes').selectAll().where('id', '=', creditNoteId).executeTakeFirst();
}

/** The account a credit note was issued to (null once the account is gone); undefined when there is no such note. */
export function creditNoteAccount(db: Db, creditNoteId: number) {
  return db.selectFrom('credit_notes').select(['account_id']).where('id', '=', creditNoteId).executeTakeFirst();
}

/** A bundle's account and order, with the invoice of its order (null when it has none); undefined when there is no such bundle. */
export function bundleWithInvoice(db: Db, bundleId: number) {
  return db
    .selectFrom('bundles')
    .leftJoin('invoices', 'invoices.order_id', 'bundles.order_id')
    .select(['bundles.account_id', 'bundles.order_id', 'invoices.id as invoiceId'])
    .where('bundles.id', '=', bundleId)
    .executeTakeFirst();
}
