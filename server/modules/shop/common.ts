import type { Territory } from '../../../contract/shared/territory';
import type { Db } from '../../db';
import type { Seller } from '../../db/shopSchema';
import { badRequest, notFound } from '../../errors';
import { baseUrlOf, type Deps } from '../../kernel/deps';
import { assertMay, authoriseGroup, payerAccounts, type Caller, type AuthorisedGroup } from '../access/index';
import { savedCard } from './paymentQueries';

// What the shop's services share: the account checks of billing calls, return URLs of the portal's
// own origin, the gateway customer of an account and the seller printed on invoices.

export const orderMissing = () => notFound('Order not found');
export const invoiceMissing = () => notFound('Invoice not found');

/** The account group, with a 400 when the id names another kind of group. */
export async function ownedAccount(db: Db, caller: Caller, accountId: number, lock?: 'share'): Promise<AuthorisedGroup> {
  const account = await authoriseGroup(db, caller, accountId, 'own', lock);
  if (account.type !== 'account') throw badRequest('Payments belong to accounts: choose an account');
  return account;
}

/**
 * The account of a billing call, checked against `need` of contract/shared/access.ts: 'pay' (the
 * saved card: owners and authorised payment users) or 'billing' (the billing history and invoices:
 * those, and staff).
 */
export async function billingAccount(db: Db, caller: Caller, accountId: number, need: 'pay' | 'billing'): Promise<AuthorisedGroup> {
  const account = await authoriseGroup(db, caller, accountId, 'read');
  const payer = (await payerAccounts(db, caller.id, [account.id])).has(account.id);
  assertMay(caller, account.level, need, payer);
  if (account.type !== 'account') throw badRequest('Payments belong to accounts: choose an account');
  return account;
}

/**
 * A URL the gateway may send the browser back to: the portal's own origin (no open redirect) and
 * under /portal/. Returns it with `extra` query parameters set.
 */
export function portalReturnUrl(deps: Pick<Deps, 'config'>, origin: string, given: string, extra: Record<string, string>): string {
  const portal = new URL(baseUrlOf(deps, origin));
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw badRequest('Give a full URL to return to');
  }
  if (url.origin !== portal.origin || !url.pathname.startsWith('/portal/')) {
    throw badRequest('The return URL must be a page of this portal');
  }
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return url.toString();
}

/** The gateway customer of an account: the one its saved card is kept under, else one named after it. */
export async function customerRefOf(db: Db, accountId: number): Promise<string> {
  const card = await savedCard(db, accountId);
  return card?.customer_ref ?? `account-${accountId}`;
}

/** The seller printed on invoices, from the configuration (SELLER_*), with the territory's tax number. */
export function sellerOf(deps: Pick<Deps, 'config'>, territory: Territory): Seller {
  const { seller, runtime } = deps.config;
  const taxNumber = territory === 'uk' ? `VAT number ${seller.taxNumbers.uk}` : `ABN ${seller.taxNumbers.australia}`;
  return { name: seller.name, address: seller.address, taxNumber, email: runtime.supportEmail };
}

/** yyyy-mm of a time in seconds, UTC: the period of a renewal's key, its cap and its notices. */
export const monthOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 7);

/** Seconds at the start of the UTC calendar month of `seconds`. */
export function monthStart(seconds: number): number {
  const date = new Date(seconds * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}
