import { sql, type SqlBool } from 'kysely';
import type { UsagePeriod } from '../../../contract/shared/usage';
import type { Db } from '../../db';

// The SQL of the usage reports. Every sum is the database's: one grouping-sets query per report
// gives the clicks per bucket and per subject (plan or token), the subject's totals, the buckets
// across subjects and the grand total, so the service only arranges rows. Buckets come from
// date_trunc on the UTC day (usage_daily.day is seconds at UTC midnight), the same on PGlite and
// PostgreSQL whatever the session's time zone.

/** date_trunc's field for each period; a closed list, written into the SQL as a literal. */
const truncUnit: Record<UsagePeriod, 'day' | 'week' | 'month'> = { daily: 'day', weekly: 'week', monthly: 'month' };

/** The start of the day's bucket in seconds: `day` truncated to its day, ISO week (Monday) or month in UTC. */
function bucketOf(period: UsagePeriod) {
  const unit = sql.lit(truncUnit[period]);
  return sql<number>`cast(extract(epoch from date_trunc(${unit}, to_timestamp(usage_daily.day) at time zone 'UTC')) as bigint)`;
}

export type Range = { accountId: number; fromDate: number; toDate: number };

/** One row of a grouping-sets sum: `subject` and `period` are null where the row sums over them (see `rolled`). */
export type SumRow = { subject: number | null; period: number | null; clicks: number; bySubject: boolean; byPeriod: boolean };

/**
 * Clicks of the account's usage rows in [fromDate, toDate) narrowed by `where`, summed per
 * (subject, bucket), per subject, per bucket and in all, where subject is the plan or the token;
 * `only` keeps one plan's rows, some tokens' (never an empty list) or the portal's own.
 */
export async function usageSums(
  db: Db,
  range: Range,
  period: UsagePeriod,
  subject: 'plan_id' | 'token_id',
  only: { planId?: number; tokenIds?: number[]; portal?: boolean } = {},
): Promise<SumRow[]> {
  const rows = await db
    .selectFrom(
      db
        .selectFrom('usage_daily')
        .select([`usage_daily.${subject} as subject`, bucketOf(period).as('period'), 'usage_daily.clicks'])
        .where('usage_daily.account_id', '=', range.accountId)
        .where('usage_daily.day', '>=', range.fromDate)
        .where('usage_daily.day', '<', range.toDate)
        .$if(only.planId !== undefined, (qb) => qb.where('usage_daily.plan_id', '=', only.planId!))
        .$if(only.tokenIds !== undefined, (qb) => qb.where('usage_daily.token_id', 'in', only.tokenIds!))
        .$if(only.portal === true, (qb) => qb.where('usage_daily.token_id', 'is', null))
        .as('u'),
    )
    .select([
      'u.subject',
      'u.period',
      // sum(bigint) is numeric, which both drivers return as text: cast back to bigint.
      sql<number>`cast(sum(u.clicks) as bigint)`.as('clicks'),
      // grouping() tells a total's null from a subject that is null (the portal's own use has no token).
      sql<number>`grouping(u.subject)`.as('g_subject'),
      sql<number>`grouping(u.period)`.as('g_period'),
    ])
    .groupBy(sql`grouping sets ((u.subject, u.period), (u.subject), (u.period), ())`)
    .orderBy('u.subject')
    .orderBy('u.period')
    .execute();
  return rows.map((row) => ({
    subject: row.subject === null ? null : Number(row.subject),
    period: row.period === null ? null : Number(row.period),
    clicks: Number(row.clicks),
    bySubject: Number(row.g_subject) === 0,
    byPeriod: Number(row.g_period) === 0,
  }));
}

/** The account's subscriptions (or one) with their plans and the clicks left now in the bundles running now. */
export function subscriptionsWithRemaining(db: Db, accountId: number, now: number, planId?: number) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .innerJoin('datasets', 'datasets.id', 'plans.dataset_id')
    .leftJoin('bundles', (join) =>
      join
        .onRef('bundles.account_id', '=', 'subscriptions.account_id')
        .onRef('bundles.plan_id', '=', 'subscriptions.plan_id')
        .on('bundles.start_date', '<=', now)
        .on('bundles.end_date', '>', now)
        .on('bundles.ended_at', 'is', null),
    )
    .select((eb) => [
      'subscriptions.plan_id as planId',
      'plans.name as plan',
      'datasets.service',
      'datasets.dataset_ref as datasetRef',
      'plans.territory',
      'subscriptions.enabled',
      eb.fn.coalesce(eb.cast<number>(eb.fn.sum<number>(eb('bundles.clicks', '-', eb.ref('bundles.used_clicks'))), 'bigint'), eb.lit(0)).as('remainClicks'),
    ])
    .where('subscriptions.account_id', '=', accountId)
    .$if(planId !== undefined, (qb) => qb.where('subscriptions.plan_id', '=', planId!))
    .groupBy(['subscriptions.plan_id', 'plans.name', 'datasets.service', 'datasets.dataset_ref', 'plans.territory', 'subscriptions.enabled', 'plans.display_order'])
    .orderBy('datasets.service')
    .orderBy('plans.display_order')
    .orderBy('subscriptions.plan_id')
    .execute();
}

/** Tokens of the account: every undeleted one, and deleted ones among `ids` (those with usage in a range). */
export function tokensOf(db: Db, accountId: number, ids: number[]) {
  return db
    .selectFrom('tokens')
    .select(['id', 'tag', 'deleted_at as deletedAt', 'locked', 'expiry'])
    .where('account_id', '=', accountId)
    .where((eb) => (ids.length > 0 ? eb.or([eb('deleted_at', 'is', null), eb('id', 'in', ids)]) : eb('deleted_at', 'is', null)))
    .orderBy(sql`lower(tag)`)
    .orderBy('id')
    .execute();
}

/** Every token the account has had with this tag (tags compare without case, as their unique index does). */
export function tokensTagged(db: Db, accountId: number, tag: string) {
  return db
    .selectFrom('tokens')
    .select(['id', 'tag', 'deleted_at as deletedAt'])
    .where('account_id', '=', accountId)
    .where(sql<SqlBool>`lower(tag) = lower(${tag})`)
    .orderBy('id')
    .execute();
}

/** Free test calls per plan in [fromDate, toDate) (usage_daily.test_calls; never in the clicks above). */
export async function testCallSums(db: Db, range: Range, planId?: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('usage_daily')
    .select(['plan_id as planId', sql<number>`cast(sum(test_calls) as bigint)`.as('tests')])
    .where('account_id', '=', range.accountId)
    .where('day', '>=', range.fromDate)
    .where('day', '<', range.toDate)
    .where('test_calls', '>', 0)
    .$if(planId !== undefined, (qb) => qb.where('plan_id', '=', planId!))
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((row) => [row.planId, Number(row.tests)]));
}

/** Clicks per country in [fromDate, toDate), most first, with the total (a rollup row with country null). */
export async function countrySums(db: Db, range: Range, planId?: number) {
  const rows = await db
    .selectFrom('usage_daily')
    .select(['country', sql<number>`cast(sum(clicks) as bigint)`.as('clicks'), sql<number>`grouping(country)`.as('g_country')])
    .where('account_id', '=', range.accountId)
    .where('day', '>=', range.fromDate)
    .where('day', '<', range.toDate)
    .$if(planId !== undefined, (qb) => qb.where('plan_id', '=', planId!))
    .groupBy(sql`rollup (country)`)
    .orderBy(sql`grouping(country)`, 'desc')
    .orderBy('clicks', 'desc')
    .orderBy('country')
    .execute();
  return rows.map((row) => ({ country: row.country, clicks: Number(row.clicks), total: Number(row.g_country) === 1 }));
}
