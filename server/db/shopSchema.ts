import type { Billing } from '../../contract/shared/shop';
import type { ColumnType, Generated } from 'kysely';
import type { DqService } from '../../contract/shared/catalogue';
import type { CreditNoteKind, OrderKind, OrderStatus } from '../../contract/shared/shop';
import type { Territory } from '../../contract/shared/territory';

// Row types of migrations 007 (the shop, payments, invoices and the embedded test gateway) and 008
// (payment setups).

export type { Billing };

/** A jsonb column: read as T, written as its JSON text (as plans.pricing is). */
type Json<T> = ColumnType<T, string, string>;

export interface OrdersTable {
  id: Generated<number>;
  kind: OrderKind;
  status: Generated<OrderStatus>;
  territory: Territory;
  organisation_id: number | null;
  user_id: number | null;
  idempotency_key: string;
  gateway: string;
  gateway_ref: string | null;
  net: number;
  tax: number;
  total: number;
  tax_rate_bp: number;
  currency: 'GBP' | 'AUD';
  billing: Json<Billing>;
  back_url: string | null;
  paid_url: string | null;
  failure: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
}

export interface OrderLinesTable {
  order_id: number;
  line_no: number;
  account_id: number | null;
  account_name: string;
  plan_id: number | null;
  plan_name: string;
  dataset_ref: string;
  service: DqService;
  clicks: number;
  price: number;
  bundle_id: number | null;
}

export interface InvoiceNumbersTable {
  territory: Territory;
  last_number: number;
}

/** A credit note against an invoice (migration 014): a paid bundle ended early, refunded or credited. */
export interface CreditNotesTable {
  id: Generated<number>;
  territory: Territory;
  number: number;
  invoice_id: number;
  bundle_id: number | null;
  account_id: number | null;
  kind: CreditNoteKind;
  reason: string;
  issued_at: number;
  net: number;
  tax: number;
  total: number;
  tax_rate_bp: number;
  currency: string;
  plan_name: string;
  clicks: number;
  unused_clicks: number;
  created_by: number | null;
}

/** The seller as printed on an invoice (config: name, address, VAT or ABN number). */
export type Seller = { name: string; address: string[]; taxNumber: string; email: string };

export interface InvoicesTable {
  id: Generated<number>;
  territory: Territory;
  number: number;
  order_id: number;
  issued_at: number;
  net: number;
  tax: number;
  total: number;
  tax_rate_bp: number;
  currency: string;
  buyer: Json<Billing>;
  seller: Json<Seller>;
}

export interface PaymentMethodsTable {
  account_id: number;
  gateway: string;
  customer_ref: string;
  method_ref: string;
  brand: string;
  last_four: string;
  expiry_month: number;
  expiry_year: number;
  billing_email: string;
  created_at: number;
  updated_at: number;
  updated_by: number | null;
}

export interface PaymentUsersTable {
  account_id: number;
  user_id: number;
  created_at: number;
  created_by: number | null;
}

export interface PaymentSettingsTable {
  account_id: number;
  monthly_cap: number | null;
  updated_at: number;
  updated_by: number | null;
}

export interface PaymentEventsTable {
  gateway: string;
  event_id: string;
  type: string;
  received_at: number;
}

export interface RenewalNoticesTable {
  subscription_id: number;
  period: string;
  reason: string;
  created_at: number;
}

export interface TestGwSessionsTable {
  id: string;
  mode: 'payment' | 'setup';
  idempotency_key: string;
  amount: number;
  currency: string;
  description: string;
  customer_ref: string;
  reference: string;
  /** The page offers to keep the card (the merchant asked); save_card: the customer ticked it. */
  offer_save: Generated<boolean>;
  save_card: Generated<boolean>;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'requires_confirmation' | 'processing' | 'succeeded' | 'declined' | 'cancelled';
  method_ref: string | null;
  failure: string | null;
  created_at: number;
  completed_at: number | null;
}

export interface TestGwMethodsTable {
  id: string;
  customer_ref: string;
  card_kind: string;
  brand: string;
  last_four: string;
  expiry_month: number;
  expiry_year: number;
  detached: Generated<boolean>;
  created_at: number;
}

export interface TestGwChargesTable {
  id: string;
  idempotency_key: string;
  method_ref: string;
  amount: number;
  currency: string;
  reference: string;
  status: 'succeeded' | 'declined';
  failure: string | null;
  created_at: number;
}

/** Migration 008: a hosted page saving an account's card, confirmed by webhook or when the browser returns. */
export interface PaymentSetupsTable {
  ref: string;
  account_id: number;
  user_id: number | null;
  gateway: string;
  customer_ref: string;
  billing_email: string;
  status: Generated<'open' | 'succeeded' | 'declined' | 'cancelled'>;
  created_at: number;
  completed_at: number | null;
}

export interface ShopTables {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  invoice_numbers: InvoiceNumbersTable;
  invoices: InvoicesTable;
  credit_note_numbers: InvoiceNumbersTable;
  credit_notes: CreditNotesTable;
  payment_methods: PaymentMethodsTable;
  payment_users: PaymentUsersTable;
  payment_settings: PaymentSettingsTable;
  payment_events: PaymentEventsTable;
  renewal_notices: RenewalNoticesTable;
  testgw_sessions: TestGwSessionsTable;
  testgw_methods: TestGwMethodsTable;
  testgw_charges: TestGwChargesTable;
  payment_setups: PaymentSetupsTable;
}
