import { sql } from 'kysely';
import type { Db } from '../db';
import { forbidden, tooManyRequests } from '../errors';
import { secondsOf } from './clock';
import { testCallsPerDay } from '../../contract/shared/testCalls';
import { DAY as day, dayOf } from '../kernel/time';
import { checkToken, inTransaction, lockSubscriptions, meterRefusals, type Charge, type MeterDeps, type Taken } from './meterRules';

// The meter's test calls (charge.test, the X-Test-Call header; see meter.ts): counted, never charged.

/**
 * A test call (see the header): the token's rules (its daily cap aside), an enabled subscription on
 * a plan that allows test calls, and the account's test calls of the service today under
 * testCallsPerDay; then one test call on that plan's usage row, in one transaction as a charge is.
 */
export async function takeTestCall(deps: MeterDeps, charge: Charge): Promise<Taken> {
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

/** Takes back the one test call a failed test call counted (and its row, when that call made it). */
export async function refundTestCall(db: Db, taken: Taken, planId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const key = sql<boolean>`account_id = ${taken.accountId} and plan_id = ${planId} and day = ${taken.day}
      and coalesce(token_id, 0) = ${taken.tokenId ?? 0} and country = ${taken.country}`;
    await trx.updateTable('usage_daily').set({ test_calls: sql`test_calls - 1` }).where(key).execute();
    await trx.deleteFrom('usage_daily').where(key).where('clicks', '=', 0).where('test_calls', '=', 0).execute();
  });
}
