import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { formatMoney } from '../../../contract/shared/catalogue';
import { creditNoteKindLabels, creditNoteNumberText, invoiceNumberText, salesTax } from '../../../contract/shared/shop';
import type { Territory } from '../../../contract/shared/territory';
import type { Db } from '../../db';
import { utcDate } from '../../platform/clock';
import { notFound } from '../../errors';
import { directCall } from '../../http/openapiCall';
import type { Deps } from '../../kernel/deps';
import { invoiceMissing } from './common';
import { creditNoteViewPath, invoiceViewPath, verifyDocumentLink } from './invoices';
import { orderLinesOf } from './orderQueries';
import { creditNoteById, findInvoice, invoiceRecord } from './queries';
import { escapeHtml } from '../../kernel/html';

// The printable invoice: server-rendered HTML behind a signed, expiring link. Every value is escaped;
// the style sheet and the Print button's script are files of their own, so the page keeps the
// portal's CSP (no inline style or script).

const css = readFileSync(new URL('./assets/invoice.css', import.meta.url), 'utf8');
const js = readFileSync(new URL('./assets/invoice.js', import.meta.url), 'utf8');

/** Seller and buyer as the invoice printed them (a credit note prints its invoice's). */
function partiesHtml(invoice: Awaited<ReturnType<typeof invoiceData>>['invoice'], buyerTitle: string): string {
  const { seller, buyer } = invoice;
  const buyerLines = [buyer.name, buyer.company, buyer.address1, buyer.address2, buyer.address3, buyer.address4, buyer.town, buyer.county, buyer.postcode, buyer.country, buyer.email].filter(Boolean);
  return `<section class="parties">
<div><h2>From</h2><p>${[seller.name, ...seller.address].map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(seller.taxNumber)}</p><p>${escapeHtml(seller.email)}</p></div>
<div><h2>${escapeHtml(buyerTitle)}</h2><p>${buyerLines.map(escapeHtml).join('<br>')}</p></div>
</section>`;
}

/** The invoice's rows for the page: header, parties, lines and totals. */
export async function invoiceData(db: Db, invoiceId: number) {
  const invoice = await findInvoice(db, invoiceId);
  if (!invoice) throw invoiceMissing();
  const lines = await orderLinesOf(db, invoice.order_id);
  return { invoice, lines };
}

export function renderInvoice(data: Awaited<ReturnType<typeof invoiceData>>, back: string, assetsBase: string): string {
  const { invoice, lines } = data;
  const territory: Territory = invoice.territory;
  const money = (minor: number) => escapeHtml(formatMoney(Number(minor), territory));
  const tax = salesTax[territory];
  const number = invoiceNumberText(territory, invoice.number);
  const rate = `${invoice.tax_rate_bp / 100}%`;
  const rows = lines
    .map((line) => `<tr><td>${escapeHtml(line.plan_name)}</td><td>${escapeHtml(line.dataset_ref)}</td><td>${escapeHtml(line.account_name)}</td>` +
      `<td class="num">${line.clicks.toLocaleString('en-GB')}</td><td class="num">${money(line.price)}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escapeHtml(number)}</title>
<link rel="stylesheet" href="${escapeHtml(assetsBase)}/invoice.css">
<script src="${escapeHtml(assetsBase)}/invoice.js" defer></script>
</head>
<body>
<header>
<div><h1>${tax.name === 'GST' ? 'Tax invoice' : 'VAT invoice'}</h1>
<p>Invoice number <strong data-testid="invoice-number">${escapeHtml(number)}</strong></p>
<p>Date of issue ${escapeHtml(utcDate(Number(invoice.issued_at)))}</p></div>
</header>
${partiesHtml(invoice, 'Billed to')}
<table>
<thead><tr><th>Plan</th><th>Dataset</th><th>Account</th><th class="num">Clicks</th><th class="num">Net price</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><td colspan="4">Net</td><td class="num" data-testid="invoice-net">${money(invoice.net)}</td></tr>
<tr><td colspan="4">${escapeHtml(tax.name)} at ${escapeHtml(rate)}</td><td class="num" data-testid="invoice-tax">${money(invoice.tax)}</td></tr>
<tr class="total"><td colspan="4">Total (${escapeHtml(invoice.currency)})</td><td class="num" data-testid="invoice-total">${money(invoice.total)}</td></tr>
</tfoot>
</table>
<p class="note">Paid in full by card. Prices are net of ${escapeHtml(tax.name)}; ${escapeHtml(tax.name)} is charged at ${escapeHtml(rate)} on the net total.</p>
<div class="actions"><button type="button" id="print">Print</button>${back ? `<a href="${escapeHtml(back)}">Back</a>` : ''}</div>
</body>
</html>
`;
}

/** A credit note with the invoice it credits (buyer and seller as that invoice printed them). */
export async function creditNoteData(db: Db, creditNoteId: number) {
  const note = await creditNoteById(db, creditNoteId);
  if (!note) throw notFound('Credit note not found');
  const invoice = await invoiceRecord(db, note.invoice_id);
  return { note, invoice };
}

/** The printable credit note: the same page as an invoice, crediting the ended bundle with the reason. */
export function renderCreditNote(data: Awaited<ReturnType<typeof creditNoteData>>, back: string, assetsBase: string): string {
  const { note, invoice } = data;
  const territory: Territory = note.territory;
  const money = (minor: number) => escapeHtml(formatMoney(Number(minor), territory));
  const tax = salesTax[territory];
  const number = creditNoteNumberText(territory, note.number);
  const rate = `${note.tax_rate_bp / 100}%`;
  const unused = `${note.unused_clicks.toLocaleString('en-GB')} of ${note.clicks.toLocaleString('en-GB')} clicks unused`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Credit note ${escapeHtml(number)}</title>
<link rel="stylesheet" href="${escapeHtml(assetsBase)}/invoice.css">
<script src="${escapeHtml(assetsBase)}/invoice.js" defer></script>
</head>
<body>
<header>
<div><h1>Credit note</h1>
<p>Credit note number <strong data-testid="credit-note-number">${escapeHtml(number)}</strong></p>
<p>Against invoice <strong data-testid="credit-note-invoice">${escapeHtml(invoiceNumberText(territory, invoice.number))}</strong></p>
<p>Date of issue ${escapeHtml(utcDate(Number(note.issued_at)))}</p></div>
</header>
${partiesHtml(invoice, 'Credited to')}
<p><strong>Reason:</strong> <span data-testid="credit-note-reason">${escapeHtml(note.reason)}</span></p>
<table>
<thead><tr><th>Plan</th><th>Bundle ended early</th><th class="num">Net credited</th></tr></thead>
<tbody>
<tr><td>${escapeHtml(note.plan_name)}</td><td>${escapeHtml(unused)}</td><td class="num">${money(note.net)}</td></tr>
</tbody>
<tfoot>
<tr><td colspan="2">Net</td><td class="num" data-testid="credit-note-net">${money(note.net)}</td></tr>
<tr><td colspan="2">${escapeHtml(tax.name)} at ${escapeHtml(rate)}</td><td class="num" data-testid="credit-note-tax">${money(note.tax)}</td></tr>
<tr class="total"><td colspan="2">Total credited (${escapeHtml(note.currency)})</td><td class="num" data-testid="credit-note-total">${money(note.total)}</td></tr>
</tfoot>
</table>
<p class="note">${escapeHtml(creditNoteKindLabels[note.kind])}. ${escapeHtml(tax.name)} charged on the invoice is reversed at ${escapeHtml(rate)} on the net credited.</p>
<div class="actions"><button type="button" id="print">Print</button>${back ? `<a href="${escapeHtml(back)}">Back</a>` : ''}</div>
</body>
</html>
`;
}

/** GET /invoices/view (signed query), and its style sheet and script. No session: the signature is the access check. */
export const invoiceViewPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const assets = '/invoices/assets';
  app.get(`${assets}/invoice.css`, (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css));
  app.get(`${assets}/invoice.js`, (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(js));
  // The query is read as strings whatever was sent: verifyDocumentLink checks every part.
  const stringsOf = (query: unknown): Record<string, string | undefined> =>
    Object.fromEntries(Object.entries(query && typeof query === 'object' ? query : {}).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]));
  const page = (reply: FastifyReply, html: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(html);
  // The pages in the API reference: links the billing calls answer (bundleInvoice, creditNoteLink) open them.
  const pageCall = (path: string, words: string) =>
    directCall('GET', path, {
      tag: 'shop',
      summary: `The ${words} page`,
      description: `An HTML page opened by the signed link the billing calls answer; the signature in its query is the access check.`,
      answer: { contentType: 'text/html', description: `The ${words} as a printable page`, example: '<!doctype html>' },
      errors: [400, 403, 404],
    });
  app.get(invoiceViewPath, { config: { call: pageCall(invoiceViewPath, 'invoice') } }, async (request, reply) => {
    const { id, back } = await verifyDocumentLink(deps, 'invoice', stringsOf(request.query));
    return page(reply, renderInvoice(await invoiceData(deps.db, id), back, `${app.prefix}${assets}`));
  });
  app.get(creditNoteViewPath, { config: { call: pageCall(creditNoteViewPath, 'credit note') } }, async (request, reply) => {
    const { id, back } = await verifyDocumentLink(deps, 'creditNote', stringsOf(request.query));
    return page(reply, renderCreditNote(await creditNoteData(deps.db, id), back, `${app.prefix}${assets}`));
  });
};
