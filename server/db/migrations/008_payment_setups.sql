-- Hosted pages that save or replace an account's card (GET /payment/generate). Kept so the card is
-- stored when the browser comes back (GET /payment/details asks the gateway about an open one) even
-- if the gateway's setup webhook has not arrived, and so the webhook knows whose email to keep.
create table payment_setups (
  ref text primary key,
  account_id integer not null references groups (id) on delete cascade,
  user_id integer references users (id) on delete set null,
  gateway text not null,
  customer_ref text not null,
  billing_email text not null,
  status text not null default 'open' check (status in ('open', 'succeeded', 'declined', 'cancelled')),
  created_at bigint not null,
  completed_at bigint
);
create index payment_setups_open on payment_setups (account_id) where status = 'open';
