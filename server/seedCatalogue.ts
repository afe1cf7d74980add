import { priceOf, type Calculator, type DqService, type PriceTier } from '../contract/shared/catalogue';
import type { Territory } from '../contract/shared/territory';
import type { Trx } from './db';
import type { BundleSource } from './db/schema';
import { addMonths, DAY as day, dayOf } from './kernel/time';

// The demo catalogue and what the demo accounts hold of it, so a new install shows a shop, a data
// administration page and a services page with something in them. Prices follow what address,
// email and bank validation providers charge per band of clicks (minor units per 1,000 clicks: 3000
// is £30 or A$30). Dates are relative to the seed's `now`; every write finds before it adds, so a
// second run adds only what is missing.

const datasets: { ref: string; name: string; service: DqService; description: string }[] = [
  { ref: 'PAF', name: 'Royal Mail PAF', service: 'addresslookup', description: 'Royal Mail Postcode Address File: every UK delivery point, updated daily' },
  { ref: 'GNAF', name: 'G-NAF', service: 'addresslookup', description: 'Geoscape G-NAF: every physical address in Australia, updated quarterly' },
  { ref: 'AUTOC-UK', name: 'UK address autocomplete', service: 'autocomplete', description: 'Type-ahead over PAF for UK checkout and sign-up forms' },
  { ref: 'AUTOC-AU', name: 'Australian address autocomplete', service: 'autocomplete', description: 'Type-ahead over G-NAF for Australian forms' },
  { ref: 'EMAIL', name: 'Email validation', service: 'email', description: 'Syntax, domain, mailbox and disposable-address checks' },
  { ref: 'BANK-UK', name: 'UK sort codes', service: 'bankcode', description: 'Sort code directory with account number modulus checks' },
  { ref: 'NAME', name: 'Personal names', service: 'name', description: 'Forename and surname reference lists for name validation' },
  { ref: 'CLEANSE-UK', name: 'Address cleanse (PAF)', service: 'addresscleanse', description: 'Batch matching of address files against PAF' },
];

type SeedPlan = {
  name: string;
  ref: string;
  territory: Territory;
  calculator: Calculator;
  /** [fromClicks, toClicks (null: open-ended), pricePer1000]. */
  tiers: [number, number | null, number][];
  description: string;
  order: number;
  /** Days from now the plan went (negative) or goes on sale. */
  startsInDays?: number;
  replacedBy?: string;
  allowTest?: boolean;
  filters?: [category: string, description: string][];
  comparisons?: string[];
};

const lookupFilters: [string, string][] = [['Use', 'Checkout and sign-up forms'], ['Size', 'Small and growing businesses']];
const plans: SeedPlan[] = [
  { name: 'Address Lookup UK', ref: 'PAF', territory: 'uk', calculator: 'volume', order: 1, allowTest: true,
    tiers: [[1_000, 9_999, 3000], [10_000, 49_999, 2500], [50_000, 249_999, 2000], [250_000, null, 1500]],
    description: 'Find any UK address from a postcode or a few words', filters: lookupFilters,
    comparisons: ['Royal Mail PAF, updated daily', 'Every UK delivery point, businesses included', '12 months to use your clicks', 'Email and phone support'] },
  { name: 'Address Lookup UK 2024', ref: 'PAF', territory: 'uk', calculator: 'volume', order: 9, startsInDays: -800, replacedBy: 'Address Lookup UK',
    tiers: [[1_000, 9_999, 3500], [10_000, null, 2800]], description: 'The 2024 address lookup tariff' },
  { name: 'Address Lookup UK Enterprise', ref: 'PAF', territory: 'uk', calculator: 'volume', order: 2, startsInDays: 30,
    tiers: [[1_000_000, null, 1200]], description: 'For a million lookups a year or more', filters: [['Size', 'Enterprise']],
    comparisons: ['Royal Mail PAF, updated daily', 'Dedicated account manager'] },
  { name: 'Address Autocomplete UK', ref: 'AUTOC-UK', territory: 'uk', calculator: 'volume', order: 3, allowTest: true,
    tiers: [[1_000, 24_999, 2000], [25_000, 99_999, 1500], [100_000, null, 1000]],
    description: 'Suggest UK addresses as your customer types', filters: lookupFilters, comparisons: ['Suggestions from the first keystroke', 'PAF behind every suggestion'] },
  { name: 'Address Autocomplete UK 2024', ref: 'AUTOC-UK', territory: 'uk', calculator: 'volume', order: 9, startsInDays: -800,
    replacedBy: 'Address Autocomplete UK', tiers: [[1_000, null, 2400]], description: 'The 2024 autocomplete tariff' },
  { name: 'Email Validation UK', ref: 'EMAIL', territory: 'uk', calculator: 'graduated', order: 4, allowTest: true,
    tiers: [[1_000, 9_999, 800], [10_000, 99_999, 500], [100_000, 999_999, 300], [1_000_000, null, 200]],
    description: 'Check an address can receive mail before you send', filters: [['Use', 'Sign-up forms and mailing lists']],
    comparisons: ['Mailbox check without sending mail', 'Disposable and role addresses flagged'] },
  { name: 'Bank Validation UK', ref: 'BANK-UK', territory: 'uk', calculator: 'volume', order: 5,
    tiers: [[1_000, 9_999, 5000], [10_000, 49_999, 4000], [50_000, null, 3000]],
    description: 'Validate sort codes and account numbers before a Direct Debit', filters: [['Use', 'Direct Debit and payouts']],
    comparisons: ['Modulus checks on every account number', 'Branch details for each sort code'] },
  { name: 'Name Validation UK', ref: 'NAME', territory: 'uk', calculator: 'volume', order: 6,
    tiers: [[1_000, 9_999, 1000], [10_000, null, 600]], description: 'Spot fake and mistyped names', comparisons: ['Forename and surname checks'] },
  { name: 'Address Cleanse UK', ref: 'CLEANSE-UK', territory: 'uk', calculator: 'graduated', order: 7,
    tiers: [[1_000, 49_999, 1500], [50_000, 499_999, 1000], [500_000, null, 500]],
    description: 'Match and correct a whole address file against PAF', comparisons: ['Deduplication and suppression included'] },
  { name: 'Address Lookup Australia', ref: 'GNAF', territory: 'australia', calculator: 'volume', order: 1, allowTest: true,
    tiers: [[1_000, 9_999, 4000], [10_000, 49_999, 3500], [50_000, 249_999, 2800], [250_000, null, 2000]],
    description: 'Find any Australian address', filters: lookupFilters, comparisons: ['G-NAF, updated quarterly', '12 months to use your clicks'] },
  { name: 'Address Lookup Australia 2024', ref: 'GNAF', territory: 'australia', calculator: 'volume', order: 9, startsInDays: -800,
    replacedBy: 'Address Lookup Australia', tiers: [[1_000, null, 4500]], description: 'The 2024 address lookup tariff' },
  { name: 'Address Autocomplete Australia', ref: 'AUTOC-AU', territory: 'australia', calculator: 'volume', order: 2,
    tiers: [[1_000, 24_999, 2500], [25_000, 99_999, 1800], [100_000, null, 1200]], description: 'Suggest Australian addresses as your customer types', filters: lookupFilters },
  { name: 'Email Validation Australia', ref: 'EMAIL', territory: 'australia', calculator: 'graduated', order: 3,
    tiers: [[1_000, 9_999, 1000], [10_000, 99_999, 600], [100_000, 999_999, 400], [1_000_000, null, 300]],
    description: 'Check an address can receive mail before you send', comparisons: ['Mailbox check without sending mail'] },
  { name: 'Name Validation Australia', ref: 'NAME', territory: 'australia', calculator: 'volume', order: 4,
    tiers: [[1_000, 9_999, 1200], [10_000, null, 700]], description: 'Spot fake and mistyped names' },
];


/** used: clicks spent before the usage history (seedUsage.ts meters the history on top, through the real meter). */
type SeedBundle = { clicks: number; used: number; startDays: number; endDays?: number; source?: BundleSource };
export type SeedSubscription = {
  account: string;
  plan: string;
  enabled?: boolean;
  renewClicks?: number;
  bundles: SeedBundle[];
  /** Clicks used `daysAgo` days ago (0: today), metered for the days of history seedUsage.ts keeps. */
  usage?: (daysAgo: number) => number;
  country: string;
};

// A working week: busier on weekdays, with a little day-to-day wobble that does not look random.
const weekly = (weekday: number, weekend: number) => (daysAgo: number) => (daysAgo % 7 < 2 ? weekend : weekday) + ((daysAgo * 37) % 50);

// Acme UK shows each status of the services page: active (with a rising use), empty, expired,
// on a deprecated plan, disabled and scheduled.
export const demoSubscriptions: SeedSubscription[] = [
  { account: 'Acme UK', plan: 'Address Lookup UK', renewClicks: 50_000, country: 'GB',
    bundles: [{ clicks: 100_000, used: 80_000, startDays: -400, endDays: -35, source: 'shop' }, { clicks: 50_000, used: 0, startDays: -35, source: 'shop' }],
    usage: (d) => (d < 30 ? weekly(450, 150)(d) : weekly(350, 120)(d)) },
  { account: 'Acme UK', plan: 'Email Validation UK', country: 'GB', bundles: [{ clicks: 10_000, used: 0, startDays: -60, source: 'shop' }],
    usage: (d) => (d >= 10 && d < 60 ? 200 : 0) },
  { account: 'Acme UK', plan: 'Bank Validation UK', country: 'GB', bundles: [{ clicks: 5_000, used: 3_100, startDays: -385, endDays: -20 }] },
  { account: 'Acme UK', plan: 'Address Autocomplete UK 2024', country: 'GB', bundles: [{ clicks: 20_000, used: 0, startDays: -270, endDays: 95 }],
    usage: weekly(80, 20) },
  { account: 'Acme UK', plan: 'Name Validation UK', enabled: false, country: 'GB', bundles: [{ clicks: 10_000, used: 1_200, startDays: -100 }] },
  { account: 'Acme UK', plan: 'Address Cleanse UK', country: 'GB', bundles: [{ clicks: 50_000, used: 0, startDays: 10 }] },
  { account: 'Acme Australia', plan: 'Address Lookup Australia', country: 'AU', bundles: [{ clicks: 20_000, used: 0, startDays: -50, source: 'shop' }],
    usage: weekly(120, 40) },
  { account: 'Acme Australia', plan: 'Email Validation Australia', country: 'AU', bundles: [{ clicks: 10_000, used: 2_500, startDays: -200 }] },
  { account: 'Northwind Retail UK', plan: 'Address Lookup UK', renewClicks: 100_000, country: 'GB',
    bundles: [{ clicks: 100_000, used: 0, startDays: -90, source: 'shop' }], usage: weekly(600, 300) },
  // Northwind Retail UK holds clicks of every UK service, so the demo can try each application page
  // and API (partner@example.com; Acme UK's email, bank and name subscriptions show other states).
  { account: 'Northwind Retail UK', plan: 'Email Validation UK', country: 'GB', bundles: [{ clicks: 10_000, used: 0, startDays: -20, source: 'shop' }] },
  { account: 'Northwind Retail UK', plan: 'Bank Validation UK', country: 'GB', bundles: [{ clicks: 5_000, used: 0, startDays: -20, source: 'shop' }] },
  { account: 'Northwind Retail UK', plan: 'Name Validation UK', country: 'GB', bundles: [{ clicks: 5_000, used: 0, startDays: -20, source: 'shop' }] },
  { account: 'Northwind Retail AU', plan: 'Address Lookup Australia 2024', country: 'AU', bundles: [{ clicks: 25_000, used: 9_000, startDays: -150 }] },
  { account: 'Referral Co Client UK', plan: 'Email Validation UK', country: 'GB', bundles: [{ clicks: 5_000, used: 800, startDays: -30, source: 'shop' }] },
];

const tiersOf = (plan: SeedPlan): PriceTier[] => plan.tiers.map(([fromClicks, toClicks, pricePer1000]) => ({ fromClicks, toClicks, pricePer1000 }));

/** Adds whatever of the demo catalogue and subscriptions is missing. `staffId` is recorded as their author. */
export async function seedCatalogue(trx: Trx, now: number, staffId: number | null): Promise<void> {
  const stamp = { created_at: now, created_by: staffId, updated_at: now, updated_by: staffId };
  const datasetIds = new Map<string, number>();
  for (const d of datasets) {
    await trx
      .insertInto('datasets')
      .values({ name: d.name, dataset_ref: d.ref, service: d.service, description: d.description, ...stamp })
      .onConflict((oc) => oc.column('dataset_ref').doNothing())
      .execute();
    const { id } = await trx.selectFrom('datasets').select('id').where('dataset_ref', '=', d.ref).executeTakeFirstOrThrow();
    datasetIds.set(d.ref, id);
  }

  const planIds = new Map<string, number>();
  // Successors first, so a deprecated plan can name the plan that replaces it.
  for (const p of [...plans].sort((a, b) => Number(a.replacedBy !== undefined) - Number(b.replacedBy !== undefined))) {
    const found = await trx.selectFrom('plans').select('id').where('name', '=', p.name).where('territory', '=', p.territory).executeTakeFirst();
    if (found) {
      planIds.set(p.name, found.id);
      continue;
    }
    const { id } = await trx
      .insertInto('plans')
      .values({
        name: p.name,
        description: p.description,
        dataset_id: datasetIds.get(p.ref)!,
        duration_months: 12,
        available_start: dayOf(now) + (p.startsInDays ?? -365) * day,
        available_end: null,
        calculator: p.calculator,
        pricing: JSON.stringify(tiersOf(p)),
        territory: p.territory,
        allow_test: p.allowTest ?? false,
        display_order: p.order,
        deprecated_by_plan_id: p.replacedBy ? (planIds.get(p.replacedBy) ?? null) : null,
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    planIds.set(p.name, id);
    for (const [i, [category, description]] of (p.filters ?? []).entries()) {
      await trx.insertInto('plan_filters').values({ plan_id: id, category, description, display_order: i + 1 }).execute();
    }
    for (const [i, description] of (p.comparisons ?? []).entries()) {
      await trx.insertInto('plan_comparisons').values({ plan_id: id, description, display_order: i + 1 }).execute();
    }
  }

  for (const s of demoSubscriptions) {
    const account = await trx.selectFrom('groups').select('id').where('name', '=', s.account).where('type', '=', 'account').executeTakeFirst();
    const plan = plans.find((p) => p.name === s.plan)!;
    const planId = planIds.get(s.plan)!;
    // A demo account deleted since stays deleted; a subscription already there is left as it is.
    if (!account) continue;
    const made = await trx
      .insertInto('subscriptions')
      .values({ account_id: account.id, plan_id: planId, enabled: s.enabled ?? true, renew_clicks: s.renewClicks ?? 0, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'plan_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!made) continue;
    for (const b of s.bundles) {
      const start = now + b.startDays * day;
      const end = b.endDays === undefined ? addMonths(start, 12) : now + b.endDays * day;
      await trx
        .insertInto('bundles')
        .values({
          account_id: account.id,
          plan_id: planId,
          clicks: b.clicks,
          used_clicks: b.used,
          price: priceOf(plan.calculator, tiersOf(plan), b.clicks),
          start_date: start,
          end_date: end,
          source: b.source ?? 'staff',
          created_at: Math.min(now, start),
          created_by: b.source === 'shop' ? null : staffId,
        })
        .execute();
    }
  }
}
