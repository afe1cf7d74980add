import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { folderStorage, type FileStorage } from '../../../server/platform/fileStorage';
import { s3Storage } from '../../../server/platform/s3Storage';
import { startS3, testBucket, type TestS3 } from '../support/s3';

// Each file store on its own, through the same cases: atomic chunk puts, what a crash leaves, and
// assembly that seals the chunks as the file only when the hash is accepted. The folder store runs
// on a temporary folder, the S3 store on a real S3-compatible server (s3rver) on this machine.

/** A store under test, and a look at what it holds from outside it. */
type Opened = {
  storage: FileStorage;
  /** What the store holds for `uploadId` (names relative to the upload), or the uploads it holds; sorted. */
  held(uploadId?: string): Promise<string[]>;
  /** Puts bytes under a name (relative to the store's root) as a crash or an earlier version left them. */
  plant(name: string, text: string): Promise<void>;
  close(): Promise<void>;
};
type Kind = {
  name: string;
  open(): Promise<Opened>;
  /** Where the store keeps chunk idx, the manifest of a sealed upload and a file written whole. */
  names: { chunk: (idx: number) => string; manifest: string; whole: string };
  /** The error of reading a chunk that is not there. */
  missing: RegExp;
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1)).sort();
}

const folder: Kind = {
  name: 'the shared-folder file storage',
  async open() {
    const root = await mkdtemp(join(tmpdir(), 'portal-storage-'));
    return {
      storage: folderStorage(root),
      held: async (uploadId) => (uploadId ? filesUnder(join(root, uploadId)) : (await readdir(root)).sort()),
      async plant(name, text) {
        await mkdir(dirname(join(root, name)), { recursive: true });
        await writeFile(join(root, name), text);
      },
      close: () => rm(root, { recursive: true, force: true }),
    };
  },
  names: { chunk: (idx) => `chunks/${idx}`, manifest: 'file.json', whole: 'file' },
  missing: /ENOENT/,
};

let s3: TestS3;
let prefixes = 0;
const s3Kind: Kind = {
  name: 'the S3 file storage',
  async open() {
    // A prefix of its own per test: nothing of another test's is in sight.
    const prefix = `test-${++prefixes}/`;
    const client = s3.client();
    const keys = async (under: string) => {
      const page = await client.send(new ListObjectsV2Command({ Bucket: testBucket, Prefix: under }));
      return (page.Contents ?? []).map((item) => item.Key!.slice(under.length));
    };
    return {
      // Parts of 4 bytes, so a file of a few words goes up as a multipart upload (S3 itself wants 5 MiB).
      storage: s3Storage({ ...s3.options(prefix), partBytes: 4 }),
      held: async (uploadId) => (uploadId ? (await keys(`${prefix}${uploadId}/`)).sort() : [...new Set((await keys(prefix)).map((key) => key.split('/')[0]))].sort()),
      async plant(name, text) {
        await client.send(new PutObjectCommand({ Bucket: testBucket, Key: `${prefix}${name}`, Body: text }));
      },
      close: async () => client.destroy(),
    };
  },
  names: { chunk: (idx) => `chunk-${idx}`, manifest: 'manifest.json', whole: 'file' },
  missing: /NoSuchKey|does not exist/,
};

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

const id = 'a'.repeat(32);
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const text = async (stream: NodeJS.ReadableStream) => {
  let out = '';
  for await (const piece of stream) out += piece.toString();
  return out;
};

describe.each([folder, s3Kind])('$name', (kind) => {
  let store: Opened;
  let storage: FileStorage;
  const { chunk, manifest, whole } = kind.names;
  beforeEach(async () => {
    store = await kind.open();
    storage = store.storage;
  });
  afterEach(() => store.close());

  it('puts chunks under their index and lists them in order, ignoring what a crash left half-written', async () => {
    await storage.putChunk(id, 1, Buffer.from('world'));
    await storage.putChunk(id, 0, Buffer.from('hello '));
    // A put that died before its rename: a temporary file, never a chunk.
    await store.plant(`${id}/${chunk(2)}.deadbeef.tmp`, 'half');
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
    expect(await store.held(id)).toEqual([chunk(0)]);
  });

  it('seals the chunks as the file, hashing them as they stream, only when the hash is accepted', async () => {
    await storage.putChunk(id, 0, Buffer.from('hello '));
    await storage.putChunk(id, 1, Buffer.from('world'));
    const refused = await storage.seal(id, 2, () => false);
    expect(refused).toEqual({ sha256: sha('hello world'), bytes: 11, kept: false });
    expect(await storage.readFile(id)).toBeNull();
    expect(await store.held(id)).toEqual([chunk(0), chunk(1)]);

    const kept = await storage.seal(id, 2, (file) => file.sha256 === sha('hello world'));
    expect(kept.kept).toBe(true);
    // Nothing is copied: the chunks are the file's bytes, named by a manifest.
    expect(await store.held(id)).toEqual([chunk(0), chunk(1), manifest].sort());
    const file = await storage.readFile(id);
    expect(file?.bytes).toBe(11);
    expect(await text(file!.stream)).toBe('hello world');

    await storage.delete(id);
    expect(await store.held()).toEqual([]);
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
    await expect(storage.seal(other, 3, () => true, { sha256: sha('abcdef'), bytes: 6 })).rejects.toThrow(kind.missing);
    expect(await storage.readFile(other)).toBeNull();

    const older = 'c'.repeat(32);
    await store.plant(`${older}/${whole}`, 'copied whole');
    const file = await storage.readFile(older);
    expect(file?.bytes).toBe(12);
    expect(await text(file!.stream)).toBe('copied whole');
  });

  it('writes a file whole as it streams, in place of an earlier one only once all of it is there', async () => {
    const results = 'e'.repeat(32);
    expect(await storage.writeFile(results, [Buffer.from('first')])).toEqual({ sha256: sha('first'), bytes: 5 });
    async function* failing() {
      yield Buffer.from('second ');
      yield Buffer.from('half of it');
      throw new Error('the job died');
    }
    await expect(storage.writeFile(results, failing())).rejects.toThrow('the job died');
    expect(await text((await storage.readFile(results))!.stream)).toBe('first');
    async function* pieces() {
      for (const word of ['a results ', 'zip of ', 'many parts']) yield Buffer.from(word);
    }
    expect(await storage.writeFile(results, pieces())).toEqual({ sha256: sha('a results zip of many parts'), bytes: 27 });
    const file = await storage.readFile(results);
    expect(file?.bytes).toBe(27);
    expect(await text(file!.stream)).toBe('a results zip of many parts');
    expect(await store.held(results)).toEqual([whole]);

    // Written whole over an upload sealed from chunks: the file written is the file.
    await storage.putChunk(id, 0, Buffer.from('chunked'));
    await storage.seal(id, 1, () => true);
    await storage.writeFile(id, [Buffer.from('all')]);
    expect(await text((await storage.readFile(id))!.stream)).toBe('all');
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
