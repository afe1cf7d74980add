import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InvoiceSummary } from '../../../contract/shop/entities';
import { servicePaths } from '../../config';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { baseUrlOf, type Deps } from '../../kernel/deps';
import { isRowId, type Caller } from '../access/index';
import { signingKey } from '../users/index';
import { billingAccount, portalReturnUrl } from './common';
import { bundleWithInvoice, creditNoteAccount, invoiceRows } from './queries';

// Invoices: the signed, expiring link to the printable invoice of a bundle's order, and the billing
// history of an account. The link carries no session (it opens in a new tab): its signature and
// expiry are the access check, made from the portal's signing secret with a purpose of its own.

type InvoiceDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

/** How long an invoice link works (seconds). */
export const invoiceLinkSeconds = 3600;
export const invoiceViewPath = '/invoices/view';
export const creditNoteViewPath = '/creditnotes/view';

const keys = new WeakMap<object, ReturnType<typeof signingKey>>();
function keyOf(deps: InvoiceDeps) {
  let key = keys.get(deps.db);
  if (!key) keys.set(deps.db, (key = signingKey({ db: deps.db, secret: deps.config.jwtSecret })));
  return key();
}

/** What a signed link opens: an invoice, or a credit note against one. Each signs with a purpose of its own. */
type Document = 'invoice' | 'creditNote';
const documents = {
  invoice: { purpose: 'invoice-view', param: 'invoiceId', path: invoiceViewPath, words: 'invoice' },
  creditNote: { purpose: 'creditnote-view', param: 'creditNoteId', path: creditNoteViewPath, words: 'credit note' },
} as const;

async function signatureOf(deps: InvoiceDeps, document: Document, id: number, expires: number, back: string): Promise<string> {
  const { bytes } = await keyOf(deps);
  return createHmac('sha256', bytes).update(`${documents[document].purpose}\n${id}\n${expires}\n${back}`).digest('hex');
}

/** The signed link (absolute, on the portal's origin) to a printable invoice or credit note. */
async function documentLink(deps: InvoiceDeps, origin: string, document: Document, id: number, back: string): Promise<string> {
  const { param, path } = documents[document];
  const expires = secondsOf(deps.clock) + invoiceLinkSeconds;
  const query = new URLSearchParams({ [param]: String(id), expires: String(expires), ...(back ? { back } : {}) });
  query.set('sig', await signatureOf(deps, document, id, expires, back));
  return `${baseUrlOf(deps, origin)}${servicePaths.plans}${path}?${query.toString()}`;
}

/** The signed link (absolute, on the portal's origin) to the printable invoice. */
export const invoiceLink = (deps: InvoiceDeps, origin: string, invoiceId: number, back: string) => documentLink(deps, origin, 'invoice', invoiceId, back);

/** Checks a link's signature and expiry; returns the document's id and the Back link. */
export async function verifyDocumentLink(deps: InvoiceDeps, document: Document, query: Record<string, string | undefined>): Promise<{ id: number; back: string }> {
  const { param, words } = documents[document];
  const id = Number(query[param]);
  const expires = Number(query.expires);
  const back = query.back ?? '';
  const given = query.sig ?? '';
  if (!isRowId(id) || !Number.isInteger(expires) || !/^[0-9a-f]{64}$/.test(given)) throw badRequest(`This ${words} link is not valid`);
  const expected = Buffer.from(await signatureOf(deps, document, id, expires, back), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw forbidden(`This ${words} link is not valid`);
  if (expires < secondsOf(deps.clock)) throw forbidden(`This ${words} link has expired: open the ${words} again from the billing history`);
  return { id, back };
}

/** GET /bundles/invoice ?bundleId, backUrl: the invoice of the order that bought the bundle. */
export async function bundleInvoice(deps: InvoiceDeps, caller: Caller, input: { query: { bundleId: number; backUrl?: string }; origin: string }): Promise<{ url: string }> {
  const { bundleId, backUrl } = input.query;
  const bundleMissing = () => notFound('Bundle not found');
  if (!isRowId(bundleId)) throw bundleMissing();
  const bundle = await bundleWithInvoice(deps.db, bundleId);
  if (!bundle) throw bundleMissing();
  await billingAccount(deps.db, caller, bundle.account_id, 'billing');
  if (bundle.order_id === null || bundle.invoiceId === null) throw conflict('This bundle was added by staff and has no invoice from the portal');
  const back = backUrl ? portalReturnUrl(deps, input.origin, backUrl, {}) : '';
  return { url: await invoiceLink(deps, input.origin, bundle.invoiceId, back) };
}

/** GET /payment/invoices ?accountId: the billing history (owners, staff and authorised payment users). */
export async function listInvoices(deps: InvoiceDeps, caller: Caller, query: { accountId: number }): Promise<InvoiceSummary[]> {
  await billingAccount(deps.db, caller, query.accountId, 'billing');
  return invoiceRows(deps.db, query.accountId);
}

/** GET /payment/creditnote ?creditNoteId, backUrl: a signed link to the printable credit note (those who see the account's billing). */
export async function creditNoteLink(deps: InvoiceDeps, caller: Caller, input: { query: { creditNoteId: number; backUrl?: string }; origin: string }): Promise<{ url: string }> {
  const { creditNoteId, backUrl } = input.query;
  const noteMissing = () => notFound('Credit note not found');
  if (!isRowId(creditNoteId)) throw noteMissing();
  const note = await creditNoteAccount(deps.db, creditNoteId);
  if (!note || note.account_id === null) throw noteMissing();
  await billingAccount(deps.db, caller, note.account_id, 'billing');
  const back = backUrl ? portalReturnUrl(deps, input.origin, backUrl, {}) : '';
  return { url: await documentLink(deps, input.origin, 'creditNote', creditNoteId, back) };
}
