import { waitFor } from 'xstate';
import { can } from '../../../../contract/shared/access';
import * as plans from '../../../../contract/plans/endpoints';
import type { Portal } from '../../../app/portal';
import { groupsSettled } from '../../../routing/guards';

// What /applications/emailvalidation loads: the selected account, and for those who may read its
// subscriptions (owners and staff) the clicks left on its email validation subscriptions.

export type EmailClicks = { known: true; clicks: number; subscriptions: number } | { known: false };

export async function emailClicksLeft(portal: Portal, accountId: number): Promise<EmailClicks> {
  const user = portal.session.getSnapshot().context.user;
  const account = portal.groups.getSnapshot().context.selection.account;
  if (!account || account.id !== accountId || !can(user, account, 'manage')) return { known: false };
  try {
    const rows = await portal.api.call(plans.listAccountPlans, { query: { accountId } }, { action: 'load the clicks left', cache: false, skipDefaultErrorHandling: true });
    const email = rows.filter((r) => r.service === 'email');
    return { known: true, clicks: email.reduce((sum, r) => sum + Math.max(0, r.remainClicks), 0), subscriptions: email.length };
  } catch {
    return { known: false };
  }
}

export async function loadEmailValidation(portal: Portal) {
  await waitFor(portal.groups, groupsSettled, { timeout: 30_000 }).catch(() => undefined);
  const { account } = portal.groups.getSnapshot().context.selection;
  if (!account) return { account: null, clicks: { known: false } as EmailClicks };
  return { account: { id: account.id, name: account.name }, clicks: await emailClicksLeft(portal, account.id) };
}

export type EmailValidationData = Awaited<ReturnType<typeof loadEmailValidation>>;
