import { notFound } from '@tanstack/react-router';

// Path and search parameters, parsed once for every route that has them.

/** A positive whole number, or the unknown page: a malformed id never reaches the API. */
export function parseIdParam(text: string): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) <= 0) throw notFound();
  return Number(text);
}

/** `$userId` of /user/{userId} and the edit-user pages. */
export const userIdParam = {
  parse: ({ userId }: { userId: string }) => ({ userId: parseIdParam(userId) }),
  stringify: ({ userId }: { userId: number }) => ({ userId: String(userId) }),
};

/** A query value given as text; the router reads `?q=42` as a number, which is text here too. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/**
 * validateSearch for a route with one optional text parameter: the rest of the query string is kept
 * as it is (it survives the redirects of spec section 2).
 */
export function textSearch<K extends string>(key: K) {
  return (search: Record<string, unknown>) => {
    const { [key]: raw, ...rest } = search;
    const own: Partial<Record<K, string>> = {};
    const value = text(raw);
    if (value !== undefined) own[key] = value;
    return { ...rest, ...own };
  };
}

/** /acceptinvite ?jwt. Built here, outside the route's options: inside them, the router's contextual
 * types would widen the key and lose `jwt` from the search that loaderDeps reads. */
export const inviteSearch = textSearch('jwt');

/** /visualiser ?machine: the statechart shown. */
export function visualiserSearch(search: Record<string, unknown>): { machine?: string } {
  return typeof search.machine === 'string' ? { machine: search.machine } : {};
}

/** `$bundleId` of the bundle edit page. */
export const bundleIdParam = {
  parse: ({ bundleId }: { bundleId: string }) => ({ bundleId: parseIdParam(bundleId) }),
  stringify: ({ bundleId }: { bundleId: number }) => ({ bundleId: String(bundleId) }),
};

/** `$datasetId` of the data administration pages. */
export const datasetIdParam = {
  parse: ({ datasetId }: { datasetId: string }) => ({ datasetId: parseIdParam(datasetId) }),
  stringify: ({ datasetId }: { datasetId: number }) => ({ datasetId: String(datasetId) }),
};

/** `$planId` of the data administration pages. */
export const planIdParam = {
  parse: ({ planId }: { planId: string }) => ({ planId: parseIdParam(planId) }),
  stringify: ({ planId }: { planId: number }) => ({ planId: String(planId) }),
};

/** The dialogs /administration/tokens opens from its address (the ellipsis menu links, a row's Export). */
export const tokenExportViews = ['token', 'settings'] as const;
export type TokensSearch = { export?: (typeof tokenExportViews)[number]; tokenId?: number };

/**
 * validateSearch of /administration/tokens: `export` is token or settings, `tokenId` a positive
 * whole number; anything else is dropped (the page opens with no dialog) rather than refused.
 */
export function tokensSearch(search: Record<string, unknown>): TokensSearch {
  const out: TokensSearch = {};
  const view = text(search.export);
  if (view === 'token' || view === 'settings') out.export = view;
  const id = text(search.tokenId);
  if (out.export === 'token' && id !== undefined && /^\d{1,9}$/.test(id) && Number(id) > 0) out.tokenId = Number(id);
  return out;
}

/**
 * validateSearch of the reporting pages: the range (from, to as yyyy-mm-dd), period, plan and token
 * tag, kept as text. The reporting area checks them with zod when its page loads (src/areas/reporting/
 * range.ts), so the schema library stays out of the portal's first chunk.
 */
export function reportSearch(search: Record<string, unknown>): { from?: string; to?: string; period?: string; planId?: number | string; tag?: string } {
  const own: Record<string, string | number> = {};
  for (const key of ['from', 'to', 'period', 'planId', 'tag'] as const) {
    const value = text(search[key]);
    if (value !== undefined) own[key] = value;
  }
  // A plan id travels as a number: the router writes a text that looks like one in quotes.
  if (typeof own.planId === 'string' && /^\d{1,9}$/.test(own.planId)) own.planId = Number(own.planId);
  return { ...search, ...own };
}
export type ReportSearch = ReturnType<typeof reportSearch>;

/** The sections of /administration/services: its subscriptions (no `tab`) and, for owners, Billing. */
export type ServicesSearch = { tab?: 'billing'; billing?: string };

/**
 * validateSearch of /administration/services: `tab=billing` opens the Billing section (a link can
 * point there); `billing` is what the gateway's card page came back with (card-saved, cancelled).
 * The rest of the query string is kept, as the gateway may add its own.
 */
export function servicesSearch(search: Record<string, unknown>): ServicesSearch & Record<string, unknown> {
  const { tab, billing, ...rest } = search;
  const out: ServicesSearch = {};
  if (text(tab) === 'billing') out.tab = 'billing';
  const back = text(billing);
  if (back !== undefined && /^[a-z-]{1,40}$/.test(back)) out.billing = back;
  return { ...rest, ...out };
}

/**
 * validateSearch of /home: what the gateway's card page came back with for an authorised payment
 * user, who saves the account's card from home (billing: card-saved, cancelled; payment: declined).
 */
export type HomeSearch = { billing?: string; payment?: string };
export function homeSearch(search: Record<string, unknown>): HomeSearch & Record<string, unknown> {
  const { billing, payment, ...rest } = search;
  const out: HomeSearch = {};
  for (const [name, value] of [['billing', text(billing)], ['payment', text(payment)]] as const) {
    if (value !== undefined && /^[a-z-]{1,40}$/.test(value)) out[name] = value;
  }
  return { ...rest, ...out };
}

/** The filters of /charges (staff): a range of days (yyyy-mm-dd), an order status and a territory, as text. */
export type ChargesSearch = { from?: string; to?: string; status?: string; territory?: string };

/** validateSearch of /charges: the filters kept as text; the charges area checks them when its page loads. */
export function chargesSearch(search: Record<string, unknown>): ChargesSearch {
  const out: ChargesSearch = {};
  for (const key of ['from', 'to', 'status', 'territory'] as const) {
    const value = text(search[key]);
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** A positive whole number from the query string (the router may read `?orderId=42` as a number). */
function positiveId(value: unknown): number | undefined {
  const raw = text(value);
  return raw !== undefined && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

export type BasketSearch = { orderId?: number; payment?: 'declined' | 'cancelled' };

/** /shop/basket: the gateway's backUrl adds ?orderId and payment=declined|cancelled; anything else is dropped. */
export function basketSearch(search: Record<string, unknown>): BasketSearch {
  const out: BasketSearch = {};
  const orderId = positiveId(search.orderId);
  if (orderId !== undefined) out.orderId = orderId;
  const payment = text(search.payment);
  if (payment === 'declined' || payment === 'cancelled') out.payment = payment;
  return out;
}

/** /shop/thankyou ?orderId: the gateway's paidUrl. */
export function thankYouSearch(search: Record<string, unknown>): { orderId?: number } {
  const orderId = positiveId(search.orderId);
  return orderId === undefined ? {} : { orderId };
}

/** The date range of /applications/addresscleanse: from and to days (yyyy-mm-dd), as text. */
export type BureauStatsSearch = { from?: string; to?: string };

/** validateSearch of /applications/addresscleanse: the range kept as text; the stats area checks it when its page loads. */
export function bureauStatsSearch(search: Record<string, unknown>): BureauStatsSearch {
  const out: BureauStatsSearch = {};
  for (const key of ['from', 'to'] as const) {
    const value = text(search[key]);
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** The sections of /administration/addresscleanse: the prices (no `view`), royalty charges and job charges. */
export const bureauAdminViews = ['royalties', 'jobs'] as const;
export type BureauAdminSearch = {
  view?: (typeof bureauAdminViews)[number];
  from?: string;
  to?: string;
  territory?: string;
  /** Cost type ids of the royalty report, comma separated. */
  types?: string;
  /** Job ids of the job charges report, comma separated. */
  jobs?: string;
  /** The price just saved (the price update's way back): the page says so. */
  saved?: number;
};

/** validateSearch of /administration/addresscleanse: the section and its report's filters, kept as text. */
export function bureauAdminSearch(search: Record<string, unknown>): BureauAdminSearch {
  const out: BureauAdminSearch = {};
  const view = text(search.view);
  if (view === 'royalties' || view === 'jobs') out.view = view;
  for (const key of ['from', 'to', 'territory', 'types', 'jobs'] as const) {
    const value = text(search[key]);
    if (value !== undefined && value !== '') out[key] = value;
  }
  const saved = positiveId(search.saved);
  if (saved !== undefined) out.saved = saved;
  return out;
}

/** `$costId` of /administration/addresscleanse/priceupdate/{costId}. */
export const fileIdParam = {
  parse: ({ fileId }: { fileId: string }) => ({ fileId: parseIdParam(fileId) }),
  stringify: ({ fileId }: { fileId: number }) => ({ fileId: String(fileId) }),
};

export const costIdParam = {
  parse: ({ costId }: { costId: string }) => ({ costId: parseIdParam(costId) }),
  stringify: ({ costId }: { costId: number }) => ({ costId: String(costId) }),
};

/** `$leadId` of /partner/leads/{leadId} and /home/leads/{leadId}. */
export const leadIdParam = {
  parse: ({ leadId }: { leadId: string }) => ({ leadId: parseIdParam(leadId) }),
  stringify: ({ leadId }: { leadId: number }) => ({ leadId: String(leadId) }),
};

/** The filter of /partner/leads: a lead status, as text (the leads area checks it when its page loads). */
export type LeadsSearch = { status?: string };

/** validateSearch of /partner/leads: the status kept as text; blank is no filter. */
export function leadsSearch(search: Record<string, unknown>): LeadsSearch {
  const status = text(search.status);
  return status ? { status } : {};
}

/** The range of /partner/console: from and to days (yyyy-mm-dd), as text, checked when its page loads. */
export type ConsoleSearch = { from?: string; to?: string };
export const consoleSearch: (search: Record<string, unknown>) => ConsoleSearch = bureauStatsSearch;

export type FileSearch = { orderId?: number; payment?: 'paid' | 'declined' | 'cancelled' };

/** A bureau file's page: the gateway's return adds ?orderId and payment=paid|declined|cancelled; anything else is dropped. */
export function fileSearch(search: Record<string, unknown>): FileSearch {
  const out: FileSearch = basketSearch(search);
  if (text(search.payment) === 'paid') out.payment = 'paid';
  return out;
}
