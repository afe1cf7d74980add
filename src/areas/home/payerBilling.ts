import { can } from '../../../contract/shared/access';
import type { Portal } from '../../app/portal';
import { waitFor } from 'xstate';
import { billingApi } from '../../api/shop';
import { groupsSettled } from '../../routing/guards';

// What /home loads for an authorised payment user of the selected account who does not own it: the
// card that pays its automatic renewals and its billing history (owners have the Billing tab of
// /administration/services). Null for anyone else.

export async function loadPayerBilling(portal: Portal) {
  // Right after login the groups may still be loading: the billing is the selected account's.
  try {
    await waitFor(portal.groups, groupsSettled, { timeout: 30_000 });
  } catch {
    return null;
  }
  const { account } = portal.groups.getSnapshot().context.selection;
  const me = portal.session.getSnapshot().context.user;
  if (!account || !can(me, account, 'pay') || can(me, account, 'own')) return null;
  const api = billingApi(portal.api);
  const [details, invoices] = await Promise.all([api.details(account.id), api.invoices(account.id)]);
  return { accountId: account.id, accountName: account.name, details, invoices, now: Math.floor(Date.now() / 1000) };
}

export type PayerBillingData = NonNullable<Awaited<ReturnType<typeof loadPayerBilling>>>;
