import { createHash, randomBytes, webcrypto } from 'node:crypto';
import type { z } from 'zod';
import { resultsFileName } from '../../../contract/bureau/entities';
import type { UploadState } from '../../../contract/files/entities';
import type * as S from '../../../contract/files/schemas';
import { blockedMessages } from '../../../contract/shared/messages';
import type { Territory } from '../../../contract/shared/territory';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { authoriseGroup, type Caller } from '../access/index';
import { dropDamagedChunks } from './damage';
import * as Q from './queries';
import type { Extended, RunningHashes } from './runningHash';

// The file server of one territory (spec section 7): an owner of the account in use begins an
// upload, sends its chunks in order (idx 0, 1, ...), and ends it with the file's SHA-256; the server
// assembles the chunks, checks the hash and keeps the file for its owner to download. Nothing lives
// in memory between calls: the rows say which chunks count and the storage (shared by every
// process) holds the bytes, so any process can take any call of an upload.

export type FileDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'fileStorage'> & { runningHashes?: RunningHashes };

/** Who calls: the signed-in user and the account their session is using (the token's accountId). */
export type FileCaller = { user: Caller; accountId: number | undefined };

export const noAccountMessage = 'Switch to an account first: uploaded files belong to the account you are using';
export const fileNotFound = () => notFound('File not found');
export const hashMismatchMessage = "The file's hash does not match: upload it again";
export const completeMessage = 'This upload is complete: begin a new upload to send another file';

export const tooLargeMessage = (chunkBytes: number) =>
  `A chunk is at most ${chunkBytes.toLocaleString('en-GB')} bytes: send the file in chunks of that size`;
export const chunkTooLarge = (chunkBytes: number) => new AppError(413, tooLargeMessage(chunkBytes));

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** How many chunks a file of `bytes` bytes is sent in. */
export const chunksFor = (bytes: number, chunkBytes: number) => Math.ceil(bytes / chunkBytes);

/** The account the session is using, when the caller owns it (403 otherwise), with its territory. */
export async function ownedAccount(deps: Pick<Deps, 'db'>, caller: FileCaller): Promise<{ id: number; territory: Territory }> {
  if (caller.accountId === undefined) throw forbidden(noAccountMessage);
  await authoriseGroup(deps.db, caller.user, caller.accountId, 'own');
  const account = await Q.accountTerritory(deps.db, caller.accountId);
  if (!account || account.type !== 'account') throw forbidden(noAccountMessage);
  return { id: caller.accountId, territory: account.territory };
}

/**
 * The account the session is using, when the caller owns it and it belongs to this territory's
 * file server (or the bureau's): 403 otherwise (an Australian account on the UK server gets the
 * spec's message).
 */
export async function ownAccount(deps: Pick<Deps, 'db'>, caller: FileCaller, territory: Territory): Promise<number> {
  const account = await ownedAccount(deps, caller);
  if (account.territory !== territory) throw forbidden(blockedMessages.account);
  return account.id;
}

/** The caller's own upload on this server: another user's or account's file is simply not found. */
async function ownUpload(deps: FileDeps, caller: FileCaller, territory: Territory, fileId: string) {
  const accountId = await ownAccount(deps, caller, territory);
  const upload = await Q.findUpload(deps.db, { id: fileId, userId: caller.user.id, accountId, territory });
  if (!upload) throw fileNotFound();
  return upload;
}

export async function beginUpload(
  deps: FileDeps,
  caller: FileCaller,
  territory: Territory,
  query: z.output<typeof S.beginUpload.query>,
): Promise<z.input<typeof S.beginUpload.response>> {
  const accountId = await ownAccount(deps, caller, territory);
  const id = randomBytes(16).toString('hex');
  const now = secondsOf(deps.clock);
  await Q.insertUpload(deps.db, {
    id,
    user_id: caller.user.id,
    account_id: accountId,
    territory,
    file_prefix: query.filePrefix,
    declared_bytes: query.size ?? null,
    created_at: now,
    updated_at: now,
  });
  return { fileId: id };
}

type StoredChunk = { size: number; sha256: string | null; prefix_sha256: string | null };

/**
 * What a stored chunk answers to the same index sent again: the same bytes are fine, others are not.
 * A chunk that kept its own digest is compared by it; one that kept the digest of the file so far,
 * byte by byte with the stored chunk (a rare path: a retry after a lost answer).
 */
async function sameAgain(deps: FileDeps, fileId: string, stored: StoredChunk, body: Uint8Array, idx: number) {
  const same = stored.size === body.length && (stored.sha256 !== null ? stored.sha256 === sha256(body) : await deps.fileStorage.holdsChunk(fileId, idx, body));
  if (!same) throw conflict(`Chunk ${idx} is already stored with different bytes: send the same bytes again, or begin a new upload`);
}

/** The size chunk `idx` must have when the file's size was declared (every chunk full but the last). */
function expectedChunkSize(declared: number, idx: number, chunkBytes: number): number | null {
  const count = chunksFor(declared, chunkBytes);
  if (idx >= count) return null;
  return idx < count - 1 ? chunkBytes : declared - chunkBytes * (count - 1);
}

export async function uploadChunk(
  deps: FileDeps,
  caller: FileCaller,
  territory: Territory,
  query: z.output<typeof S.uploadChunk.query>,
  body: Uint8Array,
): Promise<z.input<typeof S.uploadChunk.response>> {
  const { chunkBytes } = deps.config.files;
  const { fileId, idx } = query;
  const upload = await ownUpload(deps, caller, territory, fileId);
  if (body.length > chunkBytes) throw chunkTooLarge(chunkBytes);
  if (body.length === 0) throw badRequest('A chunk cannot be empty: send its bytes as application/octet-stream');
  const check = async (row: { status: string; chunk_count: number; declared_bytes: number | null }, stored: StoredChunk | undefined) => {
    if (stored) {
      await sameAgain(deps, fileId, stored, body, idx);
      return 'again' as const;
    }
    if (row.status === 'complete') throw conflict(completeMessage);
    if (idx !== row.chunk_count) {
      throw conflict(`Chunk ${idx} is out of order: the server expects chunk ${row.chunk_count} next`);
    }
    if (row.declared_bytes !== null) {
      const expected = expectedChunkSize(row.declared_bytes, idx, chunkBytes);
      if (expected === null) {
        throw badRequest(`Chunk ${idx} is past the end of the file: a file of ${row.declared_bytes} bytes has ${chunksFor(row.declared_bytes, chunkBytes)} chunks`);
      }
      if (body.length !== expected) throw badRequest(`Chunk ${idx} must be ${expected} bytes, not ${body.length}`);
    }
    return 'new' as const;
  };

  // Sent again (a retry after a lost answer, or a resume): answered without writing anything.
  if ((await check(upload, await Q.findChunk(deps.db, fileId, idx))) === 'again') {
    return { fileId, idx, bytes: body.length, nextIdx: upload.chunk_count };
  }

  // The bytes are written outside the transaction (the storage syncs them behind the upload); the
  // row lock then makes this the one chunk `idx` of the upload across every process, and the row is
  // written after the rename. While the thread pool writes, this thread moves the upload's running
  // hash on when this process holds it: the row then keeps the digest of chunks 0 .. idx, and the
  // chunk is hashed once. Otherwise the chunk's own digest is worked out in the thread pool (WebCrypto).
  const hashed: { extended: Extended | null; own?: Promise<ArrayBuffer> } = { extended: null };
  const staged = await deps.fileStorage.stageChunk(fileId, idx, body, () => {
    hashed.extended = deps.runningHashes?.extend(fileId, idx, body) ?? null;
    if (!hashed.extended) hashed.own ??= webcrypto.subtle.digest('SHA-256', body);
  });
  try {
    const ownDigest = async () => ({ sha256: Buffer.from(await (hashed.own ?? webcrypto.subtle.digest('SHA-256', body))).toString('hex') });
    let digest = hashed.extended ? { sha256: null, prefix_sha256: hashed.extended.hash.copy().digest('hex') } : await ownDigest();
    const answer = await deps.db.transaction().execute(async (trx) => {
      const row = await Q.lockUpload(trx, fileId);
      if (!row) throw fileNotFound();
      if ((await check(row, await Q.findChunk(trx, fileId, idx))) === 'again') {
        await staged.discard();
        return { fileId, idx, bytes: body.length, nextIdx: row.chunk_count };
      }
      // The running hash is of the chunks the storage holds only if the chunk before kept the same
      // digest (an end elsewhere may have dropped chunks this process hashed, and others taken them).
      if (hashed.extended?.before && (await Q.prefixDigest(trx, fileId, idx - 1)) !== hashed.extended.before) {
        hashed.extended = null;
        digest = await ownDigest();
      }
      await staged.commit();
      const now = secondsOf(deps.clock);
      await Q.insertChunk(trx, { upload_id: fileId, idx, size: body.length, ...digest, created_at: now });
      await Q.chunkAdded(trx, fileId, body.length, now);
      return { fileId, idx, bytes: body.length, nextIdx: idx + 1 };
    });
    // A chunk taken without this process's running hash leaves that hash behind for good (another
    // process took the chunks before, or an end there dropped chunks this one had hashed): forgotten.
    if (answer.nextIdx === idx + 1) {
      if (hashed.extended) deps.runningHashes?.commit(hashed.extended);
      else deps.runningHashes?.forget(fileId);
    }
    return answer;
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

export async function endUpload(
  deps: FileDeps,
  caller: FileCaller,
  territory: Territory,
  query: z.output<typeof S.endUpload.query>,
): Promise<z.input<typeof S.endUpload.response>> {
  const { chunkBytes } = deps.config.files;
  const { fileId, hash } = query;
  const upload = await ownUpload(deps, caller, territory, fileId);
  const done = (row: { file_prefix: string; bytes: number; sha256: string | null }) => ({ fileId, name: row.file_prefix, bytes: row.bytes, sha256: row.sha256 ?? hash });
  const alreadyComplete = (row: { sha256: string | null } & Parameters<typeof done>[0]) => {
    if (row.sha256 !== hash) throw conflict('This upload is already complete with another hash: begin a new upload to send another file');
    return done(row);
  };
  if (upload.status === 'complete') return alreadyComplete(upload);

  const count = upload.chunk_count;
  const expected = upload.declared_bytes === null ? null : chunksFor(upload.declared_bytes, chunkBytes);
  if ((expected === null && count === 0) || (expected !== null && count < expected)) {
    const of = expected === null ? '' : ` (the file has ${expected} chunks, 0 to ${expected - 1})`;
    throw conflict(`Chunk ${count} is missing${of}: send it, then end the upload`);
  }

  // This process's running hash when it took every chunk; else (or when it differs) the chunks are read.
  const running = deps.runningHashes?.digest(fileId, count);
  const known = running === hash ? { sha256: running, bytes: upload.bytes } : undefined;
  let file;
  try {
    file = await deps.fileStorage.seal(fileId, count, (assembled) => assembled.sha256 === hash, known);
  } catch (error) {
    // The storage failed: if another process ended the same upload meanwhile, its answer stands.
    const now = await Q.findUpload(deps.db, { id: fileId, userId: caller.user.id, accountId: upload.account_id, territory });
    if (now?.status === 'complete') return alreadyComplete(now);
    throw error;
  }
  if (!file.kept) {
    if (!known) await dropDamagedChunks(deps, fileId, count);
    throw badRequest(hashMismatchMessage);
  }

  const result = await deps.db.transaction().execute(async (trx) => {
    const row = await Q.lockUpload(trx, fileId);
    if (!row) throw fileNotFound();
    if (row.status === 'complete') return alreadyComplete(row);
    if (row.chunk_count !== count) throw conflict('More chunks arrived while the upload was ending: end it again');
    await Q.completeUpload(trx, fileId, { sha256: file.sha256, bytes: file.bytes, updated_at: secondsOf(deps.clock) });
    return done({ file_prefix: row.file_prefix, bytes: file.bytes, sha256: file.sha256 });
  });
  deps.runningHashes?.forget(fileId);
  return result;
}

export async function uploadStatus(
  deps: FileDeps,
  caller: FileCaller,
  territory: Territory,
  query: z.output<typeof S.uploadStatus.query>,
): Promise<UploadState> {
  const upload = await ownUpload(deps, caller, territory, query.fileId);
  const held = await Q.chunkIndexes(deps.db, upload.id);
  const { chunkBytes } = deps.config.files;
  return {
    fileId: upload.id,
    filePrefix: upload.file_prefix,
    status: upload.status,
    size: upload.declared_bytes,
    chunks: upload.declared_bytes === null ? null : chunksFor(upload.declared_bytes, chunkBytes),
    held,
    nextIdx: upload.chunk_count,
    bytes: upload.bytes,
    chunkBytes,
    sha256: upload.sha256,
  };
}

export const resultsNotPaidMessage = 'Pay for the results to download them';

/**
 * The owner's complete file, to stream back. A bureau results zip is served to an owner of its
 * account only once paid for (402 before), as AddressCleanseResults.zip.
 */
export async function openFile(deps: FileDeps, caller: FileCaller, territory: Territory, fileId: string) {
  const results = await Q.resultsFileOf(deps.db, fileId);
  if (results) {
    const accountId = await ownAccount(deps, caller, territory);
    if (results.account_id !== accountId) throw fileNotFound();
    if (results.status !== 'paid') throw new AppError(402, resultsNotPaidMessage);
    const zip = await deps.fileStorage.readFile(fileId);
    if (!zip) throw fileNotFound();
    return { ...zip, name: resultsFileName };
  }
  const upload = await ownUpload(deps, caller, territory, fileId);
  if (upload.status !== 'complete') throw conflict('This file is still being uploaded: end its upload first');
  const file = await deps.fileStorage.readFile(fileId);
  if (!file) throw fileNotFound();
  return { ...file, name: upload.file_prefix };
}
