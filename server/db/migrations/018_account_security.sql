-- Account security: second factors (an authenticator app's secret, passkeys, recovery codes), the
-- second step of sign-in as a stage of the session row, what the sessions page shows of a session,
-- a group's two-factor requirement, and the audit trail of every change to these.

-- 'secondFactor': the password was right and a second factor is still wanted; 'enrol': the user must
-- add a second factor before anything else. Only 'full' sessions open the portal's calls.
alter table sessions add column stage text not null default 'full' check (stage in ('full', 'secondFactor', 'enrol'));
alter table sessions add column user_agent text;
alter table sessions add column ip text;
alter table sessions add column last_used_at bigint;

-- One authenticator app per user. Unconfirmed (confirmed_at null) until a code from it is typed;
-- last_step is the last time step a code was accepted for, so no code is accepted twice.
create table totp_factors (
  user_id integer primary key references users (id) on delete cascade,
  secret text not null,
  confirmed_at bigint,
  last_step bigint
);

-- Single-use codes, kept as SHA-256 hashes (each code is 50 random bits).
create table recovery_codes (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null,
  created_at bigint not null,
  used_at bigint
);
create index recovery_codes_user on recovery_codes (user_id) where used_at is null;

-- WebAuthn credentials. id is the credential id (base64url); counter is the authenticator's
-- signature counter, which must grow (0 for authenticators that keep none).
create table passkeys (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null,
  created_at bigint not null,
  last_used_at bigint
);
create index passkeys_user on passkeys (user_id);

-- A challenge the server gave a browser's WebAuthn call, used once: registration (of user_id),
-- usernameless sign-in (no user yet), or the second factor of the half-signed-in session session_id.
create table webauthn_challenges (
  id text primary key,
  purpose text not null check (purpose in ('register', 'login', 'secondFactor')),
  challenge text not null,
  user_id integer references users (id) on delete cascade,
  session_id text references sessions (id) on delete cascade,
  expires_at bigint not null
);
create index webauthn_challenges_expires on webauthn_challenges (expires_at);

-- Its owners require a second factor of everyone in the group and the groups below it.
alter table groups add column require_two_factor boolean not null default false;

create table security_events (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  kind text not null,
  detail text,
  ip text,
  created_at bigint not null
);
create index security_events_user on security_events (user_id, created_at desc);
