-- Ending a paid bundle early: staff state a reason, the bundle keeps its row (its usage and invoice
-- point at it) and is marked ended, and a credit note is issued against the invoice that paid for it,
-- numbered without gaps per territory like invoices (UK-CN-000001). Money is integer minor units.

alter table bundles add column ended_at bigint;
alter table bundles add column ended_by integer references users (id) on delete set null;
alter table bundles add column end_reason text check (end_reason is null or length(end_reason) between 1 and 500);
alter table bundles add constraint bundles_ended check ((ended_at is null) = (end_reason is null));

create table credit_note_numbers (
  territory text primary key check (territory in ('uk', 'australia')),
  last_number integer not null default 0
);
insert into credit_note_numbers (territory) values ('uk'), ('australia');

create table credit_notes (
  id serial primary key,
  territory text not null check (territory in ('uk', 'australia')),
  number integer not null check (number >= 1),
  invoice_id integer not null references invoices (id),
  -- One credit note per ended bundle; the bundle row is never deleted while it is paid for.
  bundle_id integer unique references bundles (id) on delete set null,
  account_id integer,
  -- refund: the money goes back to the card that paid; credit: it is held against the next purchase.
  kind text not null check (kind in ('refund', 'credit')),
  reason text not null check (length(reason) between 1 and 500),
  issued_at bigint not null,
  net bigint not null check (net >= 0),
  tax bigint not null check (tax >= 0),
  total bigint not null check (total = net + tax),
  tax_rate_bp integer not null,
  currency text not null,
  -- What the credit note says it credits: the plan, its clicks and how many were unused.
  plan_name text not null,
  clicks integer not null,
  unused_clicks integer not null,
  created_by integer references users (id) on delete set null,
  unique (territory, number)
);
create index credit_notes_invoice on credit_notes (invoice_id);
