import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderStorage, type FileStorage } from '../../server/platform/fileStorage';

// The shared-folder storage on its own: atomic chunk puts, what a crash leaves, and assembly that
// keeps the file only when the hash is accepted.

let root: string;
let storage: FileStorage;
const id = 'a'.repeat(32);
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const text = async (stream: NodeJS.ReadableStream) => {
  let out = '';
  for await (const piece of stream) out += piece.toString();
  return out;
};

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'portal-storage-'));
  storage = folderStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the shared-folder file storage', () => {
  it('puts chunks under their index and lists them in order, ignoring what a crash left half-written', async () => {
    await storage.putChunk(id, 1, Buffer.from('world'));
    await storage.putChunk(id, 0, Buffer.from('hello '));
    // A put that died before its rename: a temporary file, never a chunk.
    await writeFile(join(root, id, 'chunks', '2.deadbeef.tmp'), 'half');
    expect(await storage.listChunks(id)).toEqual([0, 1]);
    expect(await text(storage.readChunk(id, 1))).toBe('world');
    expect(await storage.listChunks('b'.repeat(32))).toEqual([]);
  });

  it('replaces a chunk a crash left in place when it is put again', async () => {
    await storage.putChunk(id, 0, Buffer.from('orphan'));
    const staged = await storage.stageChunk(id, 0, Buffer.from('kept'));
    expect(await text(storage.readChunk(id, 0))).toBe('orphan');
    await staged.commit();
    expect(await text(storage.readChunk(id, 0))).toBe('kept');
    const refused = await storage.stageChunk(id, 1, Buffer.from('refused'));
    await refused.discard();
    expect((await readdir(join(root, id, 'chunks'))).sort()).toEqual(['0']);
  });

  it('assembles the chunks hashing them as they stream, keeping the file only when the hash is accepted', async () => {
    await storage.putChunk(id, 0, Buffer.from('hello '));
    await storage.putChunk(id, 1, Buffer.from('world'));
    const refused = await storage.concatenate(id, 2, () => false);
    expect(refused).toEqual({ sha256: sha('hello world'), bytes: 11, kept: false });
    expect(await storage.readFile(id)).toBeNull();
    expect(await readdir(join(root, id))).toEqual(['chunks']);

    const kept = await storage.concatenate(id, 2, (file) => file.sha256 === sha('hello world'));
    expect(kept.kept).toBe(true);
    const file = await storage.readFile(id);
    expect(file?.bytes).toBe(11);
    expect(await text(file!.stream)).toBe('hello world');

    await storage.delete(id, 'chunks');
    expect(await readdir(join(root, id))).toEqual(['file']);
    await storage.delete(id);
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses an id that is not a plain name, so nothing escapes the folder', async () => {
    await expect(storage.putChunk('../escape', 0, Buffer.from('x'))).rejects.toThrow(/Not a storage id/);
  });
});
