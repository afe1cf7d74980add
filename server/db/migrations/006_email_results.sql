-- Email validation results (POST /api/email/verify): kept so GET /verify/{id} answers the same
-- result again, for the account that paid for it only. The id is random (not a counter), so it says
-- nothing about how many checks an account or the service has made. Timestamps are seconds.
create table email_results (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{16,40}$'),
  account_id integer not null references groups (id) on delete cascade,
  -- The API token of the call; null for a portal user's service JWT.
  token_id integer references tokens (id) on delete set null,
  user_id integer references users (id) on delete set null,
  email text not null check (length(email) <= 512),
  result text not null check (result in ('valid', 'invalid', 'catch-all', 'unknown', 'disposable', 'role')),
  -- The whole verdict as the engine gave it (contract/email/schemas.ts emailVerdict).
  verdict jsonb not null,
  created_at bigint not null
);
create index email_results_account on email_results (account_id, created_at desc);
