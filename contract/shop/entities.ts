import { z } from 'zod';
import { dqServices } from '../shared/catalogue';
import { creditNoteKinds, orderKinds, orderStatuses } from '../shared/shop';
import { territory } from '../users/entities';

// What the shop, payments, invoices and charges calls return (spec section 3: Saved payment; the
// rest is ours). Money is integer minor units of the order's territory's currency; timestamps are
// seconds since the epoch.

const seconds = z.number().int();
const rowId = z.number().int();
const money = z.number().int();

/** Spec section 3, Saved payment: the account's card at the gateway (never its number). */
export const savedPayment = z.object({
  billingEmail: z.string(),
  lastFour: z.string(),
  brand: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
});
export type SavedPayment = z.infer<typeof savedPayment>;

/** GET /payment/details: the saved card (null when none) and the monthly cap on automatic renewals. */
export const paymentDetails = z.object({
  card: savedPayment.nullable(),
  /** Most a calendar month's automatic renewals may cost, in minor units including tax; null: no cap. */
  monthlyCap: money.nullable(),
  /** What automatic renewals cost this calendar month so far (tax included). */
  renewalSpendThisMonth: money,
  territory,
});
export type PaymentDetails = z.infer<typeof paymentDetails>;

/** A user who may pay for the account and gets its receipts and renewal notices; owners always may. */
export const paymentUser = z.object({
  userId: rowId,
  name: z.string(),
  email: z.string(),
  /** An owner of the account (always authorised, cannot be removed here). */
  owner: z.boolean(),
  /** Authorised explicitly with PUT /payment/user. */
  authorised: z.boolean(),
});
export type PaymentUser = z.infer<typeof paymentUser>;

/** One line of an order: clicks of one plan for one account, priced from the catalogue. */
export const orderLine = z.object({
  accountId: rowId,
  accountName: z.string(),
  planId: rowId,
  plan: z.string(),
  datasetRef: z.string(),
  service: z.enum(dqServices),
  clicks: z.number().int(),
  /** Net price of the line. */
  price: money,
  /** The bundle the line became once paid. */
  bundleId: rowId.nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** An order as its buyer sees it (GET /shop/order) and staff list it (GET /charges). */
export const order = z.object({
  orderId: rowId,
  kind: z.enum(orderKinds),
  status: z.enum(orderStatuses),
  territory,
  organisationId: rowId.nullable(),
  organisationName: z.string().nullable(),
  userId: rowId.nullable(),
  userEmail: z.string().nullable(),
  net: money,
  tax: money,
  total: money,
  /** The gateway's words when the payment failed ('Your card was declined.'). */
  failure: z.string().nullable(),
  /** The invoice number as printed (UK-000042) once paid. */
  invoiceNumber: z.string().nullable(),
  invoiceId: rowId.nullable(),
  lines: z.array(orderLine),
  /** The billing details given at checkout, as the invoice prints them; the basket offers them again after a decline. */
  billing: z.object({
    name: z.string(), company: z.string(), email: z.string(), address1: z.string(), address2: z.string(), address3: z.string(),
    address4: z.string(), town: z.string(), county: z.string(), postcode: z.string(), country: z.string(),
  }),
  createdAt: seconds,
  paidAt: seconds.nullable(),
});
export type Order = z.infer<typeof order>;

/**
 * A credit note against an invoice: a paid bundle ended early by staff, with their reason, refunded
 * to the card or credited. Its amounts are what it credits (positive), tax reversed at the invoice's rate.
 */
export const creditNote = z.object({
  creditNoteId: rowId,
  /** As printed: UK-CN-000001 (numbered without gaps per territory). */
  creditNoteNumber: z.string(),
  invoiceId: rowId,
  invoiceNumber: z.string(),
  bundleId: rowId.nullable(),
  kind: z.enum(creditNoteKinds),
  reason: z.string(),
  issuedAt: seconds,
  net: money,
  tax: money,
  total: money,
  territory,
  plan: z.string(),
  clicks: z.number().int(),
  unusedClicks: z.number().int(),
});
export type CreditNote = z.infer<typeof creditNote>;

/** A line of the billing history: one invoice that covers bundles of the account. */
export const invoiceSummary = z.object({
  invoiceId: rowId,
  invoiceNumber: z.string(),
  orderId: rowId,
  kind: z.enum(orderKinds),
  issuedAt: seconds,
  net: money,
  tax: money,
  total: money,
  territory,
  /** The plans and clicks it covers, in words ('Address lookup 10,000 clicks; Email 5,000 clicks'). */
  description: z.string(),
  bundleIds: z.array(rowId),
  /** The credit notes issued against it for bundles of the account, oldest first. */
  creditNotes: z.array(creditNote).optional(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;
