import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { syncFile, syncFolder, writeStaged } from './fileWrites';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { digestOf, firstDamaged, knownFits, manifestShape, range, safeId, sameBytes, type Manifest } from './storedChunks';

// Where uploaded files live. Every server process reaches the same storage (a shared folder by
// default), so a chunk sent to one process and the end sent to another find the same bytes; the
// database says which chunks count, the storage only holds them. Writes are atomic: a temporary
// file is written, then renamed into place, so a crash of the process leaves at worst an orphan
// temporary file and never a half-written chunk under its real name. A chunk is synced to the disk
// behind the upload (its sync starts once it is in place, while the next chunk travels) and sealing
// waits for every chunk's sync: an ended upload is as durable as a file written and synced, and a
// chunk torn by a power cut before the end is found by its digest when the upload ends (see
// damagedChunk) and sent again. An ended upload's file is its
// chunks, read one after the other: sealing it writes a small manifest (chunk count, bytes, SHA-256)
// and copies nothing, so ending an upload of any size costs no second write of its bytes.

/** A chunk written to a temporary file, not yet under its real name. */
export type StagedChunk = {
  /** Renames it into place (replacing an orphan a crash left behind); its sync to the disk starts behind. */
  commit(): Promise<void>;
  /** Removes the temporary file (the chunk was refused). */
  discard(): Promise<void>;
};

/**
 * What a chunk's bytes are checked against: its own SHA-256, or that of chunks 0 .. idx (kept when
 * the process that took the chunk held the running hash of those before it, so it hashed it once).
 */
export type ChunkDigest = { chunk: string } | { prefix: string };

/** The whole file's digest and size. */
export type AssembledFile = { sha256: string; bytes: number };

export interface FileStorage {
  /**
   * Writes a chunk's bytes to a temporary file; commit() puts it in place. `whileWriting` runs while
   * the bytes are written (CPU work that need not wait for it, such as hashing).
   */
  stageChunk(uploadId: string, idx: number, data: Uint8Array, whileWriting?: () => void): Promise<StagedChunk>;
  /** Stages and commits in one step. */
  putChunk(uploadId: string, idx: number, data: Uint8Array): Promise<void>;
  /** The indexes of the chunks in place (orphans of a crash included: the database says which count). */
  listChunks(uploadId: string): Promise<number[]>;
  /** One chunk's bytes as a stream. */
  readChunk(uploadId: string, idx: number): Readable;
  /**
   * Makes chunks 0 .. count-1 the upload's file when `accept` says yes to their digest: every chunk
   * is synced to the disk, SHA-256 over the chunks as they stream (or `known`, when the caller
   * already has it), then the manifest is written atomically. Refused, nothing changes and the
   * chunks stay for another try.
   */
  seal(uploadId: string, count: number, accept: (file: AssembledFile) => boolean, known?: AssembledFile): Promise<AssembledFile & { kept: boolean }>;
  /**
   * Writes a whole file (a results zip, a test sample) from a stream of bytes, hashed as they pass:
   * to a temporary file, synced, then renamed over any earlier one, so a crash part way leaves the
   * earlier file (or none) and a run again replaces it.
   */
  writeFile(uploadId: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<AssembledFile>;
  /**
   * The file (sealed chunks, or written whole) as one stream, or null when there is none. Its pieces
   * are the reader's (a buffer of their own, never reused), so it may move them to a worker thread.
   */
  readFile(uploadId: string): Promise<{ stream: Readable; bytes: number } | null>;
  /**
   * The first of chunks 0 .. digests.length-1 whose bytes are missing or do not hash to its digest
   * in `digests` (a power cut before its sync, a damaged disk), or null when every one is whole.
   */
  damagedChunk(uploadId: string, digests: readonly ChunkDigest[]): Promise<number | null>;
  /** Whether chunk `idx` is in place with exactly the bytes of `data`. */
  holdsChunk(uploadId: string, idx: number, data: Uint8Array): Promise<boolean>;
  /** Removes everything of the upload. */
  delete(uploadId: string): Promise<void>;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The shared-folder storage: <root>/<uploadId>/chunks/<idx> and, once sealed, <root>/<uploadId>/file.json. */
export function folderStorage(root: string): FileStorage {
  const uploadDir = (uploadId: string) => join(root, safeId(uploadId));
  const chunkDir = (uploadId: string) => join(uploadDir(uploadId), 'chunks');
  const chunkPath = (uploadId: string, idx: number) => join(chunkDir(uploadId), String(idx));
  const manifestPath = (uploadId: string) => join(uploadDir(uploadId), 'file.json');
  // A file written whole (writeFile), or an upload sealed before chunks became the file: <uploadId>/file.
  const copiedPath = (uploadId: string) => join(uploadDir(uploadId), 'file');

  const chunkPieces = (uploadId: string, idx: number) => createReadStream(chunkPath(uploadId, idx), { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>;
  async function* chunksInOrder(uploadId: string, count: number): AsyncGenerator<Buffer> {
    for (let idx = 0; idx < count; idx++) yield* chunkPieces(uploadId, idx);
  }

  const storage: FileStorage = {
    async stageChunk(uploadId, idx, data, whileWriting) {
      const dir = chunkDir(uploadId);
      const final = chunkPath(uploadId, idx);
      // The folder is made for the first chunk (a call that waits behind the disk's other work).
      const staged = await writeStaged(final, data, { sync: false, whileWriting }).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        return writeStaged(final, data, { sync: false, whileWriting });
      });
      return {
        async commit() {
          await rename(staged, final);
          // Synced behind the upload; seal() syncs every chunk again (at once when this got there first)
          // and the folder, so a failure here (a deleted upload, a full disk) is met there, not lost.
          void syncFile(final).catch(() => undefined);
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

    async seal(uploadId, count, accept, known) {
      // A digest from the caller stands only for chunks that are all here, as long as it says.
      let file = known;
      if (file) {
        const sizes = await Promise.all(range(count).map((idx) => stat(chunkPath(uploadId, idx)).then((found) => found.size, () => -1)));
        if (!knownFits(sizes, file)) file = undefined;
      }
      file ??= await digestOf(chunksInOrder(uploadId, count));
      if (!accept(file)) return { ...file, kept: false };
      // As durable as a file written and synced before the manifest says the chunks are the file
      // (four at a time, as many as the thread pool runs: a file of thousands of chunks opens no more).
      for (let from = 0; from < count; from += 4) await Promise.all(range(Math.min(4, count - from)).map((i) => syncFile(chunkPath(uploadId, from + i))));
      await syncFolder(chunkDir(uploadId));
      const manifest: Manifest = { chunks: count, ...file };
      const final = manifestPath(uploadId);
      await rename(await writeStaged(final, Buffer.from(JSON.stringify(manifest))), final);
      await syncFolder(uploadDir(uploadId));
      return { ...file, kept: true };
    },

    async writeFile(uploadId, source) {
      const dir = uploadDir(uploadId);
      await mkdir(dir, { recursive: true });
      const final = copiedPath(uploadId);
      const staged = `${final}.${randomBytes(6).toString('hex')}.tmp`;
      const hash = createHash('sha256');
      let bytes = 0;
      const out = createWriteStream(staged);
      try {
        for await (const piece of source) {
          hash.update(piece);
          bytes += piece.length;
          if (!out.write(piece)) await once(out, 'drain');
        }
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        const handle = await open(staged, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      } catch (error) {
        // Closed before the unlink: a stream still opening its file would make it after the unlink.
        out.destroy();
        if (!out.closed) await once(out, 'close');
        await unlink(staged).catch(() => undefined);
        throw error;
      }
      // A manifest would name chunks instead: the whole file written here is the file.
      await unlink(manifestPath(uploadId)).catch(() => undefined);
      await rename(staged, final);
      await syncFolder(dir);
      return { sha256: hash.digest('hex'), bytes };
    },

    async readFile(uploadId) {
      try {
        const manifest = manifestShape.parse(JSON.parse(await readFile(manifestPath(uploadId), 'utf8')));
        return { stream: Readable.from(chunksInOrder(uploadId, manifest.chunks), { objectMode: false }), bytes: manifest.bytes };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      try {
        const { size } = await stat(copiedPath(uploadId));
        return { stream: createReadStream(copiedPath(uploadId)), bytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    damagedChunk: (uploadId, digests) => firstDamaged(digests, (idx) => chunkPieces(uploadId, idx), missing),

    holdsChunk: (uploadId, idx, data) => sameBytes(chunkPieces(uploadId, idx), data, missing),

    async delete(uploadId) {
      await rm(uploadDir(uploadId), { recursive: true, force: true });
    },
  };
  return storage;
}
