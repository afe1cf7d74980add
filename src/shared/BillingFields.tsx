// First: the schemas imported below are built with zod's compiled fast path off (see src/shared/zodJitless.ts).
import './zodJitless';
import { checkoutBody } from '../../contract/shop/schemas';
import type { Billing } from '../../contract/shared/shop';
import { territoryLabels, type Territory } from '../../contract/shared/territory';
import type { Portal } from '../app/portal';
import { AddressFields } from './AddressFields';
import { Field, formValues } from './Field';

// The billing details of a payment (the basket's checkout, a bureau file's results): who pays and
// the address the invoice prints, filled first from the user and the selected account or organisation.

export type BillingPrefill = { name: string; company: string; email: string; address: Omit<Billing, 'name' | 'company' | 'email'> };

const billingKeys = ['name', 'company', 'email', 'address1', 'address2', 'address3', 'address4', 'town', 'county', 'postcode', 'country'] as const satisfies readonly (keyof Billing)[];
/** The billing details as the checkout checks them (contract/shop/schemas.ts): its messages are the customer's. */
const billingShape = checkoutBody.pick({ name: true, company: true, email: true, address1: true, address2: true, address3: true, address4: true, town: true, county: true, postcode: true, country: true });

/** The billing fields a payment refuses empty: marked on the form. */
export const requiredBilling: readonly (keyof Billing)[] = billingKeys.filter((k) => !billingShape.shape[k].safeParse('').success);

export type BillingProblems = Partial<Record<keyof Billing, string>>;

/** What is wrong with billing details, per field, in the checkout's words (empty when nothing is). */
export function billingProblems(billing: Billing): BillingProblems {
  const checked = billingShape.safeParse(billing);
  const problems: BillingProblems = {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const key = billingKeys.find((k) => k === issue.path[0]);
    if (key && !problems[key]) problems[key] = issue.message;
  }
  return problems;
}

/**
 * The billing details of a submitted form holding BillingFields when nothing is wrong with them; else
 * null, with the problems given to `show` and the keyboard on the first field to correct.
 */
export function checkedBilling(form: HTMLFormElement, show: (problems: BillingProblems) => void): Billing | null {
  const billing = billingOf(formValues(form));
  const problems = billingProblems(billing);
  show(problems);
  const first = billingKeys.find((k) => problems[k]);
  if (!first) return billing;
  form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  return null;
}

/**
 * The fields of the billing form; the form, its heading and its button are the page's. The fields a
 * payment needs are marked; `problems` are said under their fields.
 */
export function BillingFields({ prefill, problems = {} }: { prefill: BillingPrefill; problems?: BillingProblems }) {
  const mark = (k: keyof Billing) => requiredBilling.includes(k);
  return (
    <>
      <Field label="Name" name="name" autoComplete="name" defaultValue={prefill.name} mark={mark('name')} error={problems.name} maxLength={200} />
      <Field label="Company" name="company" autoComplete="organization" defaultValue={prefill.company} mark={mark('company')} error={problems.company} maxLength={200} />
      <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={prefill.email} mark={mark('email')} error={problems.email} />
      <AddressFields values={prefill.address} autoFill required={requiredBilling} problems={problems} />
    </>
  );
}

/** A form's first values from billing details given before (a payment that did not go through). */
export function prefillOfBilling({ name, company, email, ...address }: Billing): BillingPrefill {
  return { name, company, email, address };
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
