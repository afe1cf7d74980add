import type { ResponseOf } from '../../contract/endpoint';
import type * as shop from '../../contract/shop/endpoints';
import type * as groups from '../../contract/groups/endpoints';
import { at } from './servicesFixtures';
import { ok, type Handler } from './support/renderPortal';

// The payment calls as the plans manager answers them, for the Billing section's view tests.

export type PaymentDetails = ResponseOf<typeof shop.paymentDetails>;
export type PaymentUser = ResponseOf<typeof shop.listPaymentUsers>[number];
export type InvoiceSummary = ResponseOf<typeof shop.listInvoices>[number];
export type GroupUser = ResponseOf<typeof groups.listGroupUsers>[number];
export type Charge = ResponseOf<typeof shop.listCharges>[number];

export const visa = { billingEmail: 'accounts@acme.example', lastFour: '4242', brand: 'Visa', expiryMonth: 4, expiryYear: 2030 };

export const details = (over: Partial<PaymentDetails> = {}): PaymentDetails => ({
  card: visa,
  monthlyCap: 20_000,
  renewalSpendThisMonth: 6_000,
  territory: 'uk',
  ...over,
});

export const ownerUser: PaymentUser = { userId: 4, name: 'Olive Owner', email: 'owner@example.com', owner: true, authorised: false };
export const payer: PaymentUser = { userId: 8, name: 'Pat Payer', email: 'pat@example.com', owner: false, authorised: true };

export const groupUser = (id: number, email: string, personalName: string | null, accessLevel: GroupUser['accessLevel'] = 'member'): GroupUser => ({
  id,
  name: email,
  email,
  personalName,
  accessLevel,
});

export const invoice = (invoiceId: number, over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  invoiceId,
  invoiceNumber: `UK-${String(invoiceId).padStart(6, '0')}`,
  orderId: 100 + invoiceId,
  kind: 'shop',
  issuedAt: at('2025-06-03T10:00'),
  net: 5_000,
  tax: 1_000,
  total: 6_000,
  territory: 'uk',
  description: 'Address Lookup 10k: 10,000 clicks',
  bundleIds: [invoiceId * 10],
  ...over,
});

export type BillingState = { details: PaymentDetails; users: PaymentUser[]; members: GroupUser[]; invoices: InvoiceSummary[] };

/** The payment calls over `state`; writes answer OK (the test reads what was sent from the calls). */
export function billingServer(state: BillingState): Handler {
  return (call) => {
    const p = call.url.pathname;
    if (p === '/api/plans/payment/details') return ok(state.details);
    if (p === '/api/plans/payment/users') return ok(state.users);
    if (p === '/api/plans/payment/invoices') return ok(state.invoices);
    if (p === '/api/plans/payment/generate') return ok({ checkoutUrl: 'http://portal.test/gateway/card/abc' });
    if (p === '/api/plans/bundles/invoice') return ok({ url: `http://portal.test/api/plans/invoices/view?bundle=${call.url.searchParams.get('bundleId')}&sig=x` });
    if (p === '/api/plans/payment/cap') return ok(state.details);
    if (p === '/api/plans/payment' || p === '/api/plans/payment/user') return ok({ msg: 'OK' });
    if (p === '/api/users/groupusers' && call.method === 'GET') return ok(state.members);
    return undefined;
  };
}

export const charge = (orderId: number, over: Partial<Charge> = {}): Charge => ({
  orderId,
  kind: 'shop',
  status: 'paid',
  territory: 'uk',
  organisationId: 30,
  organisationName: 'Acme Trading',
  userId: 4,
  userEmail: 'owner@example.com',
  net: 5_000,
  tax: 1_000,
  total: 6_000,
  failure: null,
  invoiceNumber: `UK-${String(orderId).padStart(6, '0')}`,
  invoiceId: orderId,
  lines: [],
  billing: { name: 'Olive Owner', company: 'Acme Trading', email: 'owner@example.com', address1: '1 High Street', address2: '', address3: '', address4: '', town: 'Leeds', county: '', postcode: 'LS1 1AA', country: 'United Kingdom' },
  createdAt: at('2025-06-03T10:00'),
  paidAt: at('2025-06-03T10:01'),
  ...over,
});
