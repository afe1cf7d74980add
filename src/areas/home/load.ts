import { can } from '../../../contract/shared/access';
import { monthStart } from '../../../contract/shared/usage';
import * as plans from '../../../contract/plans/endpoints';
import * as usageEndpoints from '../../../contract/usage/endpoints';
import type { Portal } from '../../app/portal';
import { waitFor } from 'xstate';
import { groupsSettled } from '../../routing/guards';

// What /home loads (its route imports this lazily, and does not wait for it: the page shows at once
// and the dashboard fills in): for an account the user may manage, its subscriptions (GET
// /account/plans: remaining clicks, estimated expiry) and its clicks this month and last month (GET
// /account/plans/usage, monthly). Nothing for anyone else.

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function loadHome(portal: Portal) {
  const now = nowSeconds();
  // Right after login the groups may still be loading: the dashboard is for the account they select.
  try {
    await waitFor(portal.groups, groupsSettled, { timeout: 30_000 });
  } catch {
    return { dashboard: null, failed: true, now };
  }
  const { account } = portal.groups.getSnapshot().context.selection;
  const user = portal.session.getSnapshot().context.user;
  if (!account || !can(user, account, 'manage')) return { dashboard: null, failed: false, now };
  // Home is where everyone lands: a failure here says so on the page, not in the Error modal.
  const quiet = { skipDefaultErrorHandling: true } as const;
  let subscriptions, usage;
  try {
    [subscriptions, usage] = await Promise.all([
      portal.api.call(plans.listAccountPlans, { query: { accountId: account.id } }, { action: 'load the subscriptions', cache: false, ...quiet }),
      portal.api.call(
        usageEndpoints.planUsage,
        { query: { accountId: account.id, period: 'monthly', fromDate: monthStart(now, 1), toDate: now } },
        { action: 'load the usage', ...quiet },
      ),
    ]);
  } catch {
    return { dashboard: null, failed: true, now };
  }
  const clicksIn = (month: number) => usage.usage.find((b) => b.period === month)?.clicks ?? 0;
  return {
    dashboard: {
      accountId: account.id,
      subscriptions,
      thisMonth: { start: monthStart(now), clicks: clicksIn(monthStart(now)) },
      lastMonth: { start: monthStart(now, 1), clicks: clicksIn(monthStart(now, 1)) },
    },
    failed: false,
    now,
  };
}

export type HomeData = Awaited<ReturnType<typeof loadHome>>;
