import { can } from '../../../contract/shared/access';
import { monthStart } from '../../../contract/shared/usage';
import { plansApi } from '../../api/plans';
import { usageApi } from '../../api/usage';
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
  let subscriptions, usage;
  try {
    [subscriptions, usage] = await Promise.all([
      plansApi(portal.api).accountPlans(account.id, true),
      usageApi(portal.api).planUsage({ accountId: account.id, period: 'monthly', fromDate: monthStart(now, 1), toDate: now }, true),
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
