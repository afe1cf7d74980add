-- Revocable sessions (issue 9, finding 2): every token carries the id of its session row; the
-- token is honoured only while the row is there, unrevoked and unexpired. 'api' rows are the
-- exported tokens of /auth with an expiryTime: a password change or reset leaves them, a lock ends them.
create table sessions (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('session', 'api')),
  created_at bigint not null,
  expires_at bigint not null,
  revoked_at bigint
);
create index sessions_user on sessions (user_id);
create index sessions_expires on sessions (expires_at);
