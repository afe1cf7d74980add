import { createHash, type Hash } from 'node:crypto';

// The SHA-256 of an upload's chunks so far, kept by the process that received them, so that ending
// the upload need not read its bytes back. Only a shortcut: the storage holds the truth, and an end
// that finds no hash here (the chunks went to another process, or this one restarted) or a hash that
// does not match reads the chunks again. A hash moves on only once its chunk's row is committed.
// Its digest after each chunk is what that chunk's row keeps (prefix_sha256, migration 012), so a
// chunk this process takes in order is hashed once, as part of the file.

/**
 * The hash of chunks 0 .. next-1, made by extend() and not yet committed, with the digest of the
 * chunks before the last (`before`, null for chunk 0): the digest that chunk next-2's row must hold
 * for this hash to be of the chunks the storage holds.
 */
export type Extended = { fileId: string; next: number; hash: Hash; before: string | null };

export type RunningHashes = ReturnType<typeof runningHashes>;

/** At most `limit` uploads' hashes (the least recently moved on are dropped first). */
export function runningHashes(limit = 1000) {
  const held = new Map<string, { next: number; hash: Hash }>();
  return {
    /** The hash with `data` as chunk `idx`, when this process holds the hash of the chunks before it. */
    extend(fileId: string, idx: number, data: Uint8Array): Extended | null {
      const entry = held.get(fileId);
      if (idx === 0) return { fileId, next: 1, hash: createHash('sha256').update(data), before: null };
      if (entry?.next !== idx) return null;
      return { fileId, next: idx + 1, hash: entry.hash.copy().update(data), before: entry.hash.copy().digest('hex') };
    },
    /** Chunk next-1 is stored and counted: its hash is now the upload's. */
    commit(extended: Extended | null): void {
      if (!extended) return;
      const current = held.get(extended.fileId);
      if ((current?.next ?? 0) !== extended.next - 1) return;
      held.delete(extended.fileId);
      held.set(extended.fileId, { next: extended.next, hash: extended.hash });
      for (const oldest of held.keys()) {
        if (held.size <= limit) break;
        held.delete(oldest);
      }
    },
    /** The hex digest of chunks 0 .. count-1, or null when this process does not hold it. */
    digest(fileId: string, count: number): string | null {
      const entry = held.get(fileId);
      return entry?.next === count ? entry.hash.copy().digest('hex') : null;
    },
    forget(fileId: string): void {
      held.delete(fileId);
    },
  };
}
