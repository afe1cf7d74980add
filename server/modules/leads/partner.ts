import type { PartnerAccountInfo, PartnerConsole } from '../../../contract/leads/entities';
import { bucketStarts, snapRange } from '../../../contract/shared/usage';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import type { Caller } from '../access/index';
import { bundleRows, subscriptionRows, summarise, usagePeriods, usageTotals } from '../plans/index';
import { clientAccounts, spendByAccountDay } from './queries';
import { authorisePartner } from './service';

// The partner's view of its client accounts, on the plans manager: GET /partner/accountinfo (spec
// section 7) for /partner/administration, and our console of usage and spend. Owners of the partner
// (referrers too: partner administration is not closed to them) and staff.

type PartnerDeps = Pick<Deps, 'db' | 'clock'>;

/**
 * GET /partner/accountinfo ?partnerId: one line per subscription of each client account. The click
 * limit, used and remaining clicks, start and end are those of the bundles running now. The
 * estimated expiry date is the subscription summary's (server/modules/plans/summary.ts): the clicks
 * used over the last 30 days give a daily rate, the remaining clicks last remaining / rate days from
 * now, and the date is that or the end date, whichever comes first (the end date when nothing was
 * used, now when nothing is left; null when no bundle runs).
 */
export async function partnerAccountInfo(deps: PartnerDeps, caller: Caller, query: { partnerId: number }): Promise<PartnerAccountInfo[]> {
  const { db } = deps;
  await authorisePartner(db, caller, query.partnerId);
  const now = secondsOf(deps.clock);
  const lines: PartnerAccountInfo[] = [];
  for (const account of await clientAccounts(db, query.partnerId)) {
    const bundles = await bundleRows(db, { accountId: account.accountId });
    const usage = await usageTotals(db, account.accountId, usagePeriods(now));
    for (const sub of await subscriptionRows(db, account.accountId)) {
      const own = bundles.filter((b) => b.planId === sub.planId);
      const plan = summarise(sub, own, usage.get(sub.planId), now);
      const running = own.filter((b) => b.startDate <= now && b.endDate > now);
      lines.push({
        organisationId: account.organisationId,
        organisationName: account.organisationName,
        accountId: account.accountId,
        accountName: account.accountName,
        planName: sub.plan,
        datasetType: sub.datasetRef,
        clickLimit: running.reduce((sum, b) => sum + b.clicks, 0),
        usedClicks: running.reduce((sum, b) => sum + b.usedClicks, 0),
        remainingClicks: plan.remainClicks,
        startDate: running.length ? Math.min(...running.map((b) => b.startDate)) : null,
        endDate: running.length ? Math.max(...running.map((b) => b.endDate)) : null,
        estimatedExpiryDate: plan.estimatedExpiryDate,
      });
    }
  }
  return lines;
}

/**
 * GET /partner/console ?partnerId, fromDate, toDate: clicks and spend per client account per UTC
 * day. A click is valued at its subscription's price per click over all its bundles (sum of prices
 * over sum of clicks); each account-day is rounded to minor units in SQL and every total is a sum of
 * those, so the chart, the table and the CSV agree to the penny.
 */
export async function partnerConsole(
  deps: PartnerDeps,
  caller: Caller,
  query: { partnerId: number; fromDate: number; toDate: number },
): Promise<PartnerConsole> {
  const { db } = deps;
  await authorisePartner(db, caller, query.partnerId);
  const range = snapRange(query.fromDate, query.toDate, 'daily');
  const days = bucketStarts(range, 'daily');
  const accounts = await clientAccounts(db, query.partnerId);
  const ids = accounts.map((a) => a.accountId);
  const rows = await spendByAccountDay(db, ids, range);
  const cell = new Map(rows.map((row) => [`${row.accountId}:${Number(row.day)}`, { clicks: Number(row.clicks), spend: Number(row.spend) }]));
  const totals = new Map<string, { clicks: number; spend: number }>();
  const report = accounts.map((account) => {
    const perDay = days.map((day) => ({ day, ...(cell.get(`${account.accountId}:${day}`) ?? { clicks: 0, spend: 0 }) }));
    const clicks = perDay.reduce((sum, d) => sum + d.clicks, 0);
    const spend = perDay.reduce((sum, d) => sum + d.spend, 0);
    const total = totals.get(account.territory) ?? { clicks: 0, spend: 0 };
    totals.set(account.territory, { clicks: total.clicks + clicks, spend: total.spend + spend });
    return { ...account, clicks, spend, days: perDay };
  });
  return {
    partnerId: query.partnerId,
    ...range,
    days,
    accounts: report,
    totals: [...totals].map(([territory, total]) => ({ territory: territory as PartnerConsole['totals'][number]['territory'], ...total })),
  };
}
