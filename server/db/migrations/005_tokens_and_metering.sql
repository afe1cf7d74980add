-- API tokens (spec section 3, Token), what the meter needs beside usage_daily, and the audit of
-- token changes. Tokens are never removed while their usage is reported: DELETE /tokens marks
-- deleted_at (the tag stays on the usage reports, the token stops working at once); only deleting
-- the account takes them away. Timestamps are seconds since the epoch.

create table tokens (
  id serial primary key,
  -- The account (a group of type account) the token belongs to: the spec's parentId.
  account_id integer not null references groups (id) on delete cascade,
  -- server: called from a back end, restricted by IP ranges; browser: called from web pages,
  -- restricted by the referrer host.
  type text not null check (type in ('server', 'browser')),
  tag text not null check (length(tag) between 1 and 60),
  locked boolean not null default false,
  -- CIDR networks (IPv4 or IPv6) the token may be used from; empty: anywhere.
  ip_ranges text[] not null default '{}',
  -- Host pattern of the page that may call with it ('*.example.com'); null: any.
  referrer text,
  -- End of validity (seconds); 0 is the spec's default 1970-01-01 and means none.
  expiry bigint not null default 0 check (expiry >= 0),
  -- The data-quality services (contract/shared/catalogue.ts dqServices) it may call.
  services text[] not null check (cardinality(services) > 0),
  -- Most clicks a UTC day the token may spend; null: no cap.
  daily_cap integer check (daily_cap is null or daily_cap > 0),
  created_at bigint not null,
  created_by integer references users (id) on delete set null,
  updated_at bigint not null,
  updated_by integer references users (id) on delete set null,
  deleted_at bigint
);
create unique index tokens_tag on tokens (account_id, lower(tag)) where deleted_at is null;

-- An exported API token is a session of kind 'api' (GET /auth with one year's expiry) bound to a
-- token: the meter applies that token's lock, expiry, services, IP ranges, referrer and cap.
alter table sessions add column token_id integer references tokens (id) on delete cascade;
create index sessions_token on sessions (token_id) where token_id is not null;

alter table usage_daily add constraint usage_daily_token foreign key (token_id) references tokens (id);
create index usage_daily_account_day on usage_daily (account_id, day);

-- Clicks a token spent per UTC day, for its daily cap: one upsert that refuses past the cap.
create table token_day_usage (
  token_id integer not null references tokens (id) on delete cascade,
  day bigint not null check (day >= 0 and day % 86400 = 0),
  clicks integer not null check (clicks >= 0),
  primary key (token_id, day)
);

-- Who did what to a token (create, update, lock, unlock, export, delete, cap), kept after delete.
create table token_audit (
  id serial primary key,
  account_id integer not null references groups (id) on delete cascade,
  token_id integer references tokens (id) on delete set null,
  token_tag text not null,
  user_id integer references users (id) on delete set null,
  action text not null check (action in ('create', 'update', 'lock', 'unlock', 'export', 'delete', 'cap')),
  detail text not null default '',
  at bigint not null
);
create index token_audit_account on token_audit (account_id, at desc);

-- Usage alerts an owner sets per subscription: percentages of the clicks bought (active bundles).
create table usage_alerts (
  account_id integer not null,
  plan_id integer not null,
  thresholds integer[] not null check (cardinality(thresholds) between 1 and 10 and 1 <= all(thresholds) and 100 >= all(thresholds)),
  updated_at bigint not null,
  updated_by integer references users (id) on delete set null,
  primary key (account_id, plan_id),
  foreign key (account_id, plan_id) references subscriptions (account_id, plan_id) on delete cascade
);

-- One row per crossing mailed: the threshold and the clicks bought at the time (buying more arms
-- the alert again), so a crossing is mailed once however many processes meter at once.
create table usage_alert_marks (
  account_id integer not null,
  plan_id integer not null,
  threshold integer not null,
  clicks_total bigint not null,
  sent_at bigint not null,
  primary key (account_id, plan_id, threshold, clicks_total),
  foreign key (account_id, plan_id) references subscriptions (account_id, plan_id) on delete cascade
);
