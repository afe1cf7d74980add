import type { AllTokensUsageReport, CountryUsageReport, PlanUsageReport, TokenUsage, TokenUsageReport, UsageBucket } from '../../../contract/usage/entities';
import { bucketStarts, portalTokenTag, snapRange, type UsagePeriod } from '../../../contract/shared/usage';
import { badRequest, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { authoriseGroup, isRowId, type Caller } from '../access/index';
import { countrySums, subscriptionsWithRemaining, testCallSums, tokensOf, tokensTagged, usageSums, type SumRow } from './queries';

// The usage reports of spec section 7 for an account's owners and staff (the same need as GET
// /account/plans: 'manage'). The range is snapped to whole buckets first (spec section 5); the
// database sums; these functions only arrange its rows into the contract's shapes.

type RangeQuery = { accountId: number; fromDate: number; toDate: number };
type Ctx = Pick<Deps, 'db' | 'clock'>;

const notAnAccount = () => badRequest('Usage belongs to accounts: choose an account, not an organisation or partner');
const noSubscription = () => notFound('This account has no subscription to this plan');
const noTokenTagged = (tag: string) => notFound(`This account has never had a token tagged "${tag}"`);

async function authoriseAccount(deps: Ctx, caller: Caller, accountId: number): Promise<void> {
  const group = await authoriseGroup(deps.db, caller, accountId, 'manage');
  if (group.type !== 'account') throw notAnAccount();
}

/** The grouping-sets rows of usageSums as totals: in all, per bucket, and per subject with its buckets. */
function arrange(rows: SumRow[]) {
  const bySubject = new Map<number | null, { clicks: number; usage: UsageBucket[] }>();
  let clicks = 0;
  const usage: UsageBucket[] = [];
  const entry = (subject: number | null) => {
    let found = bySubject.get(subject);
    if (!found) bySubject.set(subject, (found = { clicks: 0, usage: [] }));
    return found;
  };
  for (const row of rows) {
    if (row.bySubject && row.byPeriod) entry(row.subject).usage.push({ period: row.period!, clicks: row.clicks });
    else if (row.bySubject) entry(row.subject).clicks = row.clicks;
    else if (row.byPeriod) usage.push({ period: row.period!, clicks: row.clicks });
    // An empty range has no rows at all, not even the grand total's.
    else clicks = row.clicks;
  }
  return { clicks, usage, bySubject };
}

function rangeOf(query: RangeQuery, period: UsagePeriod) {
  const snapped = snapRange(query.fromDate, query.toDate, period);
  return { accountId: query.accountId, ...snapped, periods: bucketStarts(snapped, period) };
}

/** GET /account/plans/usage: each subscription's use per bucket against what it has left now; no planId: all of them. */
export async function planUsage(deps: Ctx, caller: Caller, query: RangeQuery & { planId?: number; period: UsagePeriod }): Promise<PlanUsageReport> {
  await authoriseAccount(deps, caller, query.accountId);
  if (query.planId !== undefined && !isRowId(query.planId)) throw noSubscription();
  const subscriptions = await subscriptionsWithRemaining(deps.db, query.accountId, secondsOf(deps.clock), query.planId);
  if (query.planId !== undefined && subscriptions.length === 0) throw noSubscription();
  const range = rangeOf(query, query.period);
  const sums = arrange(await usageSums(deps.db, range, query.period, 'plan_id', { planId: query.planId }));
  const tests = await testCallSums(deps.db, range, query.planId);
  return {
    ...range,
    period: query.period,
    planId: query.planId ?? null,
    clicks: sums.clicks,
    usage: sums.usage,
    testCalls: [...tests.values()].reduce((a, b) => a + b, 0),
    plans: subscriptions.map((sub) => ({
      ...sub,
      remainClicks: Number(sub.remainClicks),
      clicks: sums.bySubject.get(sub.planId)?.clicks ?? 0,
      usage: sums.bySubject.get(sub.planId)?.usage ?? [],
      testCalls: tests.get(sub.planId) ?? 0,
    })),
  };
}

/**
 * GET /account/tokens/allusage: per token, the undeleted ones also when unused; a deleted token
 * appears under its tag when it was used in the range; the portal's own use as "Portal" (last).
 */
export async function allTokensUsage(deps: Ctx, caller: Caller, query: RangeQuery & { period: UsagePeriod }): Promise<AllTokensUsageReport> {
  await authoriseAccount(deps, caller, query.accountId);
  const range = rangeOf(query, query.period);
  const sums = arrange(await usageSums(deps.db, range, query.period, 'token_id'));
  const used = [...sums.bySubject.keys()].filter((id): id is number => id !== null);
  const now = secondsOf(deps.clock);
  const tokens: TokenUsage[] = (await tokensOf(deps.db, query.accountId, used)).map((token) => ({
    tokenId: token.id,
    tokenTag: token.tag,
    deleted: token.deletedAt !== null,
    locked: token.locked,
    expired: Number(token.expiry) !== 0 && Number(token.expiry) <= now,
    clicks: sums.bySubject.get(token.id)?.clicks ?? 0,
    accountTokensUsage: sums.bySubject.get(token.id)?.usage ?? [],
  }));
  const portal = sums.bySubject.get(null);
  if (portal) tokens.push({ tokenId: null, tokenTag: portalTokenTag, deleted: false, locked: false, expired: false, clicks: portal.clicks, accountTokensUsage: portal.usage });
  return { ...range, period: query.period, clicks: sums.clicks, usage: sums.usage, tokens };
}

/**
 * GET /account/tokens/usage: one tag's use over time and per plan, across every token that had the
 * tag. "Portal" names the portal's own use unless a token has that tag. A tag the account never had is 404.
 */
export async function tokenUsage(deps: Ctx, caller: Caller, query: RangeQuery & { tokenTag: string; period: UsagePeriod }): Promise<TokenUsageReport> {
  await authoriseAccount(deps, caller, query.accountId);
  const tokens = await tokensTagged(deps.db, query.accountId, query.tokenTag);
  const portal = tokens.length === 0 && query.tokenTag.toLowerCase() === portalTokenTag.toLowerCase();
  if (tokens.length === 0 && !portal) throw noTokenTagged(query.tokenTag);
  const range = rangeOf(query, query.period);
  const only = portal ? { portal: true } : { tokenIds: tokens.map((t) => t.id) };
  const [rows, subscriptions] = await Promise.all([
    usageSums(deps.db, range, query.period, 'plan_id', only),
    subscriptionsWithRemaining(deps.db, query.accountId, secondsOf(deps.clock)),
  ]);
  const sums = arrange(rows);
  // The tag as the newest token spells it.
  const tokenTag = portal ? portalTokenTag : tokens[tokens.length - 1].tag;
  return {
    ...range,
    period: query.period,
    tokenTag,
    tokenIds: tokens.map((t) => t.id),
    deleted: !portal && tokens.every((t) => t.deletedAt !== null),
    clicks: sums.clicks,
    usage: sums.usage,
    accountTokensUsage: sums.usage,
    plans: subscriptions
      .filter((sub) => sums.bySubject.has(sub.planId))
      .map((sub) => ({
        planId: sub.planId,
        plan: sub.plan,
        service: sub.service,
        datasetRef: sub.datasetRef,
        clicks: sums.bySubject.get(sub.planId)!.clicks,
        usage: sums.bySubject.get(sub.planId)!.usage,
      })),
  };
}

/** GET /account/plans/usage/countries: whole days from fromDate to toDate, per country, most first. */
export async function countryUsage(deps: Ctx, caller: Caller, query: RangeQuery & { planId?: number }): Promise<CountryUsageReport> {
  await authoriseAccount(deps, caller, query.accountId);
  if (query.planId !== undefined) {
    if (!isRowId(query.planId)) throw noSubscription();
    const subscriptions = await subscriptionsWithRemaining(deps.db, query.accountId, secondsOf(deps.clock), query.planId);
    if (subscriptions.length === 0) throw noSubscription();
  }
  const range = { accountId: query.accountId, ...snapRange(query.fromDate, query.toDate, 'daily') };
  const rows = await countrySums(deps.db, range, query.planId);
  return {
    ...range,
    planId: query.planId ?? null,
    clicks: rows.find((r) => r.total)?.clicks ?? 0,
    countries: rows.filter((r) => !r.total).map((r) => ({ country: r.country, clicks: r.clicks })),
  };
}
