import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

// Where uploaded files live. Every server process reaches the same storage (a shared folder by
// default), so a chunk sent to one process and the end sent to another find the same bytes; the
// database says which chunks count, the storage only holds them. Writes are atomic: a temporary
// file is written and synced, then renamed into place, so a crash leaves at worst an orphan
// temporary file and never a half-written chunk under its real name.

/** A chunk written to a temporary file and synced, not yet under its real name. */
export type StagedChunk = {
  /** Renames it into place (replacing an orphan a crash left behind) and syncs the folder. */
  commit(): Promise<void>;
  /** Removes the temporary file (the chunk was refused). */
  discard(): Promise<void>;
};

/** The assembled file, hashed while it was written; kept or discarded by the caller's verdict. */
export type AssembledFile = { sha256: string; bytes: number };

export interface FileStorage {
  /** Writes a chunk's bytes to a temporary file and syncs it; commit() puts it in place. */
  stageChunk(uploadId: string, idx: number, data: Uint8Array): Promise<StagedChunk>;
  /** Stages and commits in one step. */
  putChunk(uploadId: string, idx: number, data: Uint8Array): Promise<void>;
  /** The indexes of the chunks in place (orphans of a crash included: the database says which count). */
  listChunks(uploadId: string): Promise<number[]>;
  /** One chunk's bytes as a stream. */
  readChunk(uploadId: string, idx: number): Readable;
  /**
   * Concatenates chunks 0 .. count-1 into the upload's file, hashing the bytes with SHA-256 as they
   * stream through; the file is put in place only when `accept` says yes to the digest, else the
   * temporary copy is removed and the chunks stay for another try.
   */
  concatenate(uploadId: string, count: number, accept: (file: AssembledFile) => boolean): Promise<AssembledFile & { kept: boolean }>;
  /**
   * Writes a whole file (a results zip, a test sample) from a stream of bytes, hashed as they pass:
   * to a temporary file, synced, then renamed over any earlier one, so a crash part way leaves the
   * earlier file (or none) and a run again replaces it.
   */
  writeFile(uploadId: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<AssembledFile>;
  /** The assembled file, or null when there is none. */
  readFile(uploadId: string): Promise<{ stream: Readable; bytes: number } | null>;
  /** Removes the chunks (once assembled) or everything of the upload. */
  delete(uploadId: string, what?: 'chunks' | 'all'): Promise<void>;
}

const safeId = (uploadId: string) => {
  // The id names a folder: never let one climb out of the storage folder.
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(uploadId)) throw new Error(`Not a storage id: ${uploadId}`);
  return uploadId;
};

async function syncFolder(path: string): Promise<void> {
  // A rename is durable once the folder is synced; some file systems refuse it (then it is moot).
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch {
    /* not supported here */
  } finally {
    await handle.close();
  }
}

/** Writes `source` to `path`, hashing it as it passes, and syncs it; removes the file on a failure. */
async function writeSynced(path: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<AssembledFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  const out = createWriteStream(path);
  try {
    for await (const piece of source) {
      hash.update(piece);
      bytes += piece.length;
      if (!out.write(piece)) await once(out, 'drain');
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    const handle = await open(path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    out.destroy();
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The shared-folder storage: <root>/<uploadId>/chunks/<idx> and <root>/<uploadId>/file. */
export function folderStorage(root: string): FileStorage {
  const uploadDir = (uploadId: string) => join(root, safeId(uploadId));
  const chunkDir = (uploadId: string) => join(uploadDir(uploadId), 'chunks');
  const chunkPath = (uploadId: string, idx: number) => join(chunkDir(uploadId), String(idx));
  const filePath = (uploadId: string) => join(uploadDir(uploadId), 'file');
  const temp = (path: string) => `${path}.${randomBytes(6).toString('hex')}.tmp`;

  const storage: FileStorage = {
    async stageChunk(uploadId, idx, data) {
      const dir = chunkDir(uploadId);
      await mkdir(dir, { recursive: true });
      const final = chunkPath(uploadId, idx);
      const staged = temp(final);
      const handle = await open(staged, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return {
        async commit() {
          await rename(staged, final);
          await syncFolder(dir);
        },
        discard: () => unlink(staged).catch(() => undefined),
      };
    },

    async putChunk(uploadId, idx, data) {
      await (await storage.stageChunk(uploadId, idx, data)).commit();
    },

    async listChunks(uploadId) {
      let names: string[];
      try {
        names = await readdir(chunkDir(uploadId));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return names.filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    },

    readChunk(uploadId, idx) {
      return createReadStream(chunkPath(uploadId, idx));
    },

    async concatenate(uploadId, count, accept) {
      const final = filePath(uploadId);
      const staged = temp(final);
      const chunks = async function* () {
        for (let idx = 0; idx < count; idx++) yield* storage.readChunk(uploadId, idx) as AsyncIterable<Buffer>;
      };
      const file = await writeSynced(staged, chunks());
      if (!accept(file)) {
        await unlink(staged).catch(() => undefined);
        return { ...file, kept: false };
      }
      await rename(staged, final);
      await syncFolder(uploadDir(uploadId));
      return { ...file, kept: true };
    },

    async writeFile(uploadId, source) {
      const dir = uploadDir(uploadId);
      await mkdir(dir, { recursive: true });
      const final = filePath(uploadId);
      const staged = temp(final);
      const file = await writeSynced(staged, source);
      await rename(staged, final);
      await syncFolder(dir);
      return file;
    },

    async readFile(uploadId) {
      const path = filePath(uploadId);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), bytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(uploadId, what = 'all') {
      await rm(what === 'all' ? uploadDir(uploadId) : chunkDir(uploadId), { recursive: true, force: true });
    },
  };
  return storage;
}
