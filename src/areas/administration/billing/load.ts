import { can } from '../../../../contract/shared/access';
import type { Portal } from '../../../app/portal';
import { billingApi, type InvoiceSummary, type PaymentDetails, type PaymentUser } from '../../../api/shop';

// What the services page loads for its Billing section (payment management is for the account's
// owners: the server authorises 'own'). Loaded lazily with the page.

export type AccountMember = { userId: number; name: string; email: string };

export type BillingData = {
  accountId: number;
  details: PaymentDetails | null;
  /** The rest only when the Billing section is open. */
  section: { users: PaymentUser[]; members: AccountMember[]; invoices: InvoiceSummary[] } | null;
};

/**
 * For an owner of the selected account: the saved card and cap (the subscriptions mention them),
 * and with `open` the payment users, the account's users and the billing history. Null for anyone else.
 */
export async function loadBilling(portal: Portal, open: boolean): Promise<BillingData | null> {
  const { account } = portal.groups.getSnapshot().context.selection;
  const me = portal.session.getSnapshot().context.user;
  if (!account || !can(me, account, 'own')) return null;
  const api = billingApi(portal.api);
  if (!open) {
    // The subscriptions only mention the card and cap: without them they still make sense, so quietly.
    const details = await api.details(account.id, true).catch(() => null);
    return { accountId: account.id, details, section: null };
  }
  const [details, users, groupUsers, invoices] = await Promise.all([
    api.details(account.id),
    api.users(account.id),
    portal.groupsApi.groupUsers(account.id),
    api.invoices(account.id),
  ]);
  // One entry per person: a user may hold a level here and inherit another from above.
  const members = new Map<number, AccountMember>();
  for (const u of groupUsers) if (!members.has(u.id)) members.set(u.id, { userId: u.id, name: u.personalName || u.name, email: u.email });
  return { accountId: account.id, details, section: { users, members: [...members.values()], invoices } };
}
