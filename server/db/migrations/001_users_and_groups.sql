-- Timestamps are seconds since the epoch (bigint), as the spec's entities carry them.

create table settings (
  key text primary key,
  value text not null
);

create table users (
  id serial primary key,
  -- The lower-cased email the user logs in with.
  user_name text not null unique,
  email text not null,
  password_hash text not null,
  personal_name text,
  company_name text,
  address1 text,
  address2 text,
  address3 text,
  address4 text,
  town text,
  county text,
  postcode text,
  country text,
  territory text not null default 'uk' check (territory in ('uk', 'australia')),
  roles text[] not null default '{account}',
  validated boolean not null default false,
  locked boolean not null default false,
  is_group boolean not null default false,
  type text,
  sub_type text,
  create_timestamp bigint not null,
  update_timestamp bigint not null,
  activity_timestamp bigint
);

-- Validation and password-reset codes: only a hash is kept; a code is used once, expires, and is
-- void after too many wrong tries.
create table user_codes (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('validate', 'reset')),
  code_hash text not null,
  expires_at bigint not null,
  attempts integer not null default 0,
  used_at bigint,
  created_at bigint not null
);
create index user_codes_user_purpose on user_codes (user_id, purpose);

-- Failed logins, keyed 'user:<name>' or 'ip:<address>', so throttling holds across processes.
create table login_attempts (
  id bigserial primary key,
  key text not null,
  attempted_at bigint not null
);
create index login_attempts_key_time on login_attempts (key, attempted_at);
create index login_attempts_time on login_attempts (attempted_at);

-- Mail kept when no SMTP server is configured, for the operator of the embedded demo to read.
create table outbox (
  id serial primary key,
  from_address text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at bigint not null
);

create table groups (
  id serial primary key,
  parent_id integer references groups (id) on delete cascade,
  name text not null,
  type text not null check (type in ('partner', 'organisation', 'account')),
  subtype text,
  address1 text,
  address2 text,
  address3 text,
  address4 text,
  town text,
  county text,
  postcode text,
  country text,
  territory text not null default 'uk' check (territory in ('uk', 'australia')),
  pending_ownership boolean not null default false,
  charity_psl_number text,
  is_in_verify_process boolean not null default false,
  is_royal_mail_discount boolean not null default false,
  is_os_discount boolean not null default false,
  -- null until staff confirm the charity number valid or invalid.
  charity_valid boolean,
  creation_user_id integer references users (id) on delete set null,
  update_user_id integer references users (id) on delete set null,
  create_timestamp bigint not null,
  update_timestamp bigint not null,
  activity_timestamp bigint
);
create index groups_parent on groups (parent_id);

create table group_users (
  group_id integer not null references groups (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  access_level text not null check (access_level in ('owner', 'sudoowner', 'member', 'manager')),
  create_timestamp bigint not null,
  primary key (group_id, user_id)
);
create index group_users_user on group_users (user_id);
