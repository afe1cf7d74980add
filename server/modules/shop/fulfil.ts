import type { Db } from '../../db';
import type { GatewayCard, PaymentOutcome } from '../../payments/gateway';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { addMonths } from '../../kernel/time';
import { customerRefOf, sellerOf } from './common';
import { failPendingOrder, insertBundle, linesToFulfil, markPendingOrderPaid, pendingOrderForUpdate, setLineBundle, subscribeOrEnable } from './orderQueries';
import { upsertSavedCard } from './paymentQueries';
import { insertInvoice, nextNumber } from './queries';
import { sendReceipt } from './receipts';

// Fulfilment: a paid order becomes its bundles and its invoice exactly once, whoever asks first (the
// webhook, the browser's return, a renewal). The winner is the one transaction whose
// `update ... where status = 'pending'` returns the row; the others find it paid and do nothing.

export type FulfilDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'paidOrders'>;
/** Fulfilment and its receipt. */
export type PaymentDeps = FulfilDeps & Pick<Deps, 'mail'>;

/** What the gateway says was paid: its reference, the card kept (if asked), the amount and currency taken. */
export type PaidOutcome = { ref: string; card: GatewayCard | null; amount: number; currency: string };

export const paymentCancelled = 'The payment was cancelled';

/**
 * Marks the order paid and writes its bundles, their subscriptions and its invoice, in the caller's
 * transaction. Returns false when the order was not pending (already paid, declined, or unknown), or
 * when the gateway took another amount or currency than the order's: that order stays pending and
 * is logged, for someone to look into, rather than delivering what was not paid for.
 */
export async function fulfilIn(trx: Db, deps: Omit<FulfilDeps, 'db'>, orderId: number, outcome: PaidOutcome): Promise<boolean> {
  const now = secondsOf(deps.clock);
  const pending = await pendingOrderForUpdate(trx, orderId);
  if (!pending) return false;
  if (Number(pending.total) !== outcome.amount || pending.currency !== outcome.currency) {
    deps.log.error({ orderId, gatewayRef: outcome.ref, order: { total: Number(pending.total), currency: pending.currency }, paid: { amount: outcome.amount, currency: outcome.currency } },
      'the gateway took another amount or currency than the order: the order was not fulfilled');
    return false;
  }
  const order = await markPendingOrderPaid(trx, orderId, outcome.ref, now);
  if (!order) return false;
  // What the order's kind does beyond bundles and invoice (a bureau order: its file becomes paid and is charged once).
  if (order.kind !== 'shop' && order.kind !== 'renewal') await deps.paidOrders[order.kind](trx, orderId, now);
  const lines = await linesToFulfil(trx, orderId);
  for (const line of lines) {
    // A plan or account deleted while the payment was under way: the invoice still lists the line
    // (names are kept), but there is nothing to hold a bundle.
    if (line.plan_id === null || line.account_id === null || line.duration_months === null || line.accountExists === null) continue;
    await subscribeOrEnable(trx, line.account_id, line.plan_id, now);
    const bundle = await insertBundle(trx, {
      account_id: line.account_id,
      plan_id: line.plan_id,
      clicks: line.clicks,
      price: Number(line.price),
      start_date: now,
      end_date: addMonths(now, line.duration_months),
      source: order.kind === 'renewal' ? 'renewal' : 'shop',
      created_at: now,
      created_by: order.user_id,
      order_id: orderId,
    });
    await setLineBundle(trx, orderId, line.line_no, bundle.id);
  }
  const number = await nextNumber(trx, 'invoice_numbers', order.territory);
  await insertInvoice(trx, {
    territory: order.territory,
    number,
    order_id: orderId,
    issued_at: now,
    net: Number(order.net),
    tax: Number(order.tax),
    total: Number(order.total),
    tax_rate_bp: order.tax_rate_bp,
    currency: order.currency,
    buyer: JSON.stringify(order.billing),
    seller: JSON.stringify(sellerOf(deps, order.territory)),
  });
  // The gateway returns the card only when the customer ticked the box to keep it: it becomes the
  // saved card of every account the order paid for. Unticked, a saved card stays as it was.
  if (outcome.card) {
    const accounts = [...new Set(lines.flatMap((line) => (line.account_id === null || line.accountExists === null ? [] : [line.account_id])))];
    // The customer the checkout paid as (customerRefOf its first account), read before any card changes.
    const customerRef = accounts.length > 0 ? await customerRefOf(trx, accounts[0]) : '';
    for (const accountId of accounts) {
      await storeCard(trx, { accountId, card: outcome.card, customerRef, billingEmail: order.billing.email, userId: order.user_id, now, gateway: order.gateway });
    }
  }
  return true;
}

/** Keeps (or replaces) the account's saved card: spec section 3, Saved payment. */
export async function storeCard(
  trx: Db,
  input: { accountId: number; card: GatewayCard; customerRef: string; billingEmail: string; userId: number | null; now: number; gateway: string },
): Promise<void> {
  const { card, now } = input;
  const values = {
    gateway: input.gateway,
    // The method belongs to the customer it was saved under, so renewals charge it as that customer.
    customer_ref: input.customerRef,
    method_ref: card.methodRef,
    brand: card.brand,
    last_four: card.lastFour,
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
    billing_email: input.billingEmail,
    updated_at: now,
    updated_by: input.userId,
  };
  await upsertSavedCard(trx, input.accountId, now, values);
}

/** pending -> declined or cancelled, with the gateway's words; no bundles. False when no longer pending. */
export async function failOrder(db: Db, clock: Deps['clock'], orderId: number, status: 'declined' | 'cancelled', failure: string | null): Promise<boolean> {
  const now = secondsOf(clock);
  const row = await failPendingOrder(db, orderId, { status, failure, updated_at: now });
  return row !== undefined;
}

/** Fulfils in a transaction of its own and mails the receipt when this call was the one that did it. */
export async function fulfilOrder(deps: PaymentDeps, orderId: number, outcome: PaidOutcome): Promise<boolean> {
  const paid = await deps.db.transaction().execute((trx) => fulfilIn(trx, deps, orderId, outcome));
  if (paid) await sendReceipt(deps, orderId);
  return paid;
}

/** Applies what the gateway says of an order's payment: paid (once), declined or cancelled; open and processing wait. */
export async function applyPaymentOutcome(deps: PaymentDeps, orderId: number, outcome: PaymentOutcome): Promise<void> {
  if (outcome.status === 'succeeded') await fulfilOrder(deps, orderId, outcome);
  else if (outcome.status === 'declined') await failOrder(deps.db, deps.clock, orderId, 'declined', outcome.failure);
  else if (outcome.status === 'cancelled') await failOrder(deps.db, deps.clock, orderId, 'cancelled', paymentCancelled);
}
