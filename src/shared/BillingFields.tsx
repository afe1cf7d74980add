import type { Billing } from '../../contract/shared/shop';
import { territoryLabels, type Territory } from '../../contract/shared/territory';
import type { Portal } from '../app/portal';
import { AddressFields } from './AddressFields';
import { Field } from './Field';

// The billing details of a payment (the basket's checkout, a bureau file's results): who pays and
// the address the invoice prints, filled first from the user and the selected account or organisation.

export type BillingPrefill = { name: string; company: string; email: string; address: Omit<Billing, 'name' | 'company' | 'email'> };

/** The fields of the billing form; the form, its heading and its button are the page's. */
export function BillingFields({ prefill }: { prefill: BillingPrefill }) {
  return (
    <>
      <Field label="Name" name="name" autoComplete="name" defaultValue={prefill.name} required maxLength={200} />
      <Field label="Company" name="company" autoComplete="organization" defaultValue={prefill.company} maxLength={200} />
      <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={prefill.email} required />
      <AddressFields values={prefill.address} autoFill />
    </>
  );
}

/** The billing details in a submitted form's values (formValues of the form holding BillingFields). */
export function billingOf(values: Record<string, string>): Billing {
  const v = (k: keyof Billing) => values[k] ?? '';
  return {
    name: v('name'), company: v('company'), email: v('email'), address1: v('address1'), address2: v('address2'), address3: v('address3'),
    address4: v('address4'), town: v('town'), county: v('county'), postcode: v('postcode'), country: v('country'),
  };
}

type Place = { address1?: string | null; address2?: string | null; address3?: string | null; address4?: string | null; town?: string | null; county?: string | null; postcode?: string | null; country?: string | null };

/**
 * The billing address a form starts with: the account's, else its organisation's, when one has an
 * address; else the user's. The country is that address's, else the account's own (its territory's
 * name when it has none): an account with no address of its own is not billed in its
 * organisation's country.
 */
export function billingAddressOf(
  account: (Place & { territory: Territory }) | null | undefined,
  organisation: Place | null | undefined,
  user: { address1?: string | null; town?: string | null; postcode?: string | null } | null | undefined,
): BillingPrefill['address'] {
  const where = [account, organisation].find((g) => g?.address1);
  return {
    address1: where?.address1 ?? user?.address1 ?? '',
    address2: where?.address2 ?? '',
    address3: where?.address3 ?? '',
    address4: where?.address4 ?? '',
    town: where?.town ?? user?.town ?? '',
    county: where?.county ?? '',
    postcode: where?.postcode ?? user?.postcode ?? '',
    country: where?.country || account?.country || (account ? territoryLabels[account.territory] : ''),
  };
}

/** The form's first values: the user's own name and email, and billingAddressOf the selection. */
export async function billingPrefill(portal: Portal): Promise<BillingPrefill> {
  const { account, organisation } = portal.groups.getSnapshot().context.selection;
  const me = portal.session.getSnapshot().context.user;
  const user = await portal.users.getUser(me.id).catch(() => null);
  return {
    name: user?.personalName || user?.name || '',
    company: user?.companyName || organisation?.name || '',
    email: user?.email ?? '',
    address: billingAddressOf(account, organisation, user),
  };
}
