import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { findGroupFacts } from './queries';
import { isRowId } from './rules';

// The kinds of group a call names: the organisation, and an account directly under it. Each refusal
// is worded for the one who chose the group.

export type GroupFacts = NonNullable<Awaited<ReturnType<typeof findGroupFacts>>>;

const organisationNotFound = () => notFound('Organisation not found');
export const accountNotFound = () => notFound('Account not found');

/**
 * The organisation a call names: 404 when there is no such group (an id that is no row id included),
 * 400 when the group is not an organisation, telling the caller to choose the organisation the
 * account (`'account'`) or the accounts (`'accounts'`) of the call belong to.
 */
export async function requireOrganisation(db: Db, organisationId: number, accounts: 'account' | 'accounts'): Promise<GroupFacts> {
  if (!isRowId(organisationId)) throw organisationNotFound();
  const organisation = await findGroupFacts(db, organisationId);
  if (!organisation) throw organisationNotFound();
  if (organisation.type !== 'organisation') {
    throw badRequest(`${organisation.name} is not an organisation: choose the organisation the ${accounts === 'account' ? 'account belongs' : 'accounts belong'} to`);
  }
  return organisation;
}

/**
 * An account directly under the organisation: 404 when there is no such group (an id that is no row
 * id included), 400 when it is another kind of group or under another group. `notAnAccount`, when
 * given, words the refusal of another kind of group; else it is refused as not under the organisation.
 */
export async function requireAccountUnder(
  db: Db,
  organisation: Pick<GroupFacts, 'id' | 'name'>,
  accountId: number,
  notAnAccount?: (name: string) => string,
): Promise<GroupFacts> {
  if (!isRowId(accountId)) throw accountNotFound();
  const account = await findGroupFacts(db, accountId);
  if (!account) throw accountNotFound();
  if (account.type !== 'account' && notAnAccount) throw badRequest(notAnAccount(account.name));
  if (account.type !== 'account' || account.parent_id !== organisation.id) throw badRequest(`${account.name} is not an account of ${organisation.name}`);
  return account;
}
