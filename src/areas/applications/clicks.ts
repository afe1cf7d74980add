import { waitFor } from 'xstate';
import { can } from '../../../contract/shared/access';
import type { DqService } from '../../../contract/shared/catalogue';
import { plansApi } from '../../api/plans';
import type { Portal } from '../../app/portal';
import { groupsSettled } from '../../routing/guards';
import { formatCount } from '../../../contract/shared/numbers';

// The clicks left on an account's subscriptions to one service, for those who may read its
// subscriptions (owners and staff); the validation pages show them beside their form.

/** subscriptions: the account's to the service; enabled: those not disabled, whose clicks can be spent. */
export type ServiceClicks = { known: true; clicks: number; subscriptions: number; enabled: number } | { known: false };

export async function clicksLeft(portal: Portal, accountId: number, service: DqService): Promise<ServiceClicks> {
  const user = portal.session.getSnapshot().context.user;
  const account = portal.groups.getSnapshot().context.selection.account;
  if (!account || account.id !== accountId || !can(user, account, 'manage')) return { known: false };
  try {
    const rows = await plansApi(portal.api).clicksLeft(accountId);
    const mine = rows.filter((r) => r.service === service);
    // A disabled subscription's clicks are kept but cannot be spent: they are not "left" to use.
    const enabled = mine.filter((r) => r.status !== 'disabled');
    return { known: true, clicks: enabled.reduce((sum, r) => sum + Math.max(0, r.remainClicks), 0), subscriptions: mine.length, enabled: enabled.length };
  } catch {
    return { known: false };
  }
}

/** What a validation page loads: the selected account and, where the user may read them, its clicks left on `service`. */
export async function loadServicePage(portal: Portal, service: DqService) {
  await waitFor(portal.groups, groupsSettled, { timeout: 30_000 }).catch(() => undefined);
  const { account } = portal.groups.getSnapshot().context.selection;
  if (!account) return { account: null, clicks: { known: false } as ServiceClicks };
  return { account: { id: account.id, name: account.name }, clicks: await clicksLeft(portal, account.id, service) };
}

/** The clicks left in words, for the page's header ("No email validation subscription", "1,200 clicks left"). */
export function clicksLeftText(clicks: ServiceClicks, serviceWords: string): string {
  if (!clicks.known) return 'Clicks left are shown to the account’s owners';
  if (clicks.subscriptions === 0) return `No ${serviceWords} subscription`;
  if (clicks.enabled === 0) return `The ${serviceWords} subscription is disabled: an owner can enable it on the Services page`;
  return `${formatCount(clicks.clicks)} clicks left`;
}
