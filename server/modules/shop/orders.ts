import type { Order } from '../../../contract/shop/entities';
import type { OrderStatus } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertStaff, isRowId, type Caller } from '../access/index';
import { orderMissing } from './common';
import { applyPaymentOutcome, failOrder, fulfilIn, paymentCancelled } from './fulfil';
import { insertPaymentEvent, orderOwnerAndState } from './orderQueries';
import { confirmSetup } from './paymentMethods';
import { orderRows } from './queries';
import { sendReceipt } from './receipts';

// An order as its buyer sees it after the gateway's page, the gateway's webhook, and staff's list of
// charges.

type OrderDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'gateway' | 'mail' | 'log' | 'paidOrders'>;

/**
 * GET /shop/order ?orderId: the buyer's own order. A pending one is confirmed with the gateway
 * first, so the thank-you page shows it paid even when the webhook has not come yet.
 */
export async function getOrder(deps: OrderDeps, caller: Caller, query: { orderId: number }): Promise<Order> {
  if (!isRowId(query.orderId)) throw orderMissing();
  const row = await orderOwnerAndState(deps.db, query.orderId);
  // Another user's order is no order of theirs: 404, not 403, so ids cannot be probed.
  if (!row || row.user_id !== caller.id) throw orderMissing();
  if (row.status === 'pending' && row.gateway_ref !== null) {
    const outcome = await deps.gateway.retrieve(row.gateway_ref);
    await applyPaymentOutcome(deps, query.orderId, outcome);
  }
  const [order] = await orderRows(deps.db, { orderId: query.orderId });
  return order;
}

/**
 * POST /payment/webhook: a signed event of the gateway. The event is news that a payment changed,
 * not the change: what it came to is asked of the gateway (`retrieve`), so an event says no more
 * than the gateway confirms, and an order already paid, declined or cancelled stays so. The event id
 * is recorded in the same transaction as its effect, so a redelivery (or the same event a hundred
 * times at once) waits for the first and then does nothing; a failure rolls both back and the
 * gateway delivers it again.
 */
export async function handleWebhook(deps: OrderDeps, rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<{ received: true; duplicate: boolean }> {
  const event = await deps.gateway.verifyWebhook(rawBody, headers);
  const now = secondsOf(deps.clock);
  const outcome = await deps.gateway.retrieve(event.outcome.ref);
  const orderId = event.mode === 'payment' ? Number(outcome.reference) : NaN;
  const result = await deps.db.transaction().execute(async (trx) => {
    const fresh = await insertPaymentEvent(trx, { gateway: deps.gateway.name, event_id: event.id, type: event.type, received_at: now });
    if (!fresh) return { duplicate: true, paid: false };
    if (event.mode === 'setup') {
      await confirmSetup(trx, deps, outcome);
      return { duplicate: false, paid: false };
    }
    if (!isRowId(orderId)) return { duplicate: false, paid: false };
    if (outcome.status === 'succeeded') return { duplicate: false, paid: await fulfilIn(trx, deps, orderId, outcome) };
    if (outcome.status === 'declined') await failOrder(trx, deps.clock, orderId, 'declined', outcome.failure);
    if (outcome.status === 'cancelled') await failOrder(trx, deps.clock, orderId, 'cancelled', paymentCancelled);
    return { duplicate: false, paid: false };
  });
  if (result.paid) await sendReceipt(deps, orderId);
  return { received: true, duplicate: result.duplicate };
}

/** GET /charges (staff: admin, super, sales): every order, newest first, filtered. */
export async function listCharges(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  query: { fromDate?: number; toDate?: number; status?: OrderStatus; territory?: Territory },
): Promise<Order[]> {
  assertStaff(caller);
  return orderRows(deps.db, query);
}
