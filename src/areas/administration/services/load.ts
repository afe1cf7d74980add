import { notFound } from '@tanstack/react-router';
import { can } from '../../../../contract/shared/access';
import type { Portal } from '../../../app/portal';
import { BlockedError } from '../../../routing/blocked';
import { plansApi, type AccountPlan, type Plan } from '../../../api/plans';
import { meteringApi, type UsageAlerts } from '../../../api/metering';

// What the services pages load (their route files import this lazily, so the first page of the
// portal does not carry it). `now` is taken here once, so the views show the same moment throughout.

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * /administration/services and the pages under it: the selected account with its subscriptions
 * (spec section 3, Subscription usage summary), and for its owner the plans on sale in its territory
 * (the price of a renewal, which only the owner sets). With an organisation selected and no account,
 * there is nothing to load yet.
 */
export async function loadServices(portal: Portal) {
  const { organisation, account } = portal.groups.getSnapshot().context.selection;
  const me = portal.session.getSnapshot().context.user;
  const now = nowSeconds();
  if (!account) {
    if (!organisation) throw new BlockedError('account');
    return { account: null, organisation, subscriptions: [] as AccountPlan[], plans: [] as Plan[], alerts: {} as Record<number, UsageAlerts>, now };
  }
  const api = plansApi(portal.api);
  const [subscriptions, plans] = await Promise.all([
    api.accountPlans(account.id),
    can(me, account, 'own') ? api.onSale(account.territory, false) : Promise.resolve([] as Plan[]),
  ]);
  // The usage alerts of each subscription, for those who manage the account (owners and staff).
  const alerts: Record<number, UsageAlerts> = {};
  if (can(me, account, 'manage')) {
    const metering = meteringApi(portal.api);
    const read = await Promise.all(subscriptions.map((s) => metering.usageAlerts(account.id, s.planId)));
    for (const a of read) alerts[a.planId] = a;
  }
  return { account, organisation, subscriptions, plans, alerts, now };
}

export type ServicesData = Awaited<ReturnType<typeof loadServices>>;

/** /administration/services/bundlecreate: the plans a bundle may be made of (staff see all). */
export async function loadBundleCreate(portal: Portal) {
  const { account } = portal.groups.getSnapshot().context.selection;
  if (!account) throw new BlockedError('account');
  const plans = await plansApi(portal.api).onSale(account.territory, true);
  return { plans, now: nowSeconds() };
}

/** /administration/services/bundleedit/{bundleId}: the bundle, found among the account's subscriptions. */
export async function loadBundleEdit(portal: Portal, bundleId: number) {
  const { account } = portal.groups.getSnapshot().context.selection;
  if (!account) throw new BlockedError('account');
  // The same call as the services layout's, made at the same moment: the client shares one request.
  const subscriptions = await plansApi(portal.api).accountPlans(account.id);
  for (const subscription of subscriptions) {
    const bundle = subscription.bundles.find((b) => b.bundleId === bundleId);
    if (bundle) return { bundle, territory: subscription.territory };
  }
  throw notFound();
}
