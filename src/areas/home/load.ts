import { can } from '../../../contract/shared/access';
import { monthStart } from '../../../contract/shared/usage';
import * as plans from '../../../contract/plans/endpoints';
import type { Portal } from '../../app/portal';
import { waitFor } from 'xstate';
import { usageApi } from '../../api/usage';
import { groupsSettled } from '../../routing/guards';

// What /home loads (its route imports this lazily): for an account the user may manage, its
// subscriptions (GET /account/plans: remaining clicks, estimated expiry) and its clicks this month
// and last month (GET /account/plans/usage, monthly). Nothing for anyone else.

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function loadHome(portal: Portal) {
  // Right after login the groups may still be loading: the dashboard is for the account they select.
  await waitFor(portal.groups, groupsSettled, { timeout: 30_000 });
  const { account } = portal.groups.getSnapshot().context.selection;
  const user = portal.session.getSnapshot().context.user;
  const now = nowSeconds();
  if (!account || !can(user, account, 'manage')) return { dashboard: null, now };
  const [subscriptions, usage] = await Promise.all([
    portal.api.call(plans.listAccountPlans, { query: { accountId: account.id } }, { action: 'load the subscriptions', cache: false }),
    usageApi(portal.api).planUsage({ accountId: account.id, period: 'monthly', fromDate: monthStart(now, 1), toDate: now }),
  ]);
  const clicksIn = (month: number) => usage.usage.find((b) => b.period === month)?.clicks ?? 0;
  return {
    dashboard: {
      accountId: account.id,
      subscriptions,
      thisMonth: { start: monthStart(now), clicks: clicksIn(monthStart(now)) },
      lastMonth: { start: monthStart(now, 1), clicks: clicksIn(monthStart(now, 1)) },
    },
    now,
  };
}

export type HomeData = Awaited<ReturnType<typeof loadHome>>;
