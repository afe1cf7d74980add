-- A chunk's row keeps one of two SHA-256 digests. The process that took chunks 0 .. idx-1 holds
-- their running hash, and the digest of chunks 0 .. idx (`prefix_sha256`) then costs nothing: the
-- chunk is hashed once, as part of the file. A chunk taken without it (by another process, or after
-- a restart) keeps its own digest (`sha256`). Either one finds a chunk damaged in storage.
alter table upload_chunks alter column sha256 drop not null;
alter table upload_chunks add column prefix_sha256 text;
alter table upload_chunks add constraint upload_chunks_one_digest check ((sha256 is null) <> (prefix_sha256 is null));
