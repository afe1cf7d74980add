import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db';
import type { RenewalNoticesTable } from '../../db/shopSchema';
import { monthStart } from './common';

// The SQL of automatic renewals, through Kysely: which subscriptions are due, what a renewal reads of
// the subscription, its plan and its account, the notices sent, and what the month's renewals cost.

/** Enabled subscriptions renewing automatically with no started bundle holding clicks and none yet to start. */
export async function subscriptionsDue(db: Db, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('subscriptions.id')
    .where('subscriptions.enabled', '=', true)
    .where('subscriptions.renew_clicks', '>', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bundles')
            .select('bundles.id')
            .whereRef('bundles.account_id', '=', 'subscriptions.account_id')
            .whereRef('bundles.plan_id', '=', 'subscriptions.plan_id')
            .where((b) => b.or([b('bundles.start_date', '>', now), b.and([b('bundles.end_date', '>', now), b('bundles.used_clicks', '<', b.ref('bundles.clicks'))])])),
        ),
      ),
    )
    .orderBy('subscriptions.id')
    .execute();
  return rows.map((row) => row.id);
}

/** The subscription to renew with its plan, dataset and account; undefined when there is no such subscription. */
export function subscriptionToRenew(db: Db, subscriptionId: number) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .innerJoin('datasets', 'datasets.id', 'plans.dataset_id')
    .innerJoin('groups as account', 'account.id', 'subscriptions.account_id')
    .select([
      'subscriptions.id', 'subscriptions.account_id as accountId', 'subscriptions.plan_id as planId', 'subscriptions.renew_clicks as clicks',
      'account.name as account', 'account.territory', 'account.parent_id as parentId', 'plans.name as plan', 'plans.calculator', 'plans.pricing',
      'plans.available_start', 'plans.available_end', 'plans.deprecated_by_plan_id', 'datasets.dataset_ref', 'datasets.service',
    ])
    .where('subscriptions.id', '=', subscriptionId)
    .executeTakeFirst();
}

/** How many bundles the account has of the plan, whatever made them. */
export function bundleCount(db: Db, accountId: number, planId: number) {
  return db
    .selectFrom('bundles')
    .select(sql<number>`count(*)`.as('n'))
    .where('account_id', '=', accountId)
    .where('plan_id', '=', planId)
    .executeTakeFirstOrThrow();
}

/** Records a renewal notice unless one of the subscription, period and reason is recorded; undefined when it was. */
export function insertRenewalNotice(db: Db, row: Insertable<RenewalNoticesTable>) {
  return db
    .insertInto('renewal_notices')
    .values(row)
    .onConflict((oc) => oc.columns(['subscription_id', 'period', 'reason']).doNothing())
    .returning('reason')
    .executeTakeFirst();
}

/** The billing of the account's last paid order (by paid time); undefined when it has none. */
export function lastPaidBilling(db: Db, accountId: number) {
  return db
    .selectFrom('orders')
    .select('billing')
    .where('status', '=', 'paid')
    .where((eb) => eb.exists(eb.selectFrom('order_lines').select('order_lines.order_id').whereRef('order_lines.order_id', '=', 'orders.id').where('order_lines.account_id', '=', accountId)))
    .orderBy('paid_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The total, tax included, of the account's automatic renewal orders (the query to narrow by status and time). */
const renewalTotal = (db: Db, accountId: number) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('orders.total'), eb.val(0)).as('total'))
    .where('orders.kind', '=', 'renewal')
    .where((eb) => eb.exists(eb.selectFrom('order_lines').select('order_lines.order_id').whereRef('order_lines.order_id', '=', 'orders.id').where('order_lines.account_id', '=', accountId)));

/** What this UTC calendar month's paid automatic renewals of the account cost, tax included. */
export async function renewalSpend(db: Db, accountId: number, now: number): Promise<number> {
  const row = await renewalTotal(db, accountId).where('orders.status', '=', 'paid').where('orders.paid_at', '>=', monthStart(now)).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** What the account's automatic renewals made this UTC calendar month and still pending (being charged) cost, tax included. */
export async function pendingRenewalSpend(db: Db, accountId: number, now: number): Promise<number> {
  const row = await renewalTotal(db, accountId).where('orders.status', '=', 'pending').where('orders.created_at', '>=', monthStart(now)).executeTakeFirstOrThrow();
  return Number(row.total);
}
