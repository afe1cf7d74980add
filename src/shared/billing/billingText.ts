import { formatMoney } from '../../../contract/shared/catalogue';
import { salesTax } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import type { Cell } from '../csv';
import { formatDate } from '../format';
import { majorUnitsProblem, minorUnitsOf } from '../money';
import type { InvoiceSummary, PaymentDetails, SavedPayment } from '../../api/shop';

// The Billing section's words and numbers, as pure functions (tested in tests/views/billingText.test.ts).

const two = (n: number) => String(n).padStart(2, '0');

/** "Visa •••• 4242, expires 04/2030". */
export const cardText = (card: SavedPayment) => `${card.brand} •••• ${card.lastFour}, expires ${two(card.expiryMonth)}/${card.expiryYear}`;

/** Whether the card's expiry month has passed at `now` (seconds): renewals would fail. */
export function cardExpired(card: SavedPayment, now: number): boolean {
  const d = new Date(now * 1000);
  return card.expiryYear < d.getFullYear() || (card.expiryYear === d.getFullYear() && card.expiryMonth < d.getMonth() + 1);
}

/** This month's renewal spend against the cap: the words and, with a cap, the share used (0-100). */
export function capUse(details: Pick<PaymentDetails, 'monthlyCap' | 'renewalSpendThisMonth' | 'territory'>): { text: string; percent: number | null } {
  const spent = formatMoney(details.renewalSpendThisMonth, details.territory);
  if (details.monthlyCap === null) return { text: `${spent} spent on automatic renewals this month. No cap is set.`, percent: null };
  const cap = details.monthlyCap;
  const percent = cap === 0 ? 100 : Math.min(100, Math.round((details.renewalSpendThisMonth / cap) * 100));
  return { text: `${spent} of ${formatMoney(cap, details.territory)} spent on automatic renewals this month (${percent}%).`, percent };
}

/** The typed cap as minor units, or why it is not an amount. */
export function parseCap(text: string, territory: Territory): { cap: number } | { problem: string } {
  const problem = majorUnitsProblem(text, 'The cap');
  if (problem) return { problem };
  const cap = minorUnitsOf(text);
  return cap === null ? { problem: `The cap is an amount in ${territory === 'uk' ? 'pounds' : 'dollars'}` } : { cap };
}

/** What the renewal line of a subscription adds about paying for it (the card and the cap), or ''. */
export function renewalPaymentText(details: PaymentDetails | null | undefined): string {
  if (!details) return '';
  const card = details.card ? `Paid with ${details.card.brand} •••• ${details.card.lastFour}` : 'No card saved: renewals wait until one is';
  const cap = details.monthlyCap === null ? '' : `; at most ${formatMoney(details.monthlyCap, details.territory)} a month`;
  return `${card}${cap}.`;
}

export type CreditNote = NonNullable<InvoiceSummary['creditNotes']>[number];

/** One line of the billing history: an invoice, or a credit note against one (its money negative). */
export type HistoryLine = {
  id: string;
  number: string;
  date: number;
  description: string;
  net: number;
  tax: number;
  total: number;
  territory: Territory;
} & ({ document: 'invoice'; invoice: InvoiceSummary } | { document: 'creditNote'; creditNote: CreditNote });

/** "Refund against UK-000002: Service outage" — what a credit note is, in the customer's words. */
export const creditNoteDescription = (note: CreditNote) =>
  `${note.kind === 'refund' ? 'Refund' : 'Credit'} against ${note.invoiceNumber}, ${note.plan} bundle ended early: ${note.reason}`;

/** Invoices and their credit notes, newest first (a credit note before its invoice on the same day). */
export function historyLines(invoices: readonly InvoiceSummary[]): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const i of invoices) {
    lines.push({
      id: `invoice-${i.invoiceId}`, document: 'invoice', invoice: i, number: i.invoiceNumber, date: i.issuedAt,
      description: i.kind === 'renewal' ? `Automatic renewal: ${i.description}` : i.description, net: i.net, tax: i.tax, total: i.total, territory: i.territory,
    });
    for (const note of i.creditNotes ?? []) {
      lines.push({
        id: `credit-${note.creditNoteId}`, document: 'creditNote', creditNote: note, number: note.creditNoteNumber, date: note.issuedAt,
        description: creditNoteDescription(note), net: -note.net, tax: -note.tax, total: -note.total, territory: note.territory,
      });
    }
  }
  return lines.sort((a, b) => b.date - a.date || (a.document === b.document ? 0 : a.document === 'creditNote' ? -1 : 1));
}

/** The billing history as CSV rows, header first; money in major units so a spreadsheet sums it (credit notes negative). */
export function invoiceRows(invoices: readonly InvoiceSummary[]): Cell[][] {
  const tax = (t: Territory) => salesTax[t].name;
  return [
    ['Invoice', 'Date', 'Description', 'Currency', 'Net', 'Tax', 'Tax name', 'Total'],
    ...historyLines(invoices).map((l) => [l.number, formatDate(l.date), l.description, l.territory === 'uk' ? 'GBP' : 'AUD', l.net / 100, l.tax / 100, tax(l.territory), l.total / 100]),
  ];
}

/**
 * What the gateway's card page came back with (?billing=...; the server adds it to the way back, and
 * the gateway adds ?payment=declined or cancelled when the customer did not get through): the
 * sentence the section starts with, or null.
 */
export function returnMessage(billing: string | undefined, payment?: unknown): { text: string; tone: 'success' | 'warning' } | null {
  if (billing === 'card-saved') return { text: 'Your card is saved. Automatic renewals will be paid with it.', tone: 'success' };
  const declined = billing === 'declined' || billing === 'card-declined' || payment === 'declined';
  if (declined) return { text: 'No card was saved: the bank declined it. Try another card.', tone: 'warning' };
  if (billing === 'cancelled' || billing === 'card-cancelled') return { text: 'No card was saved: the card page was left without saving.', tone: 'warning' };
  return null;
}
