import { orderTotals, salesTax } from '../contract/shared/shop';
import type { Trx } from './db';
import type { Billing } from './db/shopSchema';
import { sellerOf } from './modules/shop/index';
import { loadConfig } from './config';

// The demo's payments (seed version 5): Acme UK has a saved test card (the test gateway's success
// card, so automatic renewal and the Billing section work at once), a monthly cap on renewals, Max
// Member authorised to pay, and one past shop order (its Email Validation UK bundle) with invoice
// UK-000001, so the billing history is not empty. Every write finds before it adds.

const demoOrderKey = 'demo:acme-uk:first-order';
const demoMethod = 'pm_test_demo_acme_uk';

export async function seedShop(trx: Trx, now: number, people: { ownerId: number | null; memberId: number | null }): Promise<void> {
  const account = await trx.selectFrom('groups').select(['id', 'name', 'parent_id']).where('name', '=', 'Acme UK').where('type', '=', 'account').executeTakeFirst();
  // A demo account deleted since stays deleted.
  if (!account) return;
  const customerRef = `account-${account.id}`;
  const billing: Billing = {
    name: 'Olive Owner', company: 'Acme Trading', email: 'owner@example.com', address1: '1 Acme Way', address2: '', address3: '', address4: '',
    town: 'London', county: '', postcode: 'EC1A 1BB', country: 'United Kingdom',
  };

  await trx
    .insertInto('testgw_methods')
    .values({ id: demoMethod, customer_ref: customerRef, card_kind: 'success', brand: 'Visa', last_four: '4242', expiry_month: 12, expiry_year: 2030, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await trx
    .insertInto('payment_methods')
    .values({
      account_id: account.id, gateway: 'test', customer_ref: customerRef, method_ref: demoMethod, brand: 'Visa', last_four: '4242',
      expiry_month: 12, expiry_year: 2030, billing_email: billing.email, created_at: now, updated_at: now, updated_by: people.ownerId,
    })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  // £2,000 a month on automatic renewals, VAT included: room for one renewal of Address Lookup UK (£1,200 with VAT).
  await trx
    .insertInto('payment_settings')
    .values({ account_id: account.id, monthly_cap: 200_000, updated_at: now, updated_by: people.ownerId })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  if (people.memberId !== null) {
    await trx
      .insertInto('payment_users')
      .values({ account_id: account.id, user_id: people.memberId, created_at: now, created_by: people.ownerId })
      .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
      .execute();
  }

  if (await trx.selectFrom('orders').select('id').where('idempotency_key', '=', demoOrderKey).executeTakeFirst()) return;
  const bundle = await trx
    .selectFrom('bundles')
    .innerJoin('plans', 'plans.id', 'bundles.plan_id')
    .innerJoin('datasets', 'datasets.id', 'plans.dataset_id')
    .select(['bundles.id', 'bundles.plan_id', 'bundles.clicks', 'bundles.price', 'bundles.created_at', 'plans.name', 'datasets.dataset_ref', 'datasets.service'])
    .where('bundles.account_id', '=', account.id)
    .where('plans.name', '=', 'Email Validation UK')
    .where('bundles.source', '=', 'shop')
    .where('bundles.order_id', 'is', null)
    .orderBy('bundles.id')
    .limit(1)
    .executeTakeFirst();
  if (!bundle) return;
  const paidAt = Number(bundle.created_at);
  const totals = orderTotals([Number(bundle.price)], 'uk');
  const order = await trx
    .insertInto('orders')
    .values({
      kind: 'shop', status: 'paid', territory: 'uk', organisation_id: account.parent_id, user_id: people.ownerId, idempotency_key: demoOrderKey, gateway: 'test',
      gateway_ref: 'cs_test_demo_acme_uk_first_order', ...totals, tax_rate_bp: salesTax.uk.rateBasisPoints, currency: 'GBP', billing: JSON.stringify(billing),
      back_url: null, paid_url: null, created_at: paidAt, updated_at: paidAt, paid_at: paidAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_lines')
    .values({
      order_id: order.id, line_no: 1, account_id: account.id, account_name: account.name, plan_id: bundle.plan_id, plan_name: bundle.name,
      dataset_ref: bundle.dataset_ref, service: bundle.service, clicks: bundle.clicks, price: Number(bundle.price), bundle_id: bundle.id,
    })
    .execute();
  await trx.updateTable('bundles').set({ order_id: order.id }).where('id', '=', bundle.id).execute();
  const counter = await trx
    .updateTable('invoice_numbers')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('territory', '=', 'uk')
    .returning('last_number')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('invoices')
    .values({
      territory: 'uk', number: counter.last_number, order_id: order.id, issued_at: paidAt, ...totals, tax_rate_bp: salesTax.uk.rateBasisPoints, currency: 'GBP',
      buyer: JSON.stringify(billing), // The seller as this process is configured (SELLER_*), as a live invoice would print it.
      seller: JSON.stringify(sellerOf({ config: loadConfig(process.env) }, 'uk')),
    })
    .execute();
}
