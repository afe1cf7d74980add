import type { BodyOf, QueryOf, ResponseOf } from '../../contract/endpoint';
import { idempotencyKeyHeader } from '../../contract/shared/shop';
import * as shop from '../../contract/shop/endpoints';
import type { ApiClient } from './client';

// The shop's calls of spec section 7 (contract/shop/endpoints.ts), each through its contract entry:
// shopApi for checkout, orders and the staff's charges; billingApi for the payment calls of the
// Billing section. Loaded with the pages that make them, never with the first page.

export type Charge = ResponseOf<typeof shop.listCharges>[number];

export type PaymentDetails = ResponseOf<typeof shop.paymentDetails>;
export type SavedPayment = NonNullable<PaymentDetails['card']>;
export type PaymentUser = ResponseOf<typeof shop.listPaymentUsers>[number];
export type InvoiceSummary = ResponseOf<typeof shop.listInvoices>[number];

export function billingApi(api: ApiClient) {
  return {
    /** `quiet`: a failure is only logged (the subscriptions merely mention the card). */
    details: (accountId: number, quiet = false) =>
      api.call(shop.paymentDetails, { query: { accountId } }, { action: 'load the payment details', cache: false, skipDefaultErrorHandling: quiet }),
    /** The gateway's page that saves or replaces the card; `backUrl` is where it sends the browser back. */
    generate: (accountId: number, backUrl: string) =>
      api.call(shop.generatePayment, { query: { accountId, backUrl } }, { action: 'open the card page', cache: false }),
    removeCard: (accountId: number) => api.call(shop.deletePayment, { query: { accountId } }, { action: 'remove the card' }),
    /** The cap in minor units, tax included; null: no cap. */
    setCap: (accountId: number, monthlyCap: number | null) =>
      api.call(shop.setMonthlyCap, { query: { accountId }, body: { monthlyCap } }, { action: 'save the monthly cap' }),
    users: (accountId: number) => api.call(shop.listPaymentUsers, { query: { accountId } }, { action: 'load the payment users', listRead: true, cache: false }),
    addUser: (accountId: number, userId: number) => api.call(shop.addPaymentUser, { query: { accountId, userId } }, { action: 'authorise the user' }),
    removeUser: (accountId: number, userId: number) =>
      api.call(shop.removePaymentUser, { query: { accountId, userId } }, { action: 'remove the payment user' }),
    invoices: (accountId: number) => api.call(shop.listInvoices, { query: { accountId } }, { action: 'load the billing history', listRead: true, cache: false }),
    /** A signed link to the printable invoice covering the bundle. */
    invoiceUrl: (bundleId: number, backUrl: string) =>
      api.call(shop.bundleInvoice, { query: { bundleId, backUrl } }, { action: 'open the invoice', cache: false }),
    /** A signed link to the printable credit note. */
    creditNoteUrl: (creditNoteId: number, backUrl: string) =>
      api.call(shop.creditNoteLink, { query: { creditNoteId, backUrl } }, { action: 'open the credit note', cache: false }),
  };
}

export type BillingApi = ReturnType<typeof billingApi>;

export function shopApi(api: ApiClient) {
  return {
    /** The basket page shows the refusal beside the items, not in the Error modal; `key` makes a repeated checkout one order. */
    checkout: (organisationId: number, body: BodyOf<typeof shop.checkout>, key: string) =>
      api.call(shop.checkout, { query: { organisationId }, body }, { action: 'check out', headers: { [idempotencyKeyHeader]: key }, skipDefaultErrorHandling: true }),
    /** GET /shop/order confirms a pending order with the gateway first. */
    order: (orderId: number) => api.call(shop.getOrder, { query: { orderId } }, { action: 'load your order', cache: false }),
    /** Every account's orders, newest first, filtered (staff). */
    charges: (query: QueryOf<typeof shop.listCharges>) => api.call(shop.listCharges, { query }, { action: 'load the charges', cache: false }),
  };
}
