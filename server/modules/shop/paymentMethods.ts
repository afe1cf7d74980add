import { randomUUID } from 'node:crypto';
import type { PaymentDetails } from '../../../contract/shop/entities';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { PaymentOutcome } from '../../payments/gateway';
import { secondsOf } from '../../platform/clock';
import { baseUrlOf, type Deps } from '../../kernel/deps';
import { findGroupFacts, groupFacts, type Caller } from '../access/index';
import { billingAccount, customerRefOf, ownedAccount, portalReturnUrl } from './common';
import { storeCard } from './fulfil';
import { closeOpenSetup, deleteSavedCard, insertSetup, monthlyCapOf, openSetups, otherAccountWithMethod, savedCard, upsertMonthlyCap } from './paymentQueries';
import { renewalSpend } from './renewalQueries';

// The account's saved card (spec section 3, Saved payment) and the monthly cap on automatic
// renewals: for the account's owners. Saving a card goes through the gateway's setup page.

type PaymentDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'gateway'>;

/** The account's monthly cap on automatic renewals (null: none) and what this month's renewals cost. */
export async function renewalLimits(db: Db, accountId: number, now: number): Promise<{ cap: number | null; spent: number }> {
  const settings = await monthlyCapOf(db, accountId);
  return { cap: settings?.monthly_cap == null ? null : Number(settings.monthly_cap), spent: await renewalSpend(db, accountId, now) };
}

async function detailsOf(deps: Pick<Deps, 'db' | 'clock'>, accountId: number, territory: PaymentDetails['territory']): Promise<PaymentDetails> {
  const card = await savedCard(deps.db, accountId);
  const { cap, spent } = await renewalLimits(deps.db, accountId, secondsOf(deps.clock));
  return {
    card: card
      ? { billingEmail: card.billing_email, lastFour: card.last_four, brand: card.brand, expiryMonth: card.expiry_month, expiryYear: card.expiry_year }
      : null,
    monthlyCap: cap,
    renewalSpendThisMonth: spent,
    territory,
  };
}

async function territoryOf(db: Db, accountId: number) {
  const row = await groupFacts(db, accountId);
  return row.territory;
}

/**
 * A setup page's outcome, from its webhook or from asking the gateway when the browser is back: a
 * succeeded one stores the card (once: the setup row goes from open to succeeded under its lock).
 */
export async function confirmSetup(trx: Db, deps: Pick<Deps, 'clock' | 'gateway'>, outcome: PaymentOutcome): Promise<void> {
  if (outcome.status === 'open' || outcome.status === 'processing') return;
  const now = secondsOf(deps.clock);
  const setup = await closeOpenSetup(trx, outcome.ref, { status: outcome.status, completed_at: now });
  if (!setup || outcome.status !== 'succeeded' || !outcome.card) return;
  const account = await findGroupFacts(trx, setup.account_id);
  if (!account) return;
  await storeCard(trx, {
    accountId: setup.account_id, card: outcome.card, customerRef: setup.customer_ref, billingEmail: setup.billing_email,
    userId: setup.user_id, now, gateway: setup.gateway,
  });
}

/**
 * GET /payment/details ?accountId (owners and authorised payment users): an open setup page of the
 * account is confirmed with the gateway first.
 */
export async function paymentDetails(deps: PaymentDeps, caller: Caller, query: { accountId: number }): Promise<PaymentDetails> {
  const account = await billingAccount(deps.db, caller, query.accountId, 'pay');
  const open = await openSetups(deps.db, account.id);
  for (const setup of open) {
    const outcome = await deps.gateway.retrieve(setup.ref);
    await deps.db.transaction().execute((trx) => confirmSetup(trx, deps, outcome));
  }
  return detailsOf(deps, account.id, await territoryOf(deps.db, account.id));
}

/** PUT /payment/cap ?accountId: most a month's automatic renewals may cost (tax included); null: no cap. */
export async function setMonthlyCap(deps: PaymentDeps, caller: Caller, input: { query: { accountId: number }; body: { monthlyCap: number | null } }): Promise<PaymentDetails> {
  const account = await ownedAccount(deps.db, caller, input.query.accountId);
  const now = secondsOf(deps.clock);
  const values = { monthly_cap: input.body.monthlyCap, updated_at: now, updated_by: caller.id };
  await upsertMonthlyCap(deps.db, account.id, values);
  return detailsOf(deps, account.id, await territoryOf(deps.db, account.id));
}

/**
 * GET /payment/generate ?accountId, backUrl: the gateway's page that saves (or replaces) the card,
 * for owners and authorised payment users. The browser comes back to the services page (or
 * backUrl) with billing=card-saved or cancelled.
 */
export async function generatePayment(
  deps: PaymentDeps,
  caller: Caller & { email: string; personalName: string | null },
  input: { query: { accountId: number; backUrl?: string }; origin: string },
): Promise<{ checkoutUrl: string }> {
  const account = await billingAccount(deps.db, caller, input.query.accountId, 'pay');
  const back = input.query.backUrl ?? `${baseUrlOf(deps, input.origin)}/portal/administration/services?accountId=${account.id}`;
  const successUrl = portalReturnUrl(deps, input.origin, back, { billing: 'card-saved' });
  const cancelUrl = portalReturnUrl(deps, input.origin, back, { billing: 'cancelled' });
  const card = await savedCard(deps.db, account.id);
  const customerRef = await customerRefOf(deps.db, account.id);
  const billingEmail = card?.billing_email ?? caller.email;
  const page = await deps.gateway.createSetupPage({
    idempotencyKey: `setup:${account.id}:${randomUUID()}`,
    customer: { ref: customerRef, email: billingEmail, name: caller.personalName ?? billingEmail },
    reference: String(account.id),
    successUrl,
    cancelUrl,
  });
  await insertSetup(deps.db, { ref: page.ref, account_id: account.id, user_id: caller.id, gateway: deps.gateway.name, customer_ref: customerRef, billing_email: billingEmail, created_at: secondsOf(deps.clock) });
  return { checkoutUrl: page.url };
}

/** DELETE /payment ?accountId: the card is detached at the gateway and forgotten here. */
export async function deletePayment(deps: PaymentDeps, caller: Caller, query: { accountId: number }): Promise<{ msg: string }> {
  const account = await ownedAccount(deps.db, caller, query.accountId);
  const card = await savedCard(deps.db, account.id);
  if (!card) throw notFound('This account has no saved card');
  // Another account may have been saved with the same method (one checkout for several accounts).
  const shared = await otherAccountWithMethod(deps.db, card.method_ref, account.id);
  if (!shared) await deps.gateway.detachCard(card.customer_ref, card.method_ref);
  // The card read above, not whatever card the account has now: one saved meanwhile (a setup page
  // completed while this ran) is another card, which the owner has not asked to remove.
  await deleteSavedCard(deps.db, account.id, card.method_ref);
  return { msg: 'Saved card removed: automatic renewals stop until a card is saved again' };
}
