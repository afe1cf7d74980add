import { conflict } from '../../errors';
import { secondsOf } from '../../platform/clock';
import * as Q from './queries';
import type { Deps } from '../../kernel/deps';
import type { RunningHashes } from './runningHash';

// An end whose stored chunks do not make the client's file: which chunk was damaged in storage.

export const damagedMessage = (idx: number) => `Chunk ${idx} was damaged in storage: send the file again from chunk ${idx}, then end the upload`;

/**
 * When the stored chunks do not make the file the client hashed, the first chunk whose bytes no
 * longer match the digest taken when it arrived (torn by a power cut before its sync) and every
 * chunk after it are forgotten, and the end answers 409: the upload resumes from that chunk. When
 * every chunk is whole, the client's hash is simply not the file's (the caller's 400).
 */
export async function dropDamagedChunks(deps: Pick<Deps, 'db' | 'clock' | 'fileStorage'> & { runningHashes?: RunningHashes }, fileId: string, count: number): Promise<void> {
  const digests = await Q.chunkDigests(deps.db, fileId);
  if (digests.length !== count) return;
  const damaged = await deps.fileStorage.damagedChunk(fileId, digests);
  if (damaged === null) return;
  const dropped = await deps.db.transaction().execute(async (trx) => {
    const row = await Q.lockUpload(trx, fileId);
    if (!row || row.status === 'complete' || row.chunk_count !== count) return false;
    await Q.dropChunksFrom(trx, fileId, damaged, secondsOf(deps.clock));
    return true;
  });
  deps.runningHashes?.forget(fileId);
  throw conflict(dropped ? damagedMessage(damaged) : 'The upload changed while it was ending: end it again');
}
