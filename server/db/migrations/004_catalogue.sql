-- The catalogue (datasets, plans, their shop filters and comparisons) and what accounts hold of it
-- (subscriptions, bundles of clicks, daily usage). Money is integer minor units (pence or cents) of
-- the plan's territory's currency; timestamps are seconds since the epoch, as everywhere else.

create table datasets (
  id serial primary key,
  name text not null,
  -- A short code shown on plans and subscriptions (PAF, GNAF, EMAIL...).
  dataset_ref text not null unique,
  service text not null check (service in ('addresslookup', 'autocomplete', 'email', 'bankcode', 'name', 'addresscleanse')),
  description text not null default '',
  created_at bigint not null,
  created_by integer references users (id) on delete set null,
  updated_at bigint not null,
  updated_by integer references users (id) on delete set null
);

create table plans (
  id serial primary key,
  name text not null,
  description text not null default '',
  -- No cascade: a dataset in use is not deleted (the service answers 409 first).
  dataset_id integer not null references datasets (id),
  duration_months integer not null check (duration_months between 1 and 120),
  available_start bigint not null check (available_start >= 0),
  available_end bigint check (available_end is null or available_end > available_start),
  calculator text not null check (calculator in ('volume', 'graduated')),
  -- [{ fromClicks, toClicks, pricePer1000 }]: contiguous tiers, checked by tierProblem before writing.
  pricing jsonb not null check (jsonb_typeof(pricing) = 'array' and jsonb_array_length(pricing) > 0),
  territory text not null check (territory in ('uk', 'australia')),
  allow_test boolean not null default false,
  display_order integer not null default 0 check (display_order >= 0),
  -- The newer plan that replaces this one (null: not deprecated).
  deprecated_by_plan_id integer references plans (id) on delete set null check (deprecated_by_plan_id <> id),
  created_at bigint not null,
  created_by integer references users (id) on delete set null,
  updated_at bigint not null,
  updated_by integer references users (id) on delete set null
);
create index plans_dataset on plans (dataset_id);
create index plans_deprecated_by on plans (deprecated_by_plan_id);

create table plan_filters (
  id serial primary key,
  plan_id integer not null references plans (id) on delete cascade,
  description text not null,
  category text not null,
  display_order integer not null default 0 check (display_order >= 0)
);
create index plan_filters_plan on plan_filters (plan_id);

create table plan_comparisons (
  id serial primary key,
  plan_id integer not null references plans (id) on delete cascade,
  description text not null,
  display_order integer not null default 0 check (display_order >= 0)
);
create index plan_comparisons_plan on plan_comparisons (plan_id);

-- One per account and plan: made by the first bundle; disabled rather than deleted.
create table subscriptions (
  id serial primary key,
  account_id integer not null references groups (id) on delete cascade,
  -- No cascade: a plan with subscribers is not deleted (409 first).
  plan_id integer not null references plans (id),
  enabled boolean not null default true,
  -- Clicks bought on each automatic renewal; 0: no automatic renewal.
  renew_clicks integer not null default 0 check (renew_clicks >= 0),
  created_at bigint not null,
  updated_at bigint not null,
  unique (account_id, plan_id)
);
create index subscriptions_plan on subscriptions (plan_id);

-- Clicks of one plan for one account, usable from start_date until end_date. Keyed to the
-- subscription, so a bundle never exists without one.
create table bundles (
  id serial primary key,
  account_id integer not null,
  plan_id integer not null,
  clicks integer not null check (clicks > 0),
  used_clicks integer not null default 0 check (used_clicks >= 0 and used_clicks <= clicks),
  -- bigint: a large quantity at a high rate passes 2^31 minor units.
  price bigint not null check (price >= 0),
  start_date bigint not null check (start_date >= 0),
  end_date bigint not null check (end_date > start_date),
  source text not null check (source in ('staff', 'shop', 'renewal')),
  created_at bigint not null,
  created_by integer references users (id) on delete set null,
  foreign key (account_id, plan_id) references subscriptions (account_id, plan_id) on delete cascade
);
create index bundles_subscription on bundles (account_id, plan_id, end_date);

-- Clicks used per account, plan, day (seconds at UTC midnight), token (null: the portal itself) and
-- country (ISO code, '' when unknown); metering adds to a row with one upsert on the unique key.
-- token_id gets its foreign key when the tokens table comes.
create table usage_daily (
  account_id integer not null,
  plan_id integer not null,
  day bigint not null check (day >= 0 and day % 86400 = 0),
  token_id integer,
  country text not null default '',
  clicks bigint not null default 0 check (clicks >= 0),
  foreign key (account_id, plan_id) references subscriptions (account_id, plan_id) on delete cascade
);
create unique index usage_daily_key on usage_daily (account_id, plan_id, day, (coalesce(token_id, 0)), country);
