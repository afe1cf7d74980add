import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderStorage, type FileStorage } from '../../../server/platform/fileStorage';

// The shared-folder storage on its own: atomic chunk puts, what a crash leaves, and assembly that
// seals the chunks as the file only when the hash is accepted.

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

  it('seals the chunks as the file, hashing them as they stream, only when the hash is accepted', async () => {
    await storage.putChunk(id, 0, Buffer.from('hello '));
    await storage.putChunk(id, 1, Buffer.from('world'));
    const refused = await storage.seal(id, 2, () => false);
    expect(refused).toEqual({ sha256: sha('hello world'), bytes: 11, kept: false });
    expect(await storage.readFile(id)).toBeNull();
    expect(await readdir(join(root, id))).toEqual(['chunks']);

    const kept = await storage.seal(id, 2, (file) => file.sha256 === sha('hello world'));
    expect(kept.kept).toBe(true);
    // Nothing is copied: the chunks are the file's bytes, named by a manifest.
    expect((await readdir(join(root, id))).sort()).toEqual(['chunks', 'file.json']);
    const file = await storage.readFile(id);
    expect(file?.bytes).toBe(11);
    expect(await text(file!.stream)).toBe('hello world');

    await storage.delete(id);
    expect(await readdir(root)).toEqual([]);
  });

  it('takes a digest the caller already has instead of reading the chunks, and reads a file copied whole by an earlier version', async () => {
    await storage.putChunk(id, 0, Buffer.from('abc'));
    const known = { sha256: sha('abc'), bytes: 3 };
    let seen: unknown = null;
    expect(await storage.seal(id, 1, (file) => ((seen = file), true), known)).toEqual({ ...known, kept: true });
    expect(seen).toEqual(known);
    expect(await text((await storage.readFile(id))!.stream)).toBe('abc');

    // A digest that does not fit the chunks here (one is missing) is not taken: they are read.
    const other = 'd'.repeat(32);
    await storage.putChunk(other, 0, Buffer.from('ab'));
    await storage.putChunk(other, 2, Buffer.from('ef'));
    await expect(storage.seal(other, 3, () => true, { sha256: sha('abcdef'), bytes: 6 })).rejects.toThrow(/ENOENT/);
    expect(await storage.readFile(other)).toBeNull();

    const older = 'c'.repeat(32);
    await mkdir(join(root, older));
    await writeFile(join(root, older, 'file'), 'copied whole');
    const file = await storage.readFile(older);
    expect(file?.bytes).toBe(12);
    expect(await text(file!.stream)).toBe('copied whole');
  });

  it('names the first chunk whose bytes are missing or not the digest taken when it arrived', async () => {
    const damagedId = 'damaged0001';
    await storage.putChunk(damagedId, 0, Buffer.from('ab'));
    await storage.putChunk(damagedId, 1, Buffer.from('cd'));
    await storage.putChunk(damagedId, 2, Buffer.from('ef'));
    const own = (text: string) => ({ chunk: sha(text) });
    const upTo = (text: string) => ({ prefix: sha(text) });
    expect(await storage.damagedChunk(damagedId, [own('ab'), own('cd'), own('ef')])).toBeNull();
    expect(await storage.damagedChunk(damagedId, [own('ab'), own('cX'), own('ef')])).toBe(1);
    expect(await storage.damagedChunk(damagedId, [own('ab'), own('cd'), own('ef'), own('gh')])).toBe(3);
    // The digest of the chunks up to each one, mixed with chunks' own (a chunk taken by another process).
    expect(await storage.damagedChunk(damagedId, [upTo('ab'), upTo('abcd'), upTo('abcdef')])).toBeNull();
    expect(await storage.damagedChunk(damagedId, [upTo('ab'), own('cd'), upTo('abcdef')])).toBeNull();
    expect(await storage.damagedChunk(damagedId, [upTo('ab'), upTo('cd'), upTo('abcdef')])).toBe(1);
    expect(await storage.damagedChunk(damagedId, [own('ab'), upTo('abcd'), upTo('abcdeX')])).toBe(2);
    expect(await storage.damagedChunk(damagedId, [upTo('ab'), upTo('abcd'), upTo('abcdef'), upTo('abcdefgh')])).toBe(3);
  });

  it('says whether a chunk is in place with exactly the given bytes', async () => {
    const heldId = 'held0001';
    await storage.putChunk(heldId, 0, Buffer.from('abcdef'));
    expect(await storage.holdsChunk(heldId, 0, Buffer.from('abcdef'))).toBe(true);
    expect(await storage.holdsChunk(heldId, 0, Buffer.from('abcdeX'))).toBe(false);
    expect(await storage.holdsChunk(heldId, 0, Buffer.from('abcde'))).toBe(false);
    expect(await storage.holdsChunk(heldId, 0, Buffer.from('abcdefg'))).toBe(false);
    expect(await storage.holdsChunk(heldId, 1, Buffer.from('abcdef'))).toBe(false);
  });

  it('runs the caller\'s work while the chunk is written, before it is staged', async () => {
    let ran = false;
    const staged = await storage.stageChunk(id, 0, Buffer.from('x'), () => {
      ran = true;
    });
    expect(ran).toBe(true);
    await staged.commit();
    expect(await text(storage.readChunk(id, 0))).toBe('x');
  });

  it('refuses an id that is not a plain name, so nothing escapes the folder', async () => {
    await expect(storage.putChunk('../escape', 0, Buffer.from('x'))).rejects.toThrow(/Not a storage id/);
  });
});
