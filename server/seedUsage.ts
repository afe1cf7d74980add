import type { DqService } from '../contract/shared/catalogue';
import type { Trx } from './db';
import type { TokenType } from './db/schema';
import { AppError } from './errors';
import { meter } from './platform/meter';
import type { MeterDeps } from './platform/meterRules';
import { demoSubscriptions } from './seedCatalogue';
import { DAY as day } from './kernel/time';

// The demo accounts' API tokens in each state the tokens page shows, and three months of usage
// made by the real meter: the clock is moved day by day and each call charges a day's clicks of one
// subscription for one token (or the portal) and country at once, so the seed stays fast while every
// click goes through the same rules, bundles and counters as a live call (a token's expiry, cap,
// ranges and lock included: a token locked some days ago is locked at that point of the history, so
// the meter refuses it from then). The bundles' used clicks are what the meter took. A few free test
// calls (a plan that allows them) go through the meter the same way, one call at a time.

/** Days of usage history the seed makes (today included). */
export const historyDays = 90;

type SeedToken = {
  account: string;
  tag: string;
  type: TokenType;
  services: DqService[];
  ipRanges?: string[];
  referrer?: string;
  dailyCap?: number;
  /** Days from now the token expires (negative: expired); none when absent. */
  expiresDays?: number;
  /** Days ago an owner locked it (it was used until then; the meter refuses it from then on). */
  lockedDaysAgo?: number;
  /** Where its calls come from, as the meter checks them. */
  ip?: string;
  page?: string;
  /** The demo seed version that added it (4 when absent: the tokens' own version). */
  since?: number;
};

/** A tag of 60 characters with no space, the most a tag may have: pages must wrap it, not widen. */
export const longDemoTag = 'acme-uk-erp-connector-eu-west-2-production-primary-node-0001';

export const demoTokens: SeedToken[] = [
  { account: 'Acme UK', tag: 'Website checkout', type: 'browser', services: ['addresslookup', 'autocomplete'], referrer: '*.acme.example', page: 'https://www.acme.example/checkout' },
  { account: 'Acme UK', tag: 'CRM sync', type: 'server', services: ['addresslookup', 'email', 'bankcode'], ipRanges: ['203.0.113.0/24', '2001:db8:ac::/48'], ip: '203.0.113.10' },
  { account: 'Acme UK', tag: 'Nightly batch', type: 'server', services: ['addresslookup', 'email'], ipRanges: ['198.51.100.7/32'], dailyCap: 250, ip: '198.51.100.7' },
  { account: 'Acme UK', tag: 'Old integration', type: 'server', services: ['addresslookup'], lockedDaysAgo: 3, ip: '192.0.2.44' },
  { account: 'Acme UK', tag: 'Agency trial', type: 'browser', services: ['autocomplete'], referrer: 'forms.agency.example', expiresDays: -20, page: 'https://forms.agency.example/acme' },
  { account: 'Acme Australia', tag: 'AU website', type: 'browser', services: ['addresslookup', 'autocomplete'], referrer: '*.acme.example.com.au', page: 'https://shop.acme.example.com.au/' },
  { account: 'Acme Australia', tag: 'AU back office', type: 'server', services: ['addresslookup', 'email'], ipRanges: ['203.0.113.128/25'], ip: '203.0.113.200' },
  { account: 'Northwind Retail UK', tag: 'Store tills', type: 'server', services: ['addresslookup'], ipRanges: ['192.0.2.0/24'], dailyCap: 2_000, ip: '192.0.2.10' },
  { account: 'Acme UK', tag: longDemoTag, type: 'server', services: ['addresslookup', 'bankcode'], ipRanges: ['203.0.113.64/26'], since: 7 },
  { account: 'Northwind Retail UK', tag: 'Northwind web', type: 'browser', services: ['addresslookup', 'autocomplete'], referrer: '*.northwind.example', page: 'https://northwind.example/' },
];

/** Who spends each subscription's daily use: shares per token tag (null: the portal's own pages) and country. */
type Source = { tag: string | null; share: number; country: string };
const sources: Record<string, Source[]> = {
  'Acme UK|Address Lookup UK': [
    { tag: 'Website checkout', share: 0.45, country: 'GB' },
    { tag: 'CRM sync', share: 0.2, country: 'GB' },
    { tag: 'Nightly batch', share: 0.15, country: 'IE' },
    { tag: 'Old integration', share: 0.05, country: 'GB' },
    { tag: null, share: 0.15, country: 'GB' },
  ],
  'Acme UK|Email Validation UK': [
    { tag: 'CRM sync', share: 0.7, country: 'GB' },
    { tag: null, share: 0.3, country: 'GB' },
  ],
  'Acme UK|Address Autocomplete UK 2024': [
    { tag: 'Website checkout', share: 0.6, country: 'GB' },
    { tag: 'Agency trial', share: 0.3, country: 'GB' },
    { tag: null, share: 0.1, country: 'GB' },
  ],
  'Acme Australia|Address Lookup Australia': [
    { tag: 'AU website', share: 0.6, country: 'AU' },
    { tag: 'AU back office', share: 0.3, country: 'NZ' },
    { tag: null, share: 0.1, country: 'AU' },
  ],
  'Northwind Retail UK|Address Lookup UK': [
    { tag: 'Store tills', share: 0.55, country: 'GB' },
    { tag: 'Northwind web', share: 0.35, country: 'GB' },
    { tag: null, share: 0.1, country: 'GB' },
  ],
};

/** Test calls (free, counted apart) a token makes on the last days of the history: calls per day. */
const testCalls: { account: string; plan: string; tag: string; perDay: (daysAgo: number) => number }[] = [
  { account: 'Acme UK', plan: 'Address Lookup UK', tag: 'Website checkout', perDay: (d) => (d < 14 ? 2 + (d % 3) : 0) },
  { account: 'Acme UK', plan: 'Email Validation UK', tag: 'CRM sync', perDay: (d) => (d < 7 ? 1 : 0) },
];

/** Splits `total` clicks by the shares, the rounding left over going to the first. */
function split(total: number, shares: Source[]): number[] {
  const parts = shares.map((s) => Math.floor(total * s.share));
  parts[0] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/**
 * Adds the demo tokens that are missing and, when `withHistory`, meters the usage history of the
 * demo subscriptions (only on a fresh catalogue: an older demo database keeps its own history).
 */
export async function seedTokensAndUsage(trx: Trx, now: number, ownerIds: Map<string, number>, withHistory: boolean): Promise<void> {
  const accountId = accountIdIn(trx);

  const tokenIds = await addDemoTokens(trx, now, ownerIds, demoTokens, accountId);

  if (withHistory) await meterHistory(trx, now, accountId, tokenIds, ownerIds);

  // Alerts at 50, 80 and 100 % on Acme UK's address lookup, set after the history so none is marked yet.
  const alertAccount = await accountId('Acme UK');
  const alertPlan = await trx.selectFrom('plans').select('id').where('name', '=', 'Address Lookup UK').executeTakeFirst();
  if (alertAccount && alertPlan) {
    await trx
      .insertInto('usage_alerts')
      .values({ account_id: alertAccount, plan_id: alertPlan.id, thresholds: [50, 80, 100], updated_at: now, updated_by: ownerIds.get('Acme UK') ?? null })
      .onConflict((oc) => oc.columns(['account_id', 'plan_id']).doNothing())
      .execute();
  }

  // Without a history the locks are made here; with one, meterHistory made them on their day.
  await lockTokens(trx, now, Number.POSITIVE_INFINITY, accountId, tokenIds, ownerIds);
}

/** Adds the demo tokens of `tokens` that the account does not have (by tag); answers every one's id. */
export async function addDemoTokens(
  trx: Trx,
  now: number,
  ownerIds: Map<string, number>,
  tokens: readonly SeedToken[],
  accountId: (name: string) => Promise<number> = accountIdIn(trx),
): Promise<Map<string, number>> {
  const tokenIds = new Map<string, number>();
  for (const t of tokens) {
    const account = await accountId(t.account);
    if (!account) continue;
    const found = await trx.selectFrom('tokens').select('id').where('account_id', '=', account).where('tag', '=', t.tag).where('deleted_at', 'is', null).executeTakeFirst();
    if (found) {
      tokenIds.set(`${t.account}|${t.tag}`, found.id);
      continue;
    }
    const author = ownerIds.get(t.account) ?? null;
    const created = now - (historyDays + 10) * day;
    const { id } = await trx
      .insertInto('tokens')
      .values({
        account_id: account,
        type: t.type,
        tag: t.tag,
        ip_ranges: t.ipRanges ?? [],
        referrer: t.referrer ?? null,
        expiry: t.expiresDays === undefined ? 0 : now + t.expiresDays * day,
        services: t.services,
        daily_cap: t.dailyCap ?? null,
        created_at: created,
        created_by: author,
        updated_at: created,
        updated_by: author,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    tokenIds.set(`${t.account}|${t.tag}`, id);
    await trx.insertInto('token_audit').values({ account_id: account, token_id: id, token_tag: t.tag, user_id: author, action: 'create', at: created }).execute();
    if (t.dailyCap) {
      await trx
        .insertInto('token_audit')
        .values({ account_id: account, token_id: id, token_tag: t.tag, user_id: author, action: 'cap', detail: `Daily cap ${t.dailyCap.toLocaleString('en-GB')} clicks`, at: created })
        .execute();
    }
  }

  return tokenIds;
}

/** The id of the demo account of this name (0 when there is none), looked up once. */
function accountIdIn(trx: Trx) {
  const accounts = new Map<string, number>();
  return async (name: string) => {
    if (!accounts.has(name)) {
      const row = await trx.selectFrom('groups').select('id').where('name', '=', name).where('type', '=', 'account').executeTakeFirst();
      accounts.set(name, row?.id ?? 0);
    }
    return accounts.get(name)!;
  };
}

/** Locks each demo token whose lock falls before `until` (seconds) and is not locked yet, as an owner would, with its audit row. */
async function lockTokens(trx: Trx, now: number, until: number, accountId: (name: string) => Promise<number>, tokenIds: Map<string, number>, ownerIds: Map<string, number>) {
  for (const t of demoTokens) {
    if (t.lockedDaysAgo === undefined) continue;
    const at = now - t.lockedDaysAgo * day;
    const id = tokenIds.get(`${t.account}|${t.tag}`);
    if (!id || at >= until) continue;
    const locked = await trx.updateTable('tokens').set({ locked: true, updated_at: at }).where('id', '=', id).where('locked', '=', false).returning('id').executeTakeFirst();
    if (!locked) continue;
    await trx
      .insertInto('token_audit')
      .values({ account_id: await accountId(t.account), token_id: id, token_tag: t.tag, user_id: ownerIds.get(t.account) ?? null, action: 'lock', at })
      .execute();
  }
}

async function meterHistory(trx: Trx, now: number, accountId: (name: string) => Promise<number>, tokenIds: Map<string, number>, ownerIds: Map<string, number>) {
  let clockMs = now * 1000;
  const deps: MeterDeps = {
    db: trx,
    clock: () => clockMs,
    // Alerts set on demo subscriptions are marked as the history crosses them; nothing is mailed.
    mail: { send: async () => undefined, close: async () => undefined },
    log: { error: (obj, msg) => console.error(msg, obj) },
    config: { publicUrl: null, defaultPublicUrl: 'http://localhost:8080' },
  };
  const plans = await trx
    .selectFrom('plans as p')
    .innerJoin('datasets as d', 'd.id', 'p.dataset_id')
    .select(['p.name', 'p.territory', 'd.service', 'd.dataset_ref as datasetRef'])
    .execute();
  const byTag = new Map(demoTokens.map((t) => [`${t.account}|${t.tag}`, t]));
  const work = async () => undefined;

  for (let daysAgo = historyDays - 1; daysAgo >= 0; daysAgo--) {
    clockMs = (now - daysAgo * day) * 1000;
    // A lock made before this moment holds from now on, as it would for a live call.
    await lockTokens(trx, now, clockMs / 1000, accountId, tokenIds, ownerIds);
    for (const s of demoSubscriptions) {
      const clicks = s.usage?.(daysAgo) ?? 0;
      const shares = sources[`${s.account}|${s.plan}`];
      const account = await accountId(s.account);
      const plan = plans.find((p) => p.name === s.plan && (p.territory === 'australia') === (s.country === 'AU'));
      if (clicks <= 0 || !shares || !account || !plan) continue;
      // Only days a bundle of the subscription had started (the meter would refuse the others).
      if (!s.bundles.some((b) => b.startDays <= -daysAgo)) continue;
      const parts = split(clicks, shares);
      for (const [i, source] of shares.entries()) {
        if (parts[i] <= 0) continue;
        const key = source.tag === null ? null : `${s.account}|${source.tag}`;
        const token = key ? byTag.get(key) : undefined;
        const tokenId = key ? (tokenIds.get(key) ?? null) : null;
        if (key && tokenId === null) continue;
        try {
          await meter(
            deps,
            {
              accountId: account,
              service: plan.service,
              datasetRef: plan.datasetRef,
              tokenId,
              country: source.country,
              clicks: parts[i],
              ip: token?.ip ?? null,
              referrer: token?.page ?? null,
            },
            work,
          );
        } catch (error) {
          // A refusal is history too: the expired trial token, a cap, a bundle run dry.
          if (!(error instanceof AppError)) throw error;
        }
      }
    }
    for (const t of testCalls) {
      const key = `${t.account}|${t.tag}`;
      const account = await accountId(t.account);
      const plan = plans.find((p) => p.name === t.plan);
      const token = byTag.get(key);
      const tokenId = tokenIds.get(key);
      if (!account || !plan || !token || !tokenId) continue;
      for (let call = 0; call < t.perDay(daysAgo); call++) {
        const charge = { accountId: account, service: plan.service, datasetRef: plan.datasetRef, tokenId, ip: token.ip ?? null, referrer: token.page ?? null, test: true };
        await meter(deps, charge, work).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
      }
    }
  }
}
