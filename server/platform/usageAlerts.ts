import { sql } from 'kysely';
import type { Config } from '../config';
import type { Deps } from '../kernel/deps';
import { ownersEmails } from '../kernel/ownersMail';
import { secondsOf } from './clock';
import { usageAlertMail } from './usageAlertMail';

// Usage alerts of the subscriptions a metered call spent clicks on (called by meter.ts after a
// successful call).

type AlertDeps = Pick<Deps, 'db' | 'clock' | 'mail' | 'log'> & { config: Pick<Config, 'publicUrl' | 'defaultPublicUrl'> };

/**
 * After a successful call on a subscription with alerts: for each threshold the clicks used of its
 * active bundles (started, not ended) have reached, insert a mark keyed by the threshold and the
 * clicks those bundles hold. The insert that happens (ON CONFLICT DO NOTHING) is the one that
 * mails, so each crossing is mailed once however many processes meter at once; buying more clicks
 * changes the total and arms the thresholds again. Mail goes after the marks commit and is not
 * awaited: a slow or failing mail server is logged and never fails or slows the call.
 */
export async function usageAlerts(deps: AlertDeps, accountId: number, planIds: readonly number[]): Promise<void> {
  const now = secondsOf(deps.clock);
  for (const planId of planIds) {
    const row = await deps.db
      .selectFrom('usage_alerts as a')
      .innerJoin('plans as p', 'p.id', 'a.plan_id')
      .innerJoin('groups as g', 'g.id', 'a.account_id')
      .leftJoin('bundles as b', (join) =>
        join.onRef('b.account_id', '=', 'a.account_id').onRef('b.plan_id', '=', 'a.plan_id').on('b.start_date', '<=', now).on('b.end_date', '>', now).on('b.ended_at', 'is', null),
      )
      .select(['a.thresholds', 'p.name as plan', 'g.name as account'])
      .select(sql<number>`coalesce(sum(b.clicks), 0)::bigint`.as('total'))
      .select(sql<number>`coalesce(sum(b.used_clicks), 0)::bigint`.as('used'))
      .where('a.account_id', '=', accountId)
      .where('a.plan_id', '=', planId)
      .groupBy(['a.thresholds', 'p.name', 'g.name'])
      .executeTakeFirst();
    if (!row || row.total <= 0) continue;
    const total = Number(row.total);
    const used = Number(row.used);
    const crossed = row.thresholds.filter((t) => used * 100 >= t * total);
    if (crossed.length === 0) continue;
    const marked = await deps.db
      .insertInto('usage_alert_marks')
      .values(crossed.map((threshold) => ({ account_id: accountId, plan_id: planId, threshold, clicks_total: total, sent_at: now })))
      .onConflict((oc) => oc.columns(['account_id', 'plan_id', 'threshold', 'clicks_total']).doNothing())
      .returning('threshold')
      .execute();
    if (marked.length === 0) continue;
    const threshold = Math.max(...marked.map((m) => m.threshold));
    // The owners, unlocked, who have not turned off the "Usage alerts" notification.
    const owners = await ownersEmails(deps.db, [accountId], { unlockedOnly: true, notification: 'notify.usage' });
    for (const email of owners) {
      const mail = usageAlertMail(email, { account: row.account, plan: row.plan, threshold, used, total, baseUrl: deps.config.publicUrl ?? deps.config.defaultPublicUrl });
      void deps.mail.send(mail).catch((error: unknown) => deps.log.error({ err: error, to: email }, 'metering: usage alert mail not sent'));
    }
  }
}
