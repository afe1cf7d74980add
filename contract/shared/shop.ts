// The shop's rules with no zod, shared by the SPA (basket, prices, totals) and the server (checkout,
// invoices, renewals), so a total is computed by one function everywhere.

import type { Territory } from './territory';

/** The sales tax on every order of a territory: VAT in the UK, GST in Australia (rates in basis points). */
export const salesTax: Record<Territory, { name: 'VAT' | 'GST'; rateBasisPoints: number; label: string }> = {
  uk: { name: 'VAT', rateBasisPoints: 2000, label: 'VAT at 20%' },
  australia: { name: 'GST', rateBasisPoints: 1000, label: 'GST at 10%' },
};

/** ISO 4217 code of each territory's currency (orders, the gateway). */
export const currencyCodes: Record<Territory, 'GBP' | 'AUD'> = { uk: 'GBP', australia: 'AUD' };

/** Net, tax and total of a list of net line prices (minor units); the tax is rounded half up once, on the sum. */
export function orderTotals(netLines: readonly number[], territory: Territory): { net: number; tax: number; total: number } {
  const net = netLines.reduce((sum, line) => sum + line, 0);
  const tax = taxOn(net, salesTax[territory].rateBasisPoints);
  return { net, tax, total: net + tax };
}

/** Most lines in one checkout: a basket is a handful of plans, never thousands. */
export const maxBasketItems = 50;

/** An order's life: pending until the gateway answers; paid writes its bundles; the rest write none. */
export const orderStatuses = ['pending', 'paid', 'declined', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** shop: a checkout; renewal: automatic renewal of a subscription; bureau: paid cleansed-file results. */
export const orderKinds = ['shop', 'renewal', 'bureau'] as const;
export type OrderKind = (typeof orderKinds)[number];

/**
 * What an automatic renewal comes to, and what would stop it: refused ones are mailed to the
 * account's payers and shown on the subscription until a renewal is made.
 *   plan: the plan is no longer sold, or the renewal's clicks are not a quantity it sells
 *   card: no saved card
 *   cap: its price with tax would take this month's renewals past the account's monthly cap
 *   declined: the saved card was declined (known only once charged)
 */
export const renewalRefusals = ['plan', 'card', 'cap', 'declined'] as const;
export type RenewalRefusal = (typeof renewalRefusals)[number];
export type RenewalOutcome = 'renewed' | RenewalRefusal;

/**
 * What will stop the next automatic renewal, in the order the renewal asks: null when it would be
 * made. `total` is one renewal's price with tax; `spentThisMonth` what this month's renewals of
 * the account already cost.
 */
export function renewalObstacle(r: {
  onSale: boolean;
  hasCard: boolean;
  cap: number | null;
  spentThisMonth: number;
  total: number;
}): Exclude<RenewalRefusal, 'declined'> | null {
  if (!r.onSale) return 'plan';
  if (!r.hasCard) return 'card';
  if (r.cap !== null && r.spentThisMonth + r.total > r.cap) return 'cap';
  return null;
}

/** An invoice number as printed: UK-000042, AU-000042 (numbered without gaps per territory). */
export function invoiceNumberText(territory: Territory, number: number): string {
  return `${territory === 'uk' ? 'UK' : 'AU'}-${String(number).padStart(6, '0')}`;
}

/** A credit note's number as printed: its own sequence per territory (UK-CN-000001, AU-CN-000001). */
export function creditNoteNumberText(territory: Territory, number: number): string {
  return `${territory === 'uk' ? 'UK' : 'AU'}-CN-${String(number).padStart(6, '0')}`;
}

/**
 * How a paid bundle ended early is settled against its invoice: refund (the money goes back to the
 * card that paid) or credit (held for the account's next purchase). Either is a credit note.
 */
export const creditNoteKinds = ['refund', 'credit'] as const;
export type CreditNoteKind = (typeof creditNoteKinds)[number];
export const creditNoteKindLabels: Record<CreditNoteKind, string> = { refund: 'Refund to the card', credit: 'Credit for a later purchase' };

/**
 * What ending a paid bundle credits by default, net of tax: the unused clicks' share of the price it
 * paid (rounded to the nearest minor unit), as a prorated cancellation does. Clicks already spent stay billed.
 */
export function unusedShare(price: number, clicks: number, usedClicks: number): number {
  if (clicks <= 0) return 0;
  return Math.round((price * (clicks - usedClicks)) / clicks);
}

/** Tax at a rate in basis points on a net amount, rounded half up: an order's and a credit note's. */
export function taxOn(net: number, rateBasisPoints: number): number {
  return Math.floor((net * rateBasisPoints + 5000) / 10000);
}

/**
 * The embedded test gateway's cards (server/payments/testGateway.ts): any future expiry and any
 * three-digit CVC. Shown on the gateway's page and in the README.
 */
export const testCards = {
  success: { number: '4242 4242 4242 4242', text: 'Succeeds at once' },
  declined: { number: '4000 0000 0000 0002', text: 'Declined by the bank' },
  confirm: { number: '4000 0025 0000 3155', text: 'Asks for an extra confirmation step (3-D Secure)' },
  webhookOnly: { number: '4000 0000 0000 0077', text: 'Succeeds, but the confirmation arrives only by webhook, after the browser has returned' },
} as const;

/** Header carrying a checkout's idempotency key: the same key twice makes one order, not two. */
export const idempotencyKeyHeader = 'idempotency-key';

/** Who pays, as the checkout's billing form sends it and the invoice prints it. */
export type Billing = {
  name: string;
  company: string;
  email: string;
  address1: string;
  address2: string;
  address3: string;
  address4: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
};
