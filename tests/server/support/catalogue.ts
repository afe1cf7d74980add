// Catalogue rows written straight into the database (so a test sets up exactly the state it reads):
// datasets, plans, subscriptions, bundles and usage; the request helper for /api/plans, and a dump of
// every table the plans calls can change.
import type { InjectOptions } from 'fastify';
import type { PriceTier } from '../../../contract/shared/catalogue';
import { request, type Query } from './calls';
import { query, type Harness } from './harness';

export const day = 86_400;
export const nowOf = (h: Harness) => Math.floor(h.clock() / 1000);

/** A request to /api/plans. */
export const plans = (method: InjectOptions['method'], path: string, q?: Query, payload?: unknown) =>
  request(method, `/api/plans${path}`, q, payload);

let counter = 0;
export const unique = (label: string) => `${label}-${process.pid % 1000}-${++counter}`;

export async function insertDataset(h: Harness, fields: { service?: string; ref?: string } = {}): Promise<number> {
  const now = nowOf(h);
  const ref = fields.ref ?? unique('DS').toUpperCase();
  const { rows } = await query<{ id: number }>(h.db,
    `insert into datasets (name, dataset_ref, service, created_at, updated_at) values ($1, $1, $2, $3, $3) returning id`,
    [ref, fields.service ?? 'addresslookup', now]);
  return rows[0].id;
}

export const twoTiers: PriceTier[] = [
  { fromClicks: 1000, toClicks: 9999, pricePer1000: 3000 },
  { fromClicks: 10000, toClicks: null, pricePer1000: 2000 },
];

export async function insertPlan(h: Harness, fields: {
  datasetId: number;
  territory?: string;
  name?: string;
  tiers?: PriceTier[];
  calculator?: string;
  duration?: number;
  availableStart?: number;
  availableEnd?: number | null;
  deprecatedBy?: number | null;
}): Promise<number> {
  const now = nowOf(h);
  const { rows } = await query<{ id: number }>(h.db,
    `insert into plans (name, dataset_id, duration_months, available_start, available_end, calculator, pricing, territory,
                        deprecated_by_plan_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $10) returning id`,
    [fields.name ?? unique('Plan'), fields.datasetId, fields.duration ?? 12, fields.availableStart ?? now - 30 * day,
      fields.availableEnd ?? null, fields.calculator ?? 'volume', JSON.stringify(fields.tiers ?? twoTiers),
      fields.territory ?? 'uk', fields.deprecatedBy ?? null, now]);
  return rows[0].id;
}

export async function insertSubscription(h: Harness, accountId: number, planId: number, fields: { enabled?: boolean; renewClicks?: number } = {}) {
  const now = nowOf(h);
  await query(h.db,
    `insert into subscriptions (account_id, plan_id, enabled, renew_clicks, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)
     on conflict (account_id, plan_id) do nothing`,
    [accountId, planId, fields.enabled ?? true, fields.renewClicks ?? 0, now]);
}

/** A bundle (and its subscription, if missing) from `start` to `end` seconds. */
export async function insertBundle(h: Harness, fields: {
  accountId: number;
  planId: number;
  clicks: number;
  used?: number;
  start: number;
  end: number;
}): Promise<number> {
  await insertSubscription(h, fields.accountId, fields.planId);
  const { rows } = await query<{ id: number }>(h.db,
    `insert into bundles (account_id, plan_id, clicks, used_clicks, price, start_date, end_date, source, created_at)
     values ($1, $2, $3, $4, 0, $5, $6, 'staff', $5) returning id`,
    [fields.accountId, fields.planId, fields.clicks, fields.used ?? 0, fields.start, fields.end]);
  return rows[0].id;
}

/**
 * A bundle bought on a paid order with its invoice (numbered from the territory's counter), as the
 * shop's fulfilment leaves it: for calls that need a paid bundle without going through the gateway.
 */
export async function insertPaidBundle(h: Harness, fields: { accountId: number; planId: number; clicks: number; price: number; start: number; end: number }): Promise<number> {
  const bundleId = await insertBundle(h, fields);
  const tax = Math.floor((fields.price * 2000 + 5000) / 10000);
  const { rows: [order] } = await query<{ id: number }>(h.db,
    `insert into orders (kind, status, territory, idempotency_key, gateway, net, tax, total, tax_rate_bp, currency, billing, created_at, updated_at, paid_at)
     values ('shop', 'paid', 'uk', $1, 'test', $2, $3, $4, 2000, 'GBP', '{"name":"Ada Buyer","company":"","email":"ada@example.com","address1":"1 High Street","address2":"","address3":"","address4":"","town":"London","county":"","postcode":"EC1A 1AA","country":"United Kingdom"}', $5, $5, $5) returning id`,
    [`paid-bundle-${bundleId}-${fields.start}`, fields.price, tax, fields.price + tax, fields.start]);
  await query(h.db,
    `insert into order_lines (order_id, line_no, account_id, account_name, plan_id, plan_name, dataset_ref, service, clicks, price, bundle_id)
     select $1, 1, $2, 'Account', $3, p.name, 'REF', 'addresslookup', $4, $5, $6 from plans p where p.id = $3`,
    [order.id, fields.accountId, fields.planId, fields.clicks, fields.price, bundleId]);
  await query(h.db,
    `with n as (update invoice_numbers set last_number = last_number + 1 where territory = 'uk' returning last_number)
     insert into invoices (territory, number, order_id, issued_at, net, tax, total, tax_rate_bp, currency, buyer, seller)
     select 'uk', n.last_number, $1, $2, $3, $4, $5, 2000, 'GBP', o.billing, '{"name":"Seller","address":[],"taxNumber":"VAT number 1","email":"s@example.com"}'
       from n, orders o where o.id = $1`,
    [order.id, fields.start, fields.price, tax, fields.price + tax]);
  await query(h.db, `update bundles set order_id = $1, price = $2, source = 'shop' where id = $3`, [order.id, fields.price, bundleId]);
  return bundleId;
}

export async function insertUsage(h: Harness, fields: { accountId: number; planId: number; day: number; clicks: number; tokenId?: number | null; country?: string }) {
  await query(h.db,
    'insert into usage_daily (account_id, plan_id, day, token_id, country, clicks) values ($1, $2, $3, $4, $5, $6)',
    [fields.accountId, fields.planId, fields.day, fields.tokenId ?? null, fields.country ?? 'GB', fields.clicks]);
}

/** Everything the plans calls can change, to compare before and after a refused call. */
export async function dumpCatalogueState(h: Harness) {
  const q = async (sql: string) => (await query(h.db, sql)).rows;
  return {
    datasets: await q('select * from datasets order by id'),
    plans: await q('select * from plans order by id'),
    filters: await q('select * from plan_filters order by id'),
    comparisons: await q('select * from plan_comparisons order by id'),
    subscriptions: await q('select * from subscriptions order by id'),
    bundles: await q('select * from bundles order by id'),
    usage: await q('select * from usage_daily order by account_id, plan_id, day'),
  };
}
