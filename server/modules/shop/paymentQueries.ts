import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db';
import type { PaymentMethodsTable, PaymentSettingsTable, PaymentSetupsTable, PaymentUsersTable } from '../../db/shopSchema';

// The SQL of an account's payment arrangements, through Kysely: its saved card, the gateway's setup
// pages that save one, the monthly cap on automatic renewals and the authorised payment users.

/** The account's saved card; undefined when it has none. */
export function savedCard(db: Db, accountId: number) {
  return db.selectFrom('payment_methods').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Another account than `accountId` saved with the same method; undefined when there is none. */
export function otherAccountWithMethod(db: Db, methodRef: string, accountId: number) {
  return db.selectFrom('payment_methods').select('account_id').where('method_ref', '=', methodRef).where('account_id', '!=', accountId).executeTakeFirst();
}

/** Saves the account's card, or replaces the one it has with `values`. */
export async function upsertSavedCard(trx: Db, accountId: number, createdAt: number, values: Omit<Insertable<PaymentMethodsTable>, 'account_id' | 'created_at'>): Promise<void> {
  await trx
    .insertInto('payment_methods')
    .values({ account_id: accountId, created_at: createdAt, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}

/** Forgets the account's saved card, only while it is the card of `methodRef`. */
export async function deleteSavedCard(db: Db, accountId: number, methodRef: string): Promise<void> {
  await db.deleteFrom('payment_methods').where('account_id', '=', accountId).where('method_ref', '=', methodRef).execute();
}

/** The refs of the account's setup pages still open. */
export function openSetups(db: Db, accountId: number) {
  return db.selectFrom('payment_setups').select('ref').where('account_id', '=', accountId).where('status', '=', 'open').execute();
}

/** Records a setup page (once per ref). */
export async function insertSetup(db: Db, row: Insertable<PaymentSetupsTable>): Promise<void> {
  await db.insertInto('payment_setups').values(row).onConflict((oc) => oc.column('ref').doNothing()).execute();
}

/**
 * Closes the setup page of `ref` with its outcome, only while it is open (the row's lock makes this
 * happen once); answers what the setup was made for, or undefined when it was not open.
 */
export function closeOpenSetup(trx: Db, ref: string, changes: Pick<Updateable<PaymentSetupsTable>, 'status' | 'completed_at'>) {
  return trx
    .updateTable('payment_setups')
    .set(changes)
    .where('ref', '=', ref)
    .where('status', '=', 'open')
    .returning(['account_id', 'user_id', 'customer_ref', 'billing_email', 'gateway'])
    .executeTakeFirst();
}

/** The account's payment settings (its monthly cap); undefined when none were set. */
export function monthlyCapOf(db: Db, accountId: number) {
  return db.selectFrom('payment_settings').select('monthly_cap').where('account_id', '=', accountId).executeTakeFirst();
}

/** Sets the account's monthly cap, writing its settings row or changing it. */
export async function upsertMonthlyCap(db: Db, accountId: number, values: Omit<Insertable<PaymentSettingsTable>, 'account_id'>): Promise<void> {
  await db
    .insertInto('payment_settings')
    .values({ account_id: accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}

/** The users authorised to pay for the account (owners aside). */
export function authorisedPayers(db: Db, accountId: number) {
  return db
    .selectFrom('payment_users')
    .innerJoin('users', 'users.id', 'payment_users.user_id')
    .select(['users.id', 'users.user_name as name', 'users.email'])
    .where('payment_users.account_id', '=', accountId)
    .execute();
}

/** The emails of the users authorised to pay for any of the accounts (a non-empty list). */
export async function authorisedPayerEmails(db: Db, accountIds: readonly number[]): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_users')
    .innerJoin('users', 'users.id', 'payment_users.user_id')
    .where('payment_users.account_id', 'in', [...accountIds])
    .select('users.email')
    .execute();
  return rows.map((row) => row.email);
}

/** Authorises a user to pay for the account (once). */
export async function insertPaymentUser(db: Db, row: Insertable<PaymentUsersTable>): Promise<void> {
  await db.insertInto('payment_users').values(row).onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing()).execute();
}

/** Withdraws a user's authorisation to pay for the account; answers the row removed, if any. */
export function deletePaymentUser(db: Db, accountId: number, userId: number) {
  return db.deleteFrom('payment_users').where('account_id', '=', accountId).where('user_id', '=', userId).returning('user_id').executeTakeFirst();
}
