import { sql } from 'kysely';
import { dqServiceLabels, type DqService } from '../../contract/shared/catalogue';
import { testCallHeader, testCallsPerDay } from '../../contract/shared/testCalls';
import type { Config } from '../config';
import type { Db } from '../db';
import { AppError, forbidden, tooManyRequests } from '../errors';
import type { Deps } from '../modules/deps';
import { DAY as day, dayOf } from '../kernel/time';
import { secondsOf, utcDate } from './clock';
import { hostOf, ipAllowed, referrerAllowed } from './tokenRules';
import { usageAlerts } from './usageAlerts';

// The one function every data-quality call goes through, whoever calls (a portal user through a
// service JWT, an integration through an exported API token):
//
//   1. charge: ONE short transaction before the work. It checks the token (deleted, locked, expired,
//      service, IP range, referrer), locks the account's enabled subscriptions of the service (so
//      two calls on one subscription queue for it, in this process or any other sharing the
//      database), takes the clicks from the started, unended bundle with clicks left that expires
//      first (end date, then id), adds them to usage_daily and, for a token with a daily cap, to
//      token_day_usage with an upsert that refuses past the cap. A refusal (402, 403, 429) throws
//      inside that transaction, so a refused call writes nothing.
//   2. the work, with no transaction open (an engine may wait on DNS or a file).
//   3. a failed work: a refund transaction takes back exactly what the charge wrote, and the
//      error goes on. A successful work: usage alerts (marks inserted once per crossing, then mail).
//
// Crash window: the charge commits before the work starts. If the process dies after that commit
// and before the work's answer or the refund (a crash, a kill -9, a lost database connection during
// the refund), the clicks of that one call stay spent although the caller got no answer. The meter
// errs towards charging a call it may not have served, never towards serving one it did not charge.
//
// A test call (charge.test, the X-Test-Call header) takes the same path with no clicks: the token's
// rules and an enabled subscription still decide, but one of the service's enabled subscriptions must
// be on a plan that allows test calls (plans.allow_test; else 403), it is never refused for want of
// clicks, it counts one in usage_daily.test_calls instead of clicks (so reports tell it from paid use,
// and a token's daily cap and the usage alerts never see it), and an account makes at most
// testCallsPerDay of them per service and UTC day (429 past that). A failed test call is taken back.

/** Who pays for a call and what it is. */
export type Charge = {
  accountId: number;
  service: DqService;
  /** Only bundles of plans on this dataset (e.g. 'PAF' or 'GNAF'); any dataset of the service when absent. */
  datasetRef?: string;
  /** The API token the call came with; null for a portal user's service JWT. */
  tokenId: number | null;
  /** ISO country the usage is reported under; the account's territory (GB, AU) when absent. */
  country?: string;
  /** Clicks the call costs (default 1; the seed charges a day's use at once). */
  clicks?: number;
  /** The caller's address (request.ip), checked against the token's IP ranges. */
  ip?: string | null;
  /** The Origin or Referer header, checked against the token's referrer pattern. */
  referrer?: string | null;
  /** A test call: no clicks, counted in test_calls (see above). */
  test?: boolean;
};

export type MeterDeps = Pick<Deps, 'db' | 'clock' | 'mail' | 'log'> & { config: Pick<Config, 'publicUrl' | 'defaultPublicUrl'> };

/** What a charge took, so a refund can give exactly that back. */
type Taken = {
  accountId: number;
  day: number;
  tokenId: number | null;
  country: string;
  capped: boolean;
  clicks: number;
  /** Clicks per bundle, and per plan (usage_daily rows). */
  bundles: Array<{ id: number; planId: number; clicks: number }>;
  /** Plans whose subscription has usage alerts set, to look at after the work. */
  alertPlans: number[];
  /** The plan a test call was counted under; null for a charged call. */
  testPlanId: number | null;
};

/** 402 Payment Required: the caller must buy clicks or enable the subscription. */
const paymentRequired = (msg: string) => new AppError(402, msg);

/** The words of every refusal, so tests and the README quote the same text. */
export const meterRefusals = {
  tokenDeleted: 'This API token has been deleted',
  tokenLocked: 'This API token is locked: an owner can unlock it on the tokens page',
  tokenExpired: (expiry: number) => `This API token expired on ${utcDate(expiry)}`,
  tokenOtherAccount: 'This API token belongs to another account',
  tokenService: (service: DqService) => `This API token may not call ${dqServiceLabels[service]}`,
  tokenIp: (ip: string) => `This API token may not be used from ${ip}`,
  tokenReferrer: (host: string | null) =>
    host ? `This API token may not be used from pages on ${host}` : 'This API token may only be used from the web pages it was issued for (no Origin or Referer was sent)',
  dailyCap: (cap: number) => `This API token has used its ${cap.toLocaleString('en-GB')} clicks for today (UTC): try again after midnight UTC`,
  noSubscription: (service: DqService) => `Your account has no ${dqServiceLabels[service]} subscription: buy one in the shop`,
  disabled: (plan: string) => `Your ${plan} subscription is disabled: an owner can enable it on the services page`,
  noClicks: (service: DqService) => `No clicks remain on your ${dqServiceLabels[service]} subscription: buy more in the shop`,
  testNotAllowed: (plan: string) => `Your ${plan} plan does not allow test calls: send the call without the ${testCallHeader} header to use your clicks`,
  testCallsUsed: (service: DqService) =>
    `Your account has made its ${testCallsPerDay} test calls of ${dqServiceLabels[service]} for today (UTC): try again after midnight UTC, or make a live call`,
} as const;

/**
 * Runs `work` for the caller named in `charge` if it may, charging its clicks first (see above).
 * Refusals: 403 for the token's rules, 429 with Retry-After past the token's daily cap, 402 when no
 * enabled subscription of the service has clicks left. A work that throws is refunded and rethrown.
 */
export async function meter<T>(deps: MeterDeps, charge: Charge, work: () => Promise<T>): Promise<T> {
  const taken = charge.test ? await takeTestCall(deps, charge) : await takeClicks(deps, charge);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await refund(deps.db, taken).catch((refundError: unknown) => {
      // The crash window of the header: the clicks stay spent; say so loudly.
      deps.log.error({ err: refundError, taken }, 'metering: refund failed, the clicks of a failed call stay spent');
    });
    throw error;
  }
  if (taken.alertPlans.length > 0) {
    await usageAlerts(deps, taken.accountId, taken.alertPlans).catch((error: unknown) => deps.log.error({ err: error }, 'metering: usage alerts not checked'));
  }
  return result;
}

// ---- Charge ------------------------------------------------------------------------------------

/**
 * A transaction of its own, or, when the caller already holds one (the seed meters inside its
 * own), a savepoint in it, so a refusal takes back what the charge wrote either way.
 */
async function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(fn);
  await sql`savepoint meter`.execute(db);
  try {
    const result = await fn(db);
    await sql`release savepoint meter`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to savepoint meter`.execute(db);
    await sql`release savepoint meter`.execute(db);
    throw error;
  }
}

async function takeClicks(deps: MeterDeps, charge: Charge): Promise<Taken> {
  const clicks = charge.clicks ?? 1;
  if (!Number.isInteger(clicks) || clicks < 1) throw new Error(`meter: clicks must be a whole number of at least 1, not ${clicks}`);
  const now = secondsOf(deps.clock);
  const today = dayOf(now);
  return inTransaction(deps.db, async (trx) => {
    let cap: number | null = null;
    if (charge.tokenId !== null) cap = await checkToken(trx, charge, now);

    const { enabled, country } = await lockSubscriptions(trx, charge);
    const planIds = enabled.map((s) => s.planId);
    // Under the locks above, nobody else changes these bundles until this transaction ends.
    const takes = clicks === 1 ? await takeOne(trx, charge, planIds, now, today, country) : await takeMany(trx, charge, planIds, clicks, now, today, country);
    if (!takes) throw paymentRequired(meterRefusals.noClicks(charge.service));

    if (charge.tokenId !== null) await countTokenDay(trx, charge.tokenId, today, clicks, cap, now);

    const alertPlans = enabled.filter((s) => s.thresholds && s.thresholds.length > 0 && takes.some((t) => t.planId === s.planId)).map((s) => s.planId);
    return { accountId: charge.accountId, day: today, tokenId: charge.tokenId, country, capped: cap !== null, clicks, bundles: takes, alertPlans, testPlanId: null };
  });
}

/**
 * The account's subscriptions of the service, locked in id order (the same order everywhere, so
 * no two calls deadlock): a second call on the same subscription waits here until the first
 * commits, then reads the bundles as it left them (READ COMMITTED: each statement sees what
 * committed before it began, and the lock is taken before the bundles are read). 402 when there is
 * none, or none enabled; the country is the charge's, else the account's territory's.
 */
async function lockSubscriptions(trx: Db, charge: Charge) {
  const subscriptions = await trx
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .innerJoin('datasets as d', 'd.id', 'p.dataset_id')
    .innerJoin('groups as g', 'g.id', 's.account_id')
    .leftJoin('usage_alerts as a', (join) => join.onRef('a.account_id', '=', 's.account_id').onRef('a.plan_id', '=', 's.plan_id'))
    .select(['s.id', 's.plan_id as planId', 's.enabled', 'p.name as plan', 'p.allow_test as allowTest', 'g.territory', 'a.thresholds'])
    .where('s.account_id', '=', charge.accountId)
    .where('d.service', '=', charge.service)
    .$if(charge.datasetRef !== undefined, (qb) => qb.where('d.dataset_ref', '=', charge.datasetRef!))
    .orderBy('s.id')
    .forUpdate('s')
    .execute();
  if (subscriptions.length === 0) throw paymentRequired(meterRefusals.noSubscription(charge.service));
  const enabled = subscriptions.filter((s) => s.enabled);
  if (enabled.length === 0) throw paymentRequired(meterRefusals.disabled(subscriptions[0].plan));
  const country = charge.country ?? (subscriptions[0].territory === 'australia' ? 'AU' : 'GB');
  return { subscriptions, enabled, country };
}

/**
 * A test call (see the header): the token's rules (its daily cap aside), an enabled subscription on
 * a plan that allows test calls, and the account's test calls of the service today under
 * testCallsPerDay; then one test call on that plan's usage row, in one transaction as a charge is.
 */
async function takeTestCall(deps: MeterDeps, charge: Charge): Promise<Taken> {
  const now = secondsOf(deps.clock);
  const today = dayOf(now);
  return inTransaction(deps.db, async (trx) => {
    if (charge.tokenId !== null) await checkToken(trx, charge, now);
    const { subscriptions, enabled, country } = await lockSubscriptions(trx, charge);
    const allowing = enabled.find((s) => s.allowTest);
    if (!allowing) throw forbidden(meterRefusals.testNotAllowed(enabled[0].plan));
    const { used } = await trx
      .selectFrom('usage_daily')
      .select(sql<number>`cast(coalesce(sum(test_calls), 0) as integer)`.as('used'))
      .where('account_id', '=', charge.accountId)
      .where('plan_id', 'in', subscriptions.map((s) => s.planId))
      .where('day', '=', today)
      .executeTakeFirstOrThrow();
    if (Number(used) >= testCallsPerDay) throw tooManyRequests(meterRefusals.testCallsUsed(charge.service), today + day - now);
    await trx
      .insertInto('usage_daily')
      .values({ account_id: charge.accountId, plan_id: allowing.planId, day: today, token_id: charge.tokenId, country, clicks: 0, test_calls: 1 })
      .onConflict((oc) =>
        oc.expression(sql`account_id, plan_id, day, (coalesce(token_id, 0)), country`).doUpdateSet({ test_calls: sql`usage_daily.test_calls + 1` }),
      )
      .execute();
    return { accountId: charge.accountId, day: today, tokenId: charge.tokenId, country, capped: false, clicks: 0, bundles: [], alertPlans: [], testPlanId: allowing.planId };
  });
}

/**
 * One click, the usual call: one statement takes it from the bundle that expires first and adds it
 * to the day's usage row (the lock on the subscriptions makes the sub-select see the bundles as the
 * previous call left them). null when no bundle has a click left.
 */
async function takeOne(trx: Db, charge: Charge, planIds: number[], now: number, today: number, country: string): Promise<Taken['bundles'] | null> {
  const { rows } = await sql<{ planId: number; bundleId: number }>`
    with taken as (
      update bundles set used_clicks = used_clicks + 1
       where id = (select id from bundles
                    where account_id = ${charge.accountId} and plan_id in (${sql.join(planIds)})
                      and start_date <= ${now} and end_date > ${now} and used_clicks < clicks and ended_at is null
                    order by end_date, id limit 1)
         and used_clicks < clicks and ended_at is null
      returning id, plan_id)
    insert into usage_daily (account_id, plan_id, day, token_id, country, clicks)
    select ${charge.accountId}, plan_id, ${today}, ${charge.tokenId}::integer, ${country}, 1 from taken
    on conflict (account_id, plan_id, day, (coalesce(token_id, 0)), country) do update set clicks = usage_daily.clicks + excluded.clicks
    returning plan_id as "planId", (select id from taken) as "bundleId"`.execute(trx);
  return rows.length === 0 ? null : [{ id: rows[0].bundleId, planId: rows[0].planId, clicks: 1 }];
}

/** Several clicks at once (the seed's days, batch calls): from the bundles in expiry order, all or none. */
async function takeMany(trx: Db, charge: Charge, planIds: number[], clicks: number, now: number, today: number, country: string): Promise<Taken['bundles'] | null> {
  const bundles = await trx
    .selectFrom('bundles')
    .select(['id', 'plan_id as planId', sql<number>`clicks - used_clicks`.as('left')])
    .where('account_id', '=', charge.accountId)
    .where('plan_id', 'in', planIds)
    .where('start_date', '<=', now)
    .where('end_date', '>', now)
    .where('ended_at', 'is', null)
    .where(sql<boolean>`used_clicks < clicks`)
    .orderBy('end_date')
    .orderBy('id')
    .execute();
  const takes: Taken['bundles'] = [];
  let wanted = clicks;
  for (const bundle of bundles) {
    if (wanted === 0) break;
    const take = Math.min(wanted, bundle.left);
    takes.push({ id: bundle.id, planId: bundle.planId, clicks: take });
    wanted -= take;
  }
  if (wanted > 0) return null;
  for (const take of takes) {
    // The guard holds even if the lock above were ever taken away: never past the bundle's clicks.
    const updated = await trx
      .updateTable('bundles')
      .set({ used_clicks: sql`used_clicks + ${take.clicks}` })
      .where('id', '=', take.id)
      .where(sql<boolean>`used_clicks + ${take.clicks} <= clicks`)
      .where('ended_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw paymentRequired(meterRefusals.noClicks(charge.service));
  }
  for (const [planId, planClicks] of perPlan(takes)) {
    await trx
      .insertInto('usage_daily')
      .values({ account_id: charge.accountId, plan_id: planId, day: today, token_id: charge.tokenId, country, clicks: planClicks })
      // The unique index is on an expression (coalesce(token_id, 0)), which the builder cannot name.
      .onConflict((oc) =>
        oc.expression(sql`account_id, plan_id, day, (coalesce(token_id, 0)), country`).doUpdateSet({ clicks: sql`usage_daily.clicks + excluded.clicks` }),
      )
      .execute();
  }
  return takes;
}

function perPlan(takes: Taken['bundles']): Map<number, number> {
  const sums = new Map<number, number>();
  for (const take of takes) sums.set(take.planId, (sums.get(take.planId) ?? 0) + take.clicks);
  return sums;
}

/**
 * Throws the 403 of the first rule the token breaks; returns its daily cap (null: none). Exported
 * for calls that are authenticated like metered ones but not charged (GET /verify/{id}).
 */
export async function checkToken(trx: Db, charge: Charge, now: number): Promise<number | null> {
  const token = await trx
    .selectFrom('tokens')
    .select(['account_id', 'locked', 'ip_ranges', 'referrer', 'expiry', 'services', 'daily_cap', 'deleted_at'])
    .where('id', '=', charge.tokenId!)
    .executeTakeFirst();
  if (!token || token.deleted_at !== null) throw forbidden(meterRefusals.tokenDeleted);
  if (token.account_id !== charge.accountId) throw forbidden(meterRefusals.tokenOtherAccount);
  if (token.locked) throw forbidden(meterRefusals.tokenLocked);
  if (token.expiry > 0 && token.expiry <= now) throw forbidden(meterRefusals.tokenExpired(token.expiry));
  if (!token.services.includes(charge.service)) throw forbidden(meterRefusals.tokenService(charge.service));
  if (!ipAllowed(charge.ip, token.ip_ranges)) throw forbidden(meterRefusals.tokenIp(charge.ip ?? 'an unknown address'));
  const host = hostOf(charge.referrer);
  if (!referrerAllowed(host, token.referrer)) throw forbidden(meterRefusals.tokenReferrer(host));
  return token.daily_cap;
}

/**
 * Adds the call's clicks to the token's day: one upsert whose update only happens while the sum
 * stays within the cap, so concurrent calls cannot pass the cap together (the row lock of the
 * conflicting insert serialises them). No row back means the cap is reached: 429 until midnight UTC.
 */
async function countTokenDay(trx: Db, tokenId: number, today: number, clicks: number, cap: number | null, now: number): Promise<void> {
  const retryAfter = today + day - now;
  if (cap !== null && clicks > cap) throw tooManyRequests(meterRefusals.dailyCap(cap), retryAfter);
  const row = await trx
    .insertInto('token_day_usage')
    .values({ token_id: tokenId, day: today, clicks })
    .onConflict((oc) => {
      const update = oc.columns(['token_id', 'day']).doUpdateSet({ clicks: sql`token_day_usage.clicks + excluded.clicks` });
      return cap === null ? update : update.where(sql<boolean>`token_day_usage.clicks + excluded.clicks <= ${cap}`);
    })
    .returning('clicks')
    .executeTakeFirst();
  if (!row) throw tooManyRequests(meterRefusals.dailyCap(cap!), retryAfter);
}

/** Gives back exactly what a charge took, in one transaction. */
async function refund(db: Db, taken: Taken): Promise<void> {
  if (taken.testPlanId !== null) return refundTestCall(db, taken, taken.testPlanId);
  await inTransaction(db, async (trx) => {
    for (const take of taken.bundles) {
      await trx.updateTable('bundles').set({ used_clicks: sql`used_clicks - ${take.clicks}` }).where('id', '=', take.id).execute();
    }
    for (const [planId, clicks] of perPlan(taken.bundles)) {
      await trx
        .updateTable('usage_daily')
        .set({ clicks: sql`clicks - ${clicks}` })
        .where('account_id', '=', taken.accountId)
        .where('plan_id', '=', planId)
        .where('day', '=', taken.day)
        .where(sql<boolean>`coalesce(token_id, 0) = ${taken.tokenId ?? 0}`)
        .where('country', '=', taken.country)
        .execute();
    }
    // A row the charge made is taken away again (a concurrent charge of the same row waits on this
    // transaction's row lock, then inserts afresh), so a failed first call leaves no trace.
    await trx
      .deleteFrom('usage_daily')
      .where('account_id', '=', taken.accountId)
      .where('plan_id', 'in', [...perPlan(taken.bundles).keys()])
      .where('day', '=', taken.day)
      .where('clicks', '=', 0)
      .where('test_calls', '=', 0)
      .execute();
    if (taken.tokenId !== null) {
      await trx
        .updateTable('token_day_usage')
        .set({ clicks: sql`clicks - ${taken.clicks}` })
        .where('token_id', '=', taken.tokenId)
        .where('day', '=', taken.day)
        .execute();
      await trx.deleteFrom('token_day_usage').where('token_id', '=', taken.tokenId).where('day', '=', taken.day).where('clicks', '=', 0).execute();
    }
  });
}

/** Takes back the one test call a failed test call counted (and its row, when that call made it). */
async function refundTestCall(db: Db, taken: Taken, planId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const key = sql<boolean>`account_id = ${taken.accountId} and plan_id = ${planId} and day = ${taken.day}
      and coalesce(token_id, 0) = ${taken.tokenId ?? 0} and country = ${taken.country}`;
    await trx.updateTable('usage_daily').set({ test_calls: sql`test_calls - 1` }).where(key).execute();
    await trx.deleteFrom('usage_daily').where(key).where('clicks', '=', 0).where('test_calls', '=', 0).execute();
  });
}
