import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { id } from '../fields';
import { addressFields } from '../shared/address';
import { maxClicks } from '../shared/catalogue';
import { maxBasketItems, orderStatuses } from '../shared/shop';
import { email, message } from '../users/schemas';
import { invoiceSummary, order, paymentDetails, paymentUser } from './entities';

// The shop and payment calls of spec section 7 (plans manager, /api/plans) and ours around them.
// The server prices every order from the catalogue: a body carrying a price, or any field the call
// does not name, is refused (strict objects).

const accountIdQuery = z.object({ accountId: id });
const seconds = z.coerce.number().int().min(0);

/** A portal URL the gateway sends the browser back to: same origin as the portal, checked on the server. */
const returnUrl = z.string().trim().url('Give a full URL to return to').max(2000);

/** One basket entry as checkout sends it (spec section 7: accountId, planId, quantity). */
export const basketLine = z
  .object({
    accountId: z.number().int('Choose an account').positive('Choose an account'),
    planId: z.number().int('Choose a plan').positive('Choose a plan'),
    quantity: z
      .number('The quantity must be a number of clicks')
      .int('The quantity must be a whole number of clicks')
      .min(1, 'The quantity must be at least 1 click')
      .max(maxClicks, `The quantity is at most ${maxClicks.toLocaleString('en-GB')} clicks`),
  })
  .strict();

const optional = (max: number) => z.string().trim().max(max).optional().default('');
const required = (what: string, max: number) => z.string().trim().min(1, `${what} is required`).max(max, `${what} is at most ${max} characters`);

/** POST /shop/checkout ?organisationId, token: the bot check's token (spec section 7). */
export const checkoutQuery = z.object({ organisationId: id, token: z.string().max(4096).optional() });
export const checkoutBody = z
  .object({
    name: required('Your name', 200),
    company: optional(200),
    email,
    address1: required('Address line 1', addressFields.address1),
    address2: optional(addressFields.address2),
    address3: optional(addressFields.address3),
    address4: optional(addressFields.address4),
    town: required('Town', addressFields.town),
    county: optional(addressFields.county),
    postcode: required('Postcode', addressFields.postcode),
    country: required('Country', addressFields.country),
    backUrl: returnUrl,
    paidUrl: returnUrl,
    // The spec's message for an empty basket (section 5).
    basket: z.array(basketLine).min(1, 'No items in basket').max(maxBasketItems, `A basket holds at most ${maxBasketItems} items`),
  })
  .strict();
/** The gateway's hosted payment page the browser goes to. Send the idempotency-key header (contract/shared/shop.ts). */
export const checkout = { query: checkoutQuery, body: checkoutBody, response: z.object({ url: z.string(), orderId: z.number().int() }) } satisfies CallShape;

/** GET /shop/order ?orderId (ours): the buyer's order; a pending one is confirmed with the gateway first. */
export const getOrder = { query: z.object({ orderId: id }), response: order } satisfies CallShape;

/** GET /bundles/invoice ?bundleId, backUrl: a signed URL of the printable invoice covering the bundle. */
export const bundleInvoice = { query: z.object({ bundleId: id, backUrl: returnUrl.optional() }), response: z.object({ url: z.string() }) } satisfies CallShape;
/** GET /payment/creditnote ?creditNoteId, backUrl (ours): a signed URL of the printable credit note. */
export const creditNoteLink = { query: z.object({ creditNoteId: id, backUrl: returnUrl.optional() }), response: z.object({ url: z.string() }) } satisfies CallShape;
/** GET /payment/invoices ?accountId (ours): the billing history, newest first. */
export const listInvoices = { query: accountIdQuery, response: z.array(invoiceSummary) } satisfies CallShape;

/** GET /payment/details ?accountId. */
export const paymentDetailsCall = { query: accountIdQuery, response: paymentDetails } satisfies CallShape;
/** PUT /payment/cap ?accountId (ours): the monthly cap on automatic renewals, tax included; null removes it. */
export const setMonthlyCap = {
  query: accountIdQuery,
  body: z.object({ monthlyCap: z.number().int('The cap is whole minor units (pence or cents)').min(0, 'The cap cannot be negative').max(1_000_000_000_00, 'The cap is too large: at most 1,000,000,000.00 (100,000,000,000 pence or cents)').nullable() }).strict(),
  response: paymentDetails,
} satisfies CallShape;
/** GET /payment/generate ?accountId: the gateway's page that saves (or replaces) the card; the browser redirects there. */
export const generatePayment = { query: z.object({ accountId: id, backUrl: returnUrl.optional() }), response: z.object({ checkoutUrl: z.string() }) } satisfies CallShape;
/** DELETE /payment ?accountId: forgets the saved card (automatic renewals stop until a card is saved again). */
export const deletePayment = { query: accountIdQuery, response: message } satisfies CallShape;

/** GET /payment/users ?accountId. */
export const listPaymentUsers = { query: accountIdQuery, response: z.array(paymentUser) } satisfies CallShape;
const paymentUserQuery = z.object({ accountId: id, userId: id });
/** PUT /payment/user ?accountId, userId: the user must belong to the account (member or owner). */
export const addPaymentUser = { query: paymentUserQuery, response: message } satisfies CallShape;
export const removePaymentUser = { query: paymentUserQuery, response: message } satisfies CallShape;

/** GET /charges (staff): orders of every account, newest first, filtered. */
export const chargesQuery = z.object({
  fromDate: seconds.optional(),
  toDate: seconds.optional(),
  status: z.enum(orderStatuses).optional(),
  territory: z.enum(['uk', 'australia']).optional(),
});
export const listCharges = { query: chargesQuery, response: z.array(order) } satisfies CallShape;
