import type { PaymentUser } from '../../../contract/shop/entities';
import { badRequest, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { isRowId, levels, membersUp, type Caller } from '../access/index';
import { findUserById } from '../users/index';
import { ownedAccount } from './common';
import { authorisedPayers, deletePaymentUser, insertPaymentUser } from './paymentQueries';

// Spec section 6: payments have authorised users per account. Owners of the account (on it or above
// it) always are; others are added by an owner and must belong to the account. They get receipts
// and renewal notices and may read the billing history.

type UsersDeps = Pick<Deps, 'db' | 'clock'>;

/** GET /payment/users ?accountId: owners first, then the users authorised explicitly. */
export async function listPaymentUsers(deps: UsersDeps, caller: Caller, query: { accountId: number }): Promise<PaymentUser[]> {
  const account = await ownedAccount(deps.db, caller, query.accountId);
  const members = await membersUp(deps.db, account.id, false);
  const authorised = await authorisedPayers(deps.db, account.id);
  const authorisedIds = new Set(authorised.map((row) => row.id));
  const result = new Map<number, PaymentUser>();
  for (const member of members) {
    if (member.accessLevel !== 'owner' && member.accessLevel !== 'sudoowner') continue;
    result.set(member.id, { userId: member.id, name: member.name, email: member.email, owner: true, authorised: authorisedIds.has(member.id) });
  }
  for (const row of authorised) {
    if (!result.has(row.id)) result.set(row.id, { userId: row.id, name: row.name, email: row.email, owner: false, authorised: true });
  }
  return [...result.values()].sort((a, b) => Number(b.owner) - Number(a.owner) || a.email.localeCompare(b.email));
}

/** PUT /payment/user ?accountId, userId: the user must be a member or owner of the account or a group above it. */
export async function addPaymentUser(deps: UsersDeps, caller: Caller, query: { accountId: number; userId: number }): Promise<{ msg: string }> {
  const account = await ownedAccount(deps.db, caller, query.accountId);
  const userMissing = () => notFound('User not found');
  if (!isRowId(query.userId)) throw userMissing();
  const user = await findUserById(deps.db, query.userId);
  if (!user) throw userMissing();
  const level = (await levels(deps.db, user.id, [account.id])).get(account.id)?.level ?? null;
  if (level === null) throw badRequest(`${user.email} does not belong to this account: invite them to it first`);
  await insertPaymentUser(deps.db, { account_id: account.id, user_id: user.id, created_at: secondsOf(deps.clock), created_by: caller.id });
  return { msg: `${user.email} may now pay for this account` };
}

/** DELETE /payment/user ?accountId, userId: owners stay authorised whatever this says. */
export async function removePaymentUser(deps: UsersDeps, caller: Caller, query: { accountId: number; userId: number }): Promise<{ msg: string }> {
  const account = await ownedAccount(deps.db, caller, query.accountId);
  if (!isRowId(query.userId)) throw notFound('This user is not an authorised payment user of the account');
  const row = await deletePaymentUser(deps.db, account.id, query.userId);
  if (!row) throw notFound('This user is not an authorised payment user of the account');
  return { msg: 'Payment user removed' };
}
