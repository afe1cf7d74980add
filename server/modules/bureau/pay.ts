import type { z } from 'zod';
import type { payResults as payShape } from '../../../contract/bureau/schemas';
import type { Db } from '../../db';
import type { Billing } from '../../db/shopSchema';
import { AppError, badRequest, conflict } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { groupFacts, type Caller } from '../access/index';
import { createOnce, insertOrder, orderIdByKey } from '../../kernel/orders';
import { applyPaymentOutcome, customerRefOf, idempotencyKeyOf, invoiceIdOfOrder, invoiceLink, orderRecord, orderState, portalReturnUrl, setGatewayRef } from '../shop/index';
import { currentCost, noResults, type FileRow } from './costs';
import { ownFile } from './files';
import { fileOfOrder, setFileOrder } from './queries';

// POST /files/results/pay ?fileId: the file's results become a pending shop order of kind 'bureau'
// (one line, priced from the admin costs and fixed into the file) and the browser goes to the
// gateway's hosted page. The shop's fulfilment (webhook or the browser's return through GET
// /shop/order) marks the file paid and writes its job charge, exactly once.

type PayDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'gateway' | 'mail' | 'log' | 'paidOrders'>;
type Body = z.output<typeof payShape.body>;
type Answer = { checkoutUrl: string | null; invoiceUrl: string | null; orderId: number };
type PayInput = { query: { fileId: number }; body: Body; headers: Record<string, string | string[] | undefined>; origin: string };

/**
 * The spec's single company address as the invoice's address lines: the portal's form sends one line
 * per field (address lines 1-4, town, county, postcode; empty ones kept), read back field by field;
 * any other text by line, or by comma.
 */
export function billingOf(body: Body): Billing {
  const fields = body.companyAddress.split(/\r?\n/).map((line) => line.trim());
  if (fields.length === 7) {
    const [address1, address2, address3, address4, town, county, postcode] = fields;
    return { name: body.name, company: body.companyName, email: body.email, address1, address2, address3, address4, town, county, postcode, country: body.country };
  }
  const parts = body.companyAddress.split(/\r?\n|,/).map((part) => part.trim()).filter(Boolean);
  return {
    name: body.name,
    company: body.companyName,
    email: body.email,
    address1: parts[0] ?? '',
    address2: parts[1] ?? '',
    address3: parts[2] ?? '',
    address4: parts.slice(3).join(', '),
    town: '',
    county: '',
    postcode: '',
    country: body.country,
  };
}

const attemptEnded = 'This payment attempt has ended or was for another file: start a new one';

/** What the order line and the gateway's page call the results. */
const describe = (file: Pick<FileRow, 'name'>, records: number) => `Address cleanse results: ${file.name}, ${records.toLocaleString('en-GB')} records`.slice(0, 500);

/** An order under way for the file: asks the gateway first, as the webhook may not have come yet. */
async function settleOrderUnderWay(deps: PayDeps, orderId: number): Promise<void> {
  const order = await orderState(deps.db, orderId);
  if (order?.status === 'pending' && order.gateway_ref !== null) await applyPaymentOutcome(deps, orderId, await deps.gateway.retrieve(order.gateway_ref));
}

/** A new pending order for the file at today's prices, or the one already under way; fixes the price into the file. */
async function orderFor(trx: Db, caller: Caller, input: PayInput, idempotencyKey: string, deps: PayDeps): Promise<number> {
  const now = secondsOf(deps.clock);
  const file = await ownFile(trx, caller, input.query.fileId, { lock: 'update', wide: 'allowed' });
  if (file.status === 'paid' && file.order_id !== null) return file.order_id;
  if (file.status !== 'results' || file.results === null) throw noResults();
  if (file.order_id !== null) {
    const under = await orderState(trx, file.order_id);
    // One order at a time: a second attempt goes to the same page, so the file can never be paid twice.
    if (under?.status === 'pending') return file.order_id;
  }
  const cost = await currentCost(trx, file, now);
  const account = await groupFacts(trx, file.account_id);
  const extra = (orderId: number) => ({ orderId: String(orderId), fileId: String(file.id) });
  const orderId = await insertOrder(trx, {
    kind: 'bureau',
    territory: file.territory,
    organisationId: account.parent_id,
    userId: caller.id,
    idempotencyKey,
    gateway: deps.gateway.name,
    totals: { net: cost.net, tax: cost.tax, total: cost.total },
    billing: billingOf(input.body),
    lines: [{
      accountId: file.account_id,
      accountName: account.name,
      planId: null,
      planName: `Address cleanse results: ${file.name}`.slice(0, 300),
      datasetRef: cost.lines.map((line) => line.name).join(', ').slice(0, 300),
      service: 'addresscleanse',
      clicks: Math.max(1, file.results.inputRecordCount),
      price: cost.net,
    }],
    now,
    returnUrls: (id) => ({
      paidUrl: portalReturnUrl(deps, input.origin, input.body.paidUrl, extra(id)),
      backUrl: portalReturnUrl(deps, input.origin, input.body.backUrl, extra(id)),
    }),
  });
  await setFileOrder(trx, file.id, { cost: JSON.stringify(cost), order_id: orderId, updated_at: now });
  return orderId;
}

/** The answer for an order: its gateway page while pending, its invoice once paid. */
async function answerFor(deps: PayDeps, orderId: number, input: PayInput): Promise<Answer> {
  const { db } = deps;
  const order = await orderRecord(db, orderId);
  if (order.status === 'paid') {
    const invoice = await invoiceIdOfOrder(db, orderId);
    const back = portalReturnUrl(deps, input.origin, input.body.backUrl, {});
    return { checkoutUrl: null, invoiceUrl: await invoiceLink(deps, input.origin, invoice.id, back), orderId };
  }
  // A replayed key of a failed attempt: the SPA makes a new key for each attempt.
  if (order.status !== 'pending') throw new AppError(409, `This payment has ended (${order.status}): start a new one`);
  const file = await fileOfOrder(db, orderId);
  // The order read as pending, then ended and another began for the file (or it was deleted) meanwhile.
  if (!file) throw conflict(attemptEnded);
  const page = await deps.gateway.createPaymentPage({
    idempotencyKey: order.idempotency_key,
    customer: { ref: await customerRefOf(db, file.account_id), email: order.billing.email, name: order.billing.name },
    reference: String(order.id),
    successUrl: order.paid_url ?? '',
    cancelUrl: order.back_url ?? '',
    amount: Number(order.total),
    currency: order.currency,
    description: describe(file, file.results?.inputRecordCount ?? 0),
    offerToSaveCard: false,
  });
  if (order.gateway_ref !== page.ref) await setGatewayRef(db, orderId, page.ref, secondsOf(deps.clock));
  return { checkoutUrl: page.url, invoiceUrl: null, orderId };
}

/** POST /files/results/pay ?fileId (spec section 7, Bureau). */
export async function payResults(deps: PayDeps, caller: Caller, input: PayInput): Promise<Answer> {
  const { db } = deps;
  const idempotencyKey = `bureau:${caller.id}:${idempotencyKeyOf(input.headers)}`;
  // The key's order is read before the file: an order and the file's order_id are written in one
  // transaction, so a file read after its order was seen names that order. Read the other way round,
  // the same key sent twice at once could find the first's order beside a file read before it.
  const existing = await orderIdByKey(db, idempotencyKey);
  let file = await ownFile(db, caller, input.query.fileId, { wide: 'allowed' });
  // Return URLs and the territory are checked before anything is written (no open redirect).
  portalReturnUrl(deps, input.origin, input.body.paidUrl, {});
  portalReturnUrl(deps, input.origin, input.body.backUrl, {});
  if (input.body.territory !== file.territory) throw badRequest("The territory is not the file's account's territory");
  if (file.status === 'results' && file.order_id !== null) {
    await settleOrderUnderWay(deps, file.order_id);
    file = await ownFile(db, caller, input.query.fileId, { wide: 'allowed' });
  }
  if (file.status === 'paid' && file.order_id !== null) return answerFor(deps, file.order_id, input);

  if (existing !== undefined) {
    if (existing !== file.order_id) throw conflict(attemptEnded);
    return answerFor(deps, existing, input);
  }
  const orderId = await createOnce(db, idempotencyKey, (trx) => orderFor(trx, caller, input, idempotencyKey, deps), (id) => id);
  return answerFor(deps, orderId, input);
}
