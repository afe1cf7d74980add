import { sql } from 'kysely';
import type { Db } from '../db';
import { tooManyRequests } from '../errors';
import { secondsOf } from './clock';
import { DAY as day, dayOf } from '../kernel/time';
import { checkToken, inTransaction, lockSubscriptions, meterRefusals, paymentRequired, type Charge, type MeterDeps, type Taken } from './meterRules';
import { refundTestCall, takeTestCall } from './meterTestCalls';
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
