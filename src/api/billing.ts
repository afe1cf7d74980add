import type { ResponseOf } from '../../contract/endpoint';
import * as shop from '../../contract/shop/endpoints';
import type { ApiClient } from './client';

// The payment calls of the Billing section (spec section 7), each through its contract entry.
// Loaded with the services page only.

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
