// Shared by the plans*.test.ts files: catalogue rows written straight into the database (so a test
// sets up exactly the state it reads), request helpers for /api/plans, and a dump of every table
// the plans calls can change.
import type { InjectOptions } from 'fastify';
import type { PriceTier } from '../../contract/shared/catalogue';
import { request, type Query } from './groups-fixtures';
import { query, type Harness } from './harness';

export const day = 86_400;
export const nowOf = (h: Harness) => Math.floor(h.clock() / 1000);

/** A request to /api/plans. */
export const plans = (method: InjectOptions['method'], path: string, q?: Query, payload?: unknown) =>
  request(method, `/api/plans${path}`, q, payload);

let counter = 0;
const unique = (label: string) => `${label}-${process.pid % 1000}-${++counter}`;

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

/** A valid POST /plans body on the dataset. */
export const planBody = (datasetId: number, now: number, overrides: Record<string, unknown> = {}) => ({
  plan: unique('New plan'),
  description: 'Two tiers',
  datasetId,
  duration: 12,
  availableStart: now - day,
  pricing: twoTiers,
  territory: 'uk',
  ...overrides,
});
