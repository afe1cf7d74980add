import type { Db } from '../../db';

// The SQL of the metering module: the services a service JWT is for, and the usage alerts of a
// subscription. Db is the database or a transaction alike: writers pass their `trx`.

/** The service's name and description; undefined when there is no such service. */
export function serviceRow(db: Db, serviceId: number): Promise<{ name: string; description: string } | undefined> {
  return db.selectFrom('services').select(['name', 'description']).where('id', '=', serviceId).executeTakeFirst();
}

/** The services the user has been given on the account for every token (PUT /userservices). */
export function grantedServices(db: Db, accountId: number, userId: number): Promise<{ serviceId: number }[]> {
  return db
    .selectFrom('user_services')
    .select(['service_id as serviceId'])
    .where('group_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('token_id', 'is', null)
    .execute();
}

type SubscriptionKey = { accountId: number; planId: number };

/** Does the account subscribe to the plan? With `lock`, the subscription's row is locked (for update) until the transaction ends. */
export async function subscriptionExists(db: Db, key: SubscriptionKey, lock: boolean): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('account_id', '=', key.accountId)
    .where('plan_id', '=', key.planId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

/** The alert thresholds set on the subscription; undefined when none were set. */
export async function alertThresholds(db: Db, key: SubscriptionKey): Promise<number[] | undefined> {
  const row = await db
    .selectFrom('usage_alerts')
    .select('thresholds')
    .where('account_id', '=', key.accountId)
    .where('plan_id', '=', key.planId)
    .executeTakeFirst();
  return row?.thresholds;
}

/** The crossings mailed for the clicks the subscription's active bundles hold at `now`, by threshold. */
export function alertMarks(db: Db, key: SubscriptionKey, now: number) {
  return db
    .selectFrom('usage_alert_marks as m')
    .select(['m.threshold', 'm.clicks_total as clicksTotal', 'm.sent_at as sentAt'])
    .where('m.account_id', '=', key.accountId)
    .where('m.plan_id', '=', key.planId)
    .where((eb) =>
      eb(
        'm.clicks_total',
        '=',
        eb
          .selectFrom('bundles as b')
          .select((b) => b.fn.coalesce(b.fn.sum<number>('b.clicks'), b.lit(0)).as('total'))
          .whereRef('b.account_id', '=', 'm.account_id')
          .whereRef('b.plan_id', '=', 'm.plan_id')
          .where('b.start_date', '<=', now)
          .where('b.end_date', '>', now)
          .where('b.ended_at', 'is', null),
      ),
    )
    .orderBy('m.threshold')
    .execute();
}

/** Turns the subscription's alerts off. */
export async function deleteAlerts(trx: Db, key: SubscriptionKey): Promise<void> {
  await trx.deleteFrom('usage_alerts').where('account_id', '=', key.accountId).where('plan_id', '=', key.planId).execute();
}

/** Sets the subscription's alert thresholds (inserted, or replacing those set before). */
export async function upsertAlerts(trx: Db, key: SubscriptionKey, thresholds: number[], nowSeconds: number, by: number): Promise<void> {
  await trx
    .insertInto('usage_alerts')
    .values({ account_id: key.accountId, plan_id: key.planId, thresholds, updated_at: nowSeconds, updated_by: by })
    .onConflict((oc) =>
      oc.columns(['account_id', 'plan_id']).doUpdateSet((eb) => ({
        thresholds: eb.ref('excluded.thresholds'),
        updated_at: eb.ref('excluded.updated_at'),
        updated_by: eb.ref('excluded.updated_by'),
      })),
    )
    .execute();
}
