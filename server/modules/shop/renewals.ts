import type { DqService } from '../../../contract/shared/catalogue';
import { formatMoney, priceOf, quantityProblem } from '../../../contract/shared/catalogue';
import { currencyCodes, orderTotals, renewalObstacle } from '../../../contract/shared/shop';
import type { Db } from '../../db';
import { lockKeys } from '../../db/locks';
import type { Billing } from '../../db/shopSchema';
import type { QueueDefinition } from '../../jobs/queue';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { createOnce, insertOrder, orderIdByKey } from '../../kernel/orders';
import { monthOf } from './common';
import { failOrder, fulfilOrder } from './fulfil';
import { orderRecord, setChargeRef } from './orderQueries';
import { renewalLimits } from './paymentMethods';
import { monthlyCapOf, savedCard } from './paymentQueries';
import { sendRenewalNotice, type NoticeReason } from './receipts';
import { bundleCount, insertRenewalNotice, lastPaidBilling, pendingRenewalSpend, renewalSpend, subscriptionToRenew, subscriptionsDue } from './renewalQueries';

// Automatic renewal: a sweep finds subscriptions renewing automatically whose clicks are used up or
// whose bundles have ended, and queues one renewal job per subscription (pg-boss 'stately': one
// queued and one running per key). A renewal is priced from the catalogue, held to the monthly cap,
// charged to the saved card with an idempotency key of its own, and fulfilled like any order.

export const renewalQueue = 'renewals';
export const renewalSweepQueue = 'renewal-sweep';
/** The queues startJobs must create for renewals. */
export const renewalQueues: QueueDefinition[] = [
  { name: renewalQueue, policy: 'stately', retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
  { name: renewalSweepQueue, policy: 'stately', retryLimit: 2, retryDelaySeconds: 30, retryBackoff: false, expireInSeconds: 300 },
];

type RenewalDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'gateway' | 'mail' | 'log' | 'paidOrders'>;

/** Queues a renewal job for each subscription due; returns their ids. */
export async function sweepRenewals(deps: Pick<Deps, 'db' | 'clock' | 'jobs'>): Promise<number[]> {
  const due = await subscriptionsDue(deps.db, secondsOf(deps.clock));
  for (const subscriptionId of due) await deps.jobs.send(renewalQueue, { subscriptionId }, { singletonKey: String(subscriptionId) });
  return due;
}

/** Mails owners and authorised payment users once per subscription, month and reason. */
async function notice(deps: RenewalDeps, sub: { id: number; accountId: number; account: string; plan: string; clicks: number }, reason: NoticeReason, detail = ''): Promise<void> {
  const now = secondsOf(deps.clock);
  const row = await insertRenewalNotice(deps.db, { subscription_id: sub.id, period: monthOf(now), reason, created_at: now });
  if (row) await sendRenewalNotice(deps, { accountId: sub.accountId, account: sub.account, plan: sub.plan, clicks: sub.clicks, reason, detail });
}

/** Who is billed for a renewal: as at the account's last checkout, else the account and its card's email. */
async function renewalBilling(db: Db, accountId: number, accountName: string, email: string): Promise<Billing> {
  const last = await lastPaidBilling(db, accountId);
  if (last) return { ...last.billing, email };
  return { name: accountName, company: '', email, address1: '', address2: '', address3: '', address4: '', town: '', county: '', postcode: '', country: '' };
}

export type RenewalResult = 'renewed' | 'not-due' | 'pending' | NoticeReason;

/**
 * One renewal of a subscription (the 'renewals' job; tests call it directly). Safe to run twice: a
 * renewal made is a started bundle with clicks, so the second finds nothing due; one interrupted
 * finds its order by the same idempotency key and the gateway charges a key only once.
 */
export async function renewSubscription(deps: RenewalDeps, subscriptionId: number): Promise<RenewalResult> {
  const { db } = deps;
  const now = secondsOf(deps.clock);
  const sub = await subscriptionToRenew(db, subscriptionId);
  if (!sub) return 'not-due';
  // The n-th bundle of the subscription: the same until this renewal's bundle exists. Counted before
  // the subscription is asked whether it is due: a bundle that a run at the same time made after
  // this count makes it not due; counted after, the next renewal's key would charge the card again.
  const made = await bundleCount(db, sub.accountId, sub.planId);
  if (!(await subscriptionsDue(db, now)).includes(subscriptionId)) return 'not-due';
  const problem = quantityProblem(sub.pricing, sub.clicks);
  const onSale = sub.deprecated_by_plan_id === null && sub.available_start <= now && (sub.available_end === null || sub.available_end > now) && !problem;
  const price = onSale ? priceOf(sub.calculator, sub.pricing, sub.clicks) : 0;
  const totals = orderTotals([price], sub.territory);
  const card = await savedCard(db, sub.accountId);
  const { cap, spent } = await renewalLimits(db, sub.accountId, now);
  const obstacle = renewalObstacle({ onSale, hasCard: card !== undefined, cap, spentThisMonth: spent, total: totals.total });
  if (obstacle === 'plan') {
    await notice(deps, sub, 'plan', problem ?? '');
    return 'plan';
  }
  if (obstacle === 'card' || !card) {
    await notice(deps, sub, 'card');
    return 'card';
  }
  if (obstacle === 'cap') {
    await notice(deps, sub, 'cap', `This month's renewals have cost ${formatMoney(spent, sub.territory)}; this one would cost ${formatMoney(totals.total, sub.territory)} against the cap of ${formatMoney(cap ?? 0, sub.territory)}.`);
    return 'cap';
  }
  const idempotencyKey = `renewal:${sub.id}:${monthOf(now)}:${Number(made.n) + 1}`;
  const ordered = await renewalOrder(deps, { ...sub, price, totals, idempotencyKey, billing: await renewalBilling(db, sub.accountId, sub.account, card.billing_email), now });
  if ('capped' in ordered) {
    const capped = ordered.capped;
    await notice(deps, sub, 'cap', `This month's renewals have cost, or are being charged, ${formatMoney(capped.spent, sub.territory)}; this one would cost ${formatMoney(totals.total, sub.territory)} against the cap of ${formatMoney(capped.cap, sub.territory)}.`);
    return 'cap';
  }
  const { orderId } = ordered;
  const order = await orderRecord(db, orderId);
  if (order.status === 'paid') return 'renewed';
  if (order.status !== 'pending') return 'declined';
  const outcome = await deps.gateway.chargeSavedCard({
    idempotencyKey,
    customerRef: card.customer_ref,
    methodRef: card.method_ref,
    amount: totals.total,
    currency: currencyCodes[sub.territory],
    description: `Automatic renewal: ${sub.plan} ${sub.clicks.toLocaleString('en-GB')} clicks for ${sub.account}`,
    reference: String(orderId),
  });
  await setChargeRef(db, orderId, outcome.ref);
  if (outcome.status === 'succeeded') {
    await fulfilOrder(deps, orderId, { ...outcome, card: null });
    return 'renewed';
  }
  if (outcome.status === 'declined') {
    await failOrder(db, deps.clock, orderId, 'declined', outcome.failure);
    await notice(deps, sub, 'declined', outcome.failure);
    return 'declined';
  }
  return 'pending';
}

/** What this month's automatic renewals of the account cost: paid this month, or pending (being charged). */
async function renewalsCommitted(db: Db, accountId: number, now: number): Promise<number> {
  const pending = await pendingRenewalSpend(db, accountId, now);
  return (await renewalSpend(db, accountId, now)) + pending;
}

/**
 * The renewal's pending order, or the one an interrupted run already wrote under the same key;
 * `capped` (with the month's spend and the cap) when a new one would pass the account's monthly cap.
 */
async function renewalOrder(
  deps: RenewalDeps,
  r: { accountId: number; account: string; parentId: number | null; planId: number; plan: string; dataset_ref: string; service: DqService; clicks: number; territory: 'uk' | 'australia'; price: number; totals: { net: number; tax: number; total: number }; idempotencyKey: string; billing: Billing; now: number },
): Promise<{ orderId: number } | { capped: { spent: number; cap: number } }> {
  const existing = await orderIdByKey(deps.db, r.idempotencyKey);
  if (existing !== undefined) return { orderId: existing };
  return createOnce(
    deps.db,
    r.idempotencyKey,
    async (trx): Promise<{ orderId: number } | { capped: { spent: number; cap: number } }> => {
      // The cap is asked again under a lock per account held until this order commits, counting the
      // orders still being charged: two renewals of the account at once (two subscriptions, two
      // processes) each read the month's spend before the other's order, and both passed a cap with
      // room for one.
      await lockKeys(trx, [`renewals:account:${r.accountId}`]);
      // The same renewal run twice at once: the other run's order, written under the lock, is this one's.
      const same = await orderIdByKey(trx, r.idempotencyKey);
      if (same !== undefined) return { orderId: same };
      const settings = await monthlyCapOf(trx, r.accountId);
      if (settings?.monthly_cap != null) {
        const spent = await renewalsCommitted(trx, r.accountId, r.now);
        if (spent + r.totals.total > Number(settings.monthly_cap)) return { capped: { spent, cap: Number(settings.monthly_cap) } };
      }
      const orderId = await insertOrder(trx, {
        kind: 'renewal', territory: r.territory, organisationId: r.parentId, userId: null, idempotencyKey: r.idempotencyKey, gateway: deps.gateway.name,
        totals: r.totals, billing: r.billing, now: r.now,
        lines: [{ accountId: r.accountId, accountName: r.account, planId: r.planId, planName: r.plan, datasetRef: r.dataset_ref, service: r.service, clicks: r.clicks, price: r.price }],
      });
      return { orderId };
    },
    (orderId) => ({ orderId }),
  );
}

/** Registers the renewal worker and the sweep's, which re-queues itself every RENEWAL_SWEEP_SECONDS. */
export async function startRenewalWorkers(deps: RenewalDeps & Pick<Deps, 'jobs'>): Promise<void> {
  const every = deps.config.renewalSweepSeconds;
  await deps.jobs.work<{ subscriptionId: number }>(renewalQueue, async ({ subscriptionId }) => {
    await renewSubscription(deps, subscriptionId);
  });
  await deps.jobs.work(renewalSweepQueue, async () => {
    try {
      await sweepRenewals(deps);
    } finally {
      await deps.jobs.send(renewalSweepQueue, {}, { singletonKey: 'sweep', startAfterSeconds: every });
    }
  });
}

/** The sweep's first run (later ones queue themselves); the singleton key keeps it to one. */
export async function queueFirstSweep(deps: Pick<Deps, 'jobs'>): Promise<void> {
  await deps.jobs.send(renewalSweepQueue, {}, { singletonKey: 'sweep' });
}
