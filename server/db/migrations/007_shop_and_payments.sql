-- The shop and payments: orders and their lines, invoices numbered without gaps per territory, the
-- account's saved card, authorised payment users, the cap on automatic renewals, received webhook
-- events, renewal notices; and the embedded test gateway's own records (testgw_*), which stand for
-- what a real provider keeps on its side. Money is integer minor units; timestamps are seconds.

create table orders (
  id serial primary key,
  kind text not null check (kind in ('shop', 'renewal', 'bureau')),
  status text not null default 'pending' check (status in ('pending', 'paid', 'declined', 'cancelled', 'expired')),
  territory text not null check (territory in ('uk', 'australia')),
  -- The organisation of a checkout (spec: POST /shop/checkout ?organisationId); the account's parent for a renewal.
  organisation_id integer references groups (id) on delete set null,
  user_id integer references users (id) on delete set null,
  -- The same key twice makes one order (checkout header, or renewal:<subscription>:<period>).
  idempotency_key text not null unique check (length(idempotency_key) between 8 and 200),
  gateway text not null,
  -- The gateway's checkout session or payment id, once it made one.
  gateway_ref text unique,
  net bigint not null check (net >= 0),
  tax bigint not null check (tax >= 0),
  total bigint not null check (total = net + tax),
  tax_rate_bp integer not null check (tax_rate_bp >= 0),
  currency text not null check (currency in ('GBP', 'AUD')),
  -- Who pays: name, company, email, address1-4, town, county, postcode, country (printed on the invoice).
  billing jsonb not null,
  back_url text,
  paid_url text,
  -- The gateway's words for a failed payment.
  failure text,
  created_at bigint not null,
  updated_at bigint not null,
  paid_at bigint
);
create index orders_created on orders (created_at desc);
create index orders_organisation on orders (organisation_id, created_at desc);

create table order_lines (
  order_id integer not null references orders (id) on delete cascade,
  line_no integer not null check (line_no >= 1),
  -- No cascade either way: an invoice's lines outlive a deleted account or plan (names are kept).
  account_id integer,
  account_name text not null,
  plan_id integer references plans (id) on delete set null,
  plan_name text not null,
  dataset_ref text not null,
  service text not null,
  clicks integer not null check (clicks > 0),
  price bigint not null check (price >= 0),
  -- The bundle the line became once the order was paid.
  bundle_id integer unique references bundles (id) on delete set null,
  primary key (order_id, line_no)
);
create index order_lines_account on order_lines (account_id);

alter table bundles add column order_id integer references orders (id) on delete set null;

-- The last invoice number of each territory: incremented under its row lock in the transaction that
-- marks the order paid, so numbers have no gaps and no repeats.
create table invoice_numbers (
  territory text primary key check (territory in ('uk', 'australia')),
  last_number integer not null default 0
);
insert into invoice_numbers (territory) values ('uk'), ('australia');

create table invoices (
  id serial primary key,
  territory text not null check (territory in ('uk', 'australia')),
  number integer not null check (number >= 1),
  order_id integer not null unique references orders (id),
  issued_at bigint not null,
  net bigint not null,
  tax bigint not null,
  total bigint not null check (total = net + tax),
  tax_rate_bp integer not null,
  currency text not null,
  -- Buyer as billed at checkout; seller from the configuration at issue time.
  buyer jsonb not null,
  seller jsonb not null,
  unique (territory, number)
);

-- Spec section 3, Saved payment: one card per account, held by the gateway (customer and method refs).
create table payment_methods (
  account_id integer primary key references groups (id) on delete cascade,
  gateway text not null,
  customer_ref text not null,
  method_ref text not null,
  brand text not null,
  last_four text not null check (last_four ~ '^[0-9]{4}$'),
  expiry_month integer not null check (expiry_month between 1 and 12),
  expiry_year integer not null check (expiry_year between 2000 and 2200),
  billing_email text not null,
  created_at bigint not null,
  updated_at bigint not null,
  updated_by integer references users (id) on delete set null
);

-- Spec section 6: payments have authorised users per account (beyond its owners).
create table payment_users (
  account_id integer not null references groups (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  created_at bigint not null,
  created_by integer references users (id) on delete set null,
  primary key (account_id, user_id)
);

-- The owner's cap on a calendar month's automatic renewals (tax included); no row or null: no cap.
create table payment_settings (
  account_id integer primary key references groups (id) on delete cascade,
  monthly_cap bigint check (monthly_cap is null or monthly_cap >= 0),
  updated_at bigint not null,
  updated_by integer references users (id) on delete set null
);

-- Webhook events already handled, so a delivery repeated by the gateway is acknowledged and ignored.
create table payment_events (
  gateway text not null,
  event_id text not null,
  type text not null,
  received_at bigint not null,
  primary key (gateway, event_id)
);

-- One notice per subscription, month and reason when a renewal is not made (cap reached, no card,
-- card declined, plan replaced), so owners are mailed once, not on every sweep.
create table renewal_notices (
  subscription_id integer not null references subscriptions (id) on delete cascade,
  period text not null,
  reason text not null,
  created_at bigint not null,
  primary key (subscription_id, period, reason)
);

-- ---- The embedded test gateway (server/payments/testGateway.ts) --------------------------------

-- A hosted page: a payment (mode payment) or saving a card (mode setup).
create table testgw_sessions (
  id text primary key,
  mode text not null check (mode in ('payment', 'setup')),
  idempotency_key text not null unique,
  amount bigint not null check (amount >= 0),
  currency text not null,
  description text not null,
  customer_ref text not null,
  -- The merchant's reference (our order id or account id), echoed in webhooks.
  reference text not null,
  save_card boolean not null default false,
  success_url text not null,
  cancel_url text not null,
  status text not null check (status in ('open', 'requires_confirmation', 'processing', 'succeeded', 'declined', 'cancelled')),
  method_ref text,
  failure text,
  created_at bigint not null,
  completed_at bigint
);

-- Cards saved at the gateway for off-session charges (the card number itself is never kept: its kind).
create table testgw_methods (
  id text primary key,
  customer_ref text not null,
  card_kind text not null,
  brand text not null,
  last_four text not null,
  expiry_month integer not null,
  expiry_year integer not null,
  detached boolean not null default false,
  created_at bigint not null
);

-- Off-session charges of a saved card (renewals), idempotent on the merchant's key.
create table testgw_charges (
  id text primary key,
  idempotency_key text not null unique,
  method_ref text not null,
  amount bigint not null,
  currency text not null,
  reference text not null,
  status text not null check (status in ('succeeded', 'declined')),
  failure text,
  created_at bigint not null
);
