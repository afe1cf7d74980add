-- Chunked uploads of the file servers (spec section 7, File server per territory). The bytes live in
-- the file storage (server/platform/fileStorage.ts, a shared folder by default); these rows say which
-- chunks count. A chunk row is written only after its file is renamed into place, so a crash between
-- leaves at worst an orphan file that the next put of that chunk replaces.
create table uploads (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  account_id integer not null references groups (id) on delete cascade,
  territory text not null check (territory in ('uk', 'australia')),
  file_prefix text not null,
  status text not null default 'open' check (status in ('open', 'complete')),
  -- The size declared at begin (optional), so the server knows how many chunks make the file.
  declared_bytes bigint,
  chunk_count integer not null default 0,
  bytes bigint not null default 0,
  sha256 text,
  created_at bigint not null,
  updated_at bigint not null
);
create index uploads_account on uploads (account_id, created_at);

create table upload_chunks (
  upload_id text not null references uploads (id) on delete cascade,
  idx integer not null check (idx >= 0),
  size integer not null,
  sha256 text not null,
  created_at bigint not null,
  primary key (upload_id, idx)
);
