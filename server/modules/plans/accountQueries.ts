import type { Bundle } from '../../../contract/plans/entities';
import { invoiceNumberText, renewalRefusals, type RenewalRefusal } from '../../../contract/shared/shop';
import type { Db } from '../../db';
import { creditNoteRows } from '../shop/index';

// The SQL of what accounts hold: subscriptions, bundles and daily usage, through Kysely.

/** The invoice number (UK-000002) of the paid order a bundle came from; null for a bundle staff added. */
export async function paidInvoiceOf(db: Db, orderId: number | null): Promise<string | null> {
  if (orderId === null) return null;
  const invoice = await db.selectFrom('invoices').select(['territory', 'number']).where('order_id', '=', orderId).executeTakeFirst();
  return invoice ? invoiceNumberText(invoice.territory, invoice.number) : null;
}

/** An account's subscriptions with what the summary shows of their plans. */
export function subscriptionRows(db: Db, accountId: number) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .innerJoin('datasets', 'datasets.id', 'plans.dataset_id')
    .leftJoin('plans as successor', 'successor.id', 'plans.deprecated_by_plan_id')
    .select([
      'subscriptions.plan_id as planId',
      'subscriptions.enabled',
      'subscriptions.renew_clicks as renewClicks',
      'plans.name as plan',
      'plans.territory',
      'plans.calculator',
      'plans.pricing',
      'plans.deprecated_by_plan_id as deprecatedByPlanId',
      'plans.available_start as availableStart',
      'plans.available_end as availableEnd',
      'plans.allow_test as allowTest',
      'successor.name as deprecatedByPlan',
      'datasets.service',
      'datasets.dataset_ref as datasetRef',
    ])
    .where('subscriptions.account_id', '=', accountId)
    .orderBy('datasets.service')
    .orderBy('plans.display_order')
    .orderBy('plans.id')
    .execute();
}
export type SubscriptionRow = Awaited<ReturnType<typeof subscriptionRows>>[number];

/** Bundles as the contract's Bundle, newest first (bundleId descending), of an account or by id, with how a paid one ended. */
export async function bundleRows(db: Db, where: { accountId: number } | { bundleId: number }): Promise<Bundle[]> {
  const [column, value] = 'accountId' in where ? (['bundles.account_id', where.accountId] as const) : (['bundles.id', where.bundleId] as const);
  const rows = await db
    .selectFrom('bundles')
    .innerJoin('plans', 'plans.id', 'bundles.plan_id')
    .leftJoin('invoices', 'invoices.order_id', 'bundles.order_id')
    .select((eb) => [
      'bundles.id as bundleId',
      'bundles.account_id as accountId',
      'bundles.plan_id as planId',
      'plans.name as plan',
      'bundles.clicks',
      'bundles.used_clicks as usedClicks',
      eb('bundles.clicks', '-', eb.ref('bundles.used_clicks')).as('remainingClicks'),
      'bundles.price',
      'bundles.start_date as startDate',
      'bundles.end_date as endDate',
      'bundles.source',
      'bundles.created_at as createdDate',
      'bundles.created_by as createdBy',
      'bundles.ended_at as endedAt',
      'bundles.end_reason as endReason',
      'invoices.territory as invoiceTerritory',
      'invoices.number as invoiceNo',
    ])
    .where(column, '=', value)
    .orderBy('bundles.id', 'desc')
    .execute();
  const notes = await creditNoteRows(db, { bundleIds: rows.filter((row) => row.endedAt !== null).map((row) => row.bundleId) });
  return rows.map(({ invoiceTerritory, invoiceNo, ...row }) => ({
    ...row,
    invoiceNumber: invoiceTerritory === null || invoiceNo === null ? null : invoiceNumberText(invoiceTerritory, invoiceNo),
    creditNote: notes.find((note) => note.bundleId === row.bundleId) ?? null,
  }));
}

/** Clicks in the current and previous periods, and the free test calls of the current one. */
export type UsageTotals = { current: number; previous: number; testCalls: number };

/**
 * Clicks an account used per plan in two back-to-back periods of days: [previousFrom, currentFrom)
 * and [currentFrom, to]. Days are seconds at UTC midnight.
 */
export async function usageTotals(
  db: Db,
  accountId: number,
  days: { previousFrom: number; currentFrom: number; to: number },
): Promise<Map<number, UsageTotals>> {
  const rows = await db
    .selectFrom('usage_daily')
    .select((eb) => [
      'plan_id as planId',
      // sum(bigint) is numeric, which both drivers return as text: cast back to bigint (a number).
      eb.fn.coalesce(eb.cast<number>(eb.fn.sum<number>('clicks').filterWhere('day', '>=', days.currentFrom), 'bigint'), eb.lit(0)).as('current'),
      eb.fn.coalesce(eb.cast<number>(eb.fn.sum<number>('clicks').filterWhere('day', '<', days.currentFrom), 'bigint'), eb.lit(0)).as('previous'),
      eb.fn.coalesce(eb.cast<number>(eb.fn.sum<number>('test_calls').filterWhere('day', '>=', days.currentFrom), 'bigint'), eb.lit(0)).as('testCalls'),
    ])
    .where('account_id', '=', accountId)
    .where('day', '>=', days.previousFrom)
    .where('day', '<=', days.to)
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((row) => [row.planId, { current: Number(row.current), previous: Number(row.previous), testCalls: Number(row.testCalls) }]));
}

/** Whether the account holds any subscription (and so bundles it paid for, or their history). */
export async function holdsSubscriptions(db: Db, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('subscriptions').select('id').where('account_id', '=', accountId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The newest refused renewal of each of an account's subscriptions, by plan. */
export async function refusedRenewals(db: Db, accountId: number): Promise<Map<number, { reason: RenewalRefusal; date: number }>> {
  const rows = await db
    .selectFrom('renewal_notices')
    .innerJoin('subscriptions', 'subscriptions.id', 'renewal_notices.subscription_id')
    .select(['subscriptions.plan_id as planId', 'renewal_notices.reason', 'renewal_notices.created_at as date'])
    .where('subscriptions.account_id', '=', accountId)
    .orderBy('renewal_notices.created_at', 'desc')
    .execute();
  const newest = new Map<number, { reason: RenewalRefusal; date: number }>();
  for (const row of rows) {
    const reason = renewalRefusals.find((r) => r === row.reason);
    if (reason && !newest.has(row.planId)) newest.set(row.planId, { reason, date: Number(row.date) });
  }
  return newest;
}

/** Whether the account has a saved card for its renewals. */
export async function hasSavedCard(db: Db, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('payment_methods').select('account_id').where('account_id', '=', accountId).executeTakeFirst();
  return row !== undefined;
}

/** Turns the account's subscription to the plan off; its id, undefined when there is no such subscription. */
export function disableSubscriptionRow(db: Db, accountId: number, planId: number, nowSeconds: number): Promise<{ id: number } | undefined> {
  return db
    .updateTable('subscriptions')
    .set({ enabled: false, updated_at: nowSeconds })
    .where('account_id', '=', accountId)
    .where('plan_id', '=', planId)
    .returning('id')
    .executeTakeFirst();
}

/** The account's subscription to the plan with its plan's pricing and successor, the subscription locked (for update). */
export function subscriptionForUpdate(trx: Db, accountId: number, planId: number) {
  return trx
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .leftJoin('plans as successor', 'successor.id', 'plans.deprecated_by_plan_id')
    .select(['subscriptions.id', 'plans.pricing', 'plans.deprecated_by_plan_id', 'successor.name as successor'])
    .where('subscriptions.account_id', '=', accountId)
    .where('subscriptions.plan_id', '=', planId)
    .forUpdate('subscriptions')
    .executeTakeFirst();
}

/** Turns the subscription on, renewing `renewClicks` at a time (0: no renewal). */
export async function enableSubscriptionRow(trx: Db, subscriptionId: number, renewClicks: number, nowSeconds: number): Promise<void> {
  await trx.updateTable('subscriptions').set({ enabled: true, renew_clicks: renewClicks, updated_at: nowSeconds }).where('id', '=', subscriptionId).execute();
}
