import type { DqService } from '../../../contract/shared/catalogue';
import type { z } from 'zod';
import type { checkoutBody } from '../../../contract/shop/schemas';
import { priceOf, quantityProblem } from '../../../contract/shared/catalogue';
import { idempotencyKeyHeader, orderTotals } from '../../../contract/shared/shop';
import { territoryLabels, type Territory } from '../../../contract/shared/territory';
import type { Db } from '../../db';
import type { Billing } from '../../db/shopSchema';
import { AppError, badRequest, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertPartnerAllows, authoriseGroup, isRowId, partnerSubtypeOf, requireAccountUnder, requireOrganisation, type Caller } from '../access/index';
import { createOnce, insertOrder, orderIdByKey } from '../../kernel/orders';
import { customerRefOf, portalReturnUrl } from './common';
import { orderLinesOf, orderRecord, planForShare, setGatewayRef } from './orderQueries';

// POST /shop/checkout: the basket becomes a pending order priced from the catalogue (never from the
// client), and the browser goes to the gateway's hosted payment page.

type CheckoutDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'gateway' | 'botCheck'>;
type Body = z.output<typeof checkoutBody>;
type PricedLine = { accountId: number; accountName: string; planId: number; plan: string; datasetRef: string; service: DqService; clicks: number; price: number };

const territoryName = (territory: Territory) => (territory === 'uk' ? 'the United Kingdom' : territoryLabels[territory]);

/** The idempotency key of the header: 8 to 160 characters of a UUID-like alphabet. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers[idempotencyKeyHeader];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !/^[A-Za-z0-9_-]{8,160}$/.test(key)) throw badRequest(`Send an ${idempotencyKeyHeader} header (a UUID made for this checkout attempt)`);
  return key;
}

/**
 * Checks every basket line and prices it: the account is directly under the organisation and owned
 * by the buyer (staff may not buy for customers); the plan is of the account's territory, on sale
 * now and the quantity one it sells. Accounts and plans are share-locked until the order is written.
 */
async function priceBasket(trx: Db, caller: Caller, organisationId: number, basket: Body['basket'], now: number): Promise<{ territory: Territory; lines: PricedLine[] }> {
  const organisation = await requireOrganisation(trx, organisationId, 'accounts');
  // Spec section 6: the shop is for owned accounts not under a referrer partner (theirs buy through the partner).
  const partner = await partnerSubtypeOf(trx, organisationId);
  assertPartnerAllows(partner?.subtype, 'shop');
  const lines: PricedLine[] = [];
  let territory: Territory | null = null;
  for (const item of basket) {
    const account = await requireAccountUnder(trx, organisation, item.accountId);
    await authoriseGroup(trx, caller, item.accountId, 'own', 'share');
    if (territory !== null && account.territory !== territory) throw badRequest('Check out the accounts of one territory at a time: an order is paid in one currency');
    territory = account.territory;
    if (!isRowId(item.planId)) throw notFound('Plan not found');
    const plan = await planForShare(trx, item.planId);
    if (!plan) throw notFound('Plan not found');
    if (plan.territory !== account.territory) {
      throw badRequest(`${plan.name} is a plan for ${territoryName(plan.territory)} and ${account.name} is an account in ${territoryName(account.territory)}`);
    }
    if (plan.deprecated_by_plan_id !== null) throw badRequest(`${plan.name} has been replaced by a newer plan and is no longer sold`);
    if (plan.available_start > now || (plan.available_end !== null && plan.available_end <= now)) throw badRequest(`${plan.name} is not on sale now`);
    const problem = quantityProblem(plan.pricing, item.quantity);
    if (problem) throw badRequest(`${plan.name}: ${problem}`);
    lines.push({
      accountId: item.accountId,
      accountName: account.name,
      planId: plan.id,
      plan: plan.name,
      datasetRef: plan.dataset_ref,
      service: plan.service,
      clicks: item.quantity,
      price: priceOf(plan.calculator, plan.pricing, item.quantity),
    });
  }
  // The schema refuses an empty basket; this keeps the type honest.
  if (territory === null) throw badRequest('No items in basket');
  return { territory, lines };
}

/** The order's lines as the gateway's page describes them. */
const describe = (lines: { plan: string; clicks: number }[]) =>
  lines.map((line) => `${line.plan}, ${line.clicks.toLocaleString('en-GB')} clicks`).join('; ').slice(0, 500);

export async function checkout(
  deps: CheckoutDeps,
  caller: Caller & { email: string },
  input: { query: { organisationId: number; token?: string }; body: Body; headers: Record<string, string | string[] | undefined>; ip: string; origin: string },
): Promise<{ url: string; orderId: number }> {
  const { db } = deps;
  const { body } = input;
  const clientKey = idempotencyKeyOf(input.headers);
  // Scoped to the buyer: another user's identical key is another checkout.
  const idempotencyKey = `shop:${caller.id}:${clientKey}`;
  const existing = await orderIdByKey(db, idempotencyKey);
  if (existing !== undefined) return paymentPage(deps, existing);

  // Return URLs are checked before anything is written (no open redirect); orderId is set once known.
  portalReturnUrl(deps, input.origin, body.paidUrl, {});
  portalReturnUrl(deps, input.origin, body.backUrl, {});
  await deps.botCheck(input.query.token, input.ip);
  const now = secondsOf(deps.clock);
  const billing: Billing = {
    name: body.name, company: body.company, email: body.email, address1: body.address1, address2: body.address2, address3: body.address3,
    address4: body.address4, town: body.town, county: body.county, postcode: body.postcode, country: body.country,
  };
  const orderId = await createOnce(
    db,
    idempotencyKey,
    async (trx) => {
      const { territory, lines } = await priceBasket(trx, caller, input.query.organisationId, body.basket, now);
      return insertOrder(trx, {
        kind: 'shop',
        territory,
        organisationId: input.query.organisationId,
        userId: caller.id,
        idempotencyKey,
        gateway: deps.gateway.name,
        totals: orderTotals(lines.map((line) => line.price), territory),
        billing,
        lines: lines.map((line) => ({ ...line, planName: line.plan })),
        now,
        returnUrls: (orderId) => ({
          paidUrl: portalReturnUrl(deps, input.origin, body.paidUrl, { orderId: String(orderId) }),
          backUrl: portalReturnUrl(deps, input.origin, body.backUrl, { orderId: String(orderId) }),
        }),
      });
    },
    (orderId) => orderId,
  );
  return paymentPage(deps, orderId);
}

/** The order's hosted payment page; the gateway answers the same page for the same key. */
async function paymentPage(deps: CheckoutDeps, orderId: number): Promise<{ url: string; orderId: number }> {
  const { db } = deps;
  const order = await orderRecord(db, orderId);
  // A replay after the payment went through gets the same (finished) page; a failed attempt needs a new key.
  if (order.status !== 'pending' && order.status !== 'paid') throw new AppError(409, `This checkout has ended (${order.status}): start a new one`);
  const lines = await orderLinesOf(db, orderId);
  const accounts = [...new Set(lines.flatMap((line) => (line.account_id === null ? [] : [line.account_id])))];
  const page = await deps.gateway.createPaymentPage({
    idempotencyKey: order.idempotency_key,
    customer: { ref: await customerRefOf(db, accounts[0] ?? 0), email: order.billing.email, name: order.billing.name },
    reference: String(order.id),
    successUrl: order.paid_url ?? '',
    cancelUrl: order.back_url ?? '',
    amount: Number(order.total),
    currency: order.currency,
    description: describe(lines.map((line) => ({ plan: line.plan_name, clicks: line.clicks }))),
    // The customer may keep this card for the accounts' automatic renewals; it is theirs to tick.
    offerToSaveCard: accounts.length > 0,
  });
  if (order.gateway_ref !== page.ref) await setGatewayRef(db, orderId, page.ref, secondsOf(deps.clock));
  return { url: page.url, orderId };
}
