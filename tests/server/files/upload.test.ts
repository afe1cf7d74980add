import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUk } from '../../../contract/files/endpoints';
import { blockedMessages } from '../../../contract/shared/messages';
import { call, urlOf } from '../support/api';
import { query } from '../support/harness';
import { begin, createFilesHarness } from './fixtures';
import { chunksOf, fileServer, sha256, testChunkBytes, type FileServer } from '../support/uploads';
import { signedInOwner } from '../support/calls';

// The file server of spec section 7 (GET /upload/begin, POST /upload/chunk, GET /upload/end,
// GET /files/{id}, and our GET /upload/status) with 64-byte chunks instead of 10,000,000.

let h: Awaited<ReturnType<typeof createFilesHarness>>;
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let uk: FileServer;

beforeAll(async () => {
  h = await createFilesHarness();
  owner = await signedInOwner(h);
  uk = fileServer(h.app, owner.headers);
});
afterAll(() => h?.close());

/** A file of 3 full chunks and a short last one. */
const makeFile = (bytes = testChunkBytes * 3 + 10) => randomBytes(bytes);
const msg = (response: { json: () => unknown }) => (response.json() as { msg: string }).msg;

async function sendAll(server: FileServer, fileId: string, chunks: Buffer[], from = 0) {
  for (let idx = from; idx < chunks.length; idx++) {
    const response = await server.chunk(fileId, idx, chunks[idx]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ fileId, idx, bytes: chunks[idx].length, nextIdx: idx + 1 });
  }
}

describe('a chunked upload', () => {
  it('takes a file in chunks, checks its SHA-256 at the end and gives the same bytes back', async () => {
    const file = makeFile();
    const chunks = chunksOf(file);
    expect(chunks).toHaveLength(4);
    const fileId = await begin(uk, 'customers.csv', file.length);
    expect(fileId).toMatch(/^[0-9a-f]{32}$/);
    await sendAll(uk, fileId, chunks);

    const end = await uk.end(fileId, sha256(file));
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json()).toEqual({ fileId, name: 'customers.csv', bytes: file.length, sha256: sha256(file) });

    const download = await uk.download(fileId);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toContain('customers.csv');
    expect(download.rawPayload.equals(file)).toBe(true);

    const { rows } = await query<{ status: string; chunk_count: number; bytes: number; sha256: string }>(h.db,
      'select status, chunk_count, bytes, sha256 from uploads where id = $1', [fileId]);
    expect(rows).toEqual([{ status: 'complete', chunk_count: 4, bytes: file.length, sha256: sha256(file) }]);
    // Sealed, not copied: the chunks are the file, named by its manifest.
    expect((await readdir(join(h.storageDir, fileId))).sort()).toEqual(['chunks', 'file.json']);
    expect((await readdir(join(h.storageDir, fileId, 'chunks'))).sort()).toEqual(['0', '1', '2', '3']);
  });

  it('compresses a download the client asks compressed, whatever its first bytes, and sends a zip as it is', async () => {
    // "80" and "H," read as a zlib header, and 1f 8b as gzip's: @fastify/compress would pass such
    // a stream on uncompressed under Content-Encoding: gzip, which no client can decode.
    const csv = (head: string) => Buffer.from(`${head}\n${'12 High Street,London,SW1A 1AA\n'.repeat(20)}`);
    const files = [
      { name: 'numbers.csv', file: csv('80,Flat 1') },
      { name: 'letters.csv', file: csv('H,Header') },
      { name: 'magic.csv', file: Buffer.concat([Buffer.from([0x1f, 0x8b, 8]), csv('x')]) },
      { name: 'plain.csv', file: csv('name,street') },
      { name: 'packed.zip', file: csv('80,not really a zip') },
    ];
    for (const { name, file } of files) {
      const fileId = await begin(uk, name, file.length);
      await sendAll(uk, fileId, chunksOf(file));
      expect((await uk.end(fileId, sha256(file))).statusCode).toBe(200);
      // Read as bytes, with the encodings a browser accepts: sent raw.
      const download = await h.app.inject({ method: 'GET', url: urlOf(filesUk.downloadFile, { params: { id: fileId } }), headers: { ...owner.headers, 'accept-encoding': 'br, gzip, deflate' } });
      expect(download.statusCode, name).toBe(200);
      expect(download.headers.vary, name).toContain('accept-encoding');
      if (name.endsWith('.zip')) {
        expect(download.headers['content-encoding'], name).toBeUndefined();
        expect(download.headers['content-length'], name).toBe(String(file.length));
        expect(download.rawPayload.equals(file), name).toBe(true);
      } else {
        // Decoded by what the header says, as a browser does.
        const coding = download.headers['content-encoding'];
        expect(['gzip', 'br'], name).toContain(coding);
        expect(download.rawPayload.length, name).toBeLessThan(file.length);
        const decode = coding === 'br' ? brotliDecompressSync : gunzipSync;
        expect(decode(download.rawPayload).equals(file), name).toBe(true);
      }
    }
  });

  it('answers a repeated end the same way, and refuses an end with another hash once complete', async () => {
    const file = makeFile(100);
    const fileId = await begin(uk, 'again.csv', file.length);
    await sendAll(uk, fileId, chunksOf(file));
    const first = await uk.end(fileId, sha256(file));
    const second = await uk.end(fileId, sha256(file).toUpperCase());
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const other = await uk.end(fileId, sha256(Buffer.from('something else')));
    expect(other.statusCode).toBe(409);
    expect(msg(other)).toMatch(/already complete/);
  });

  it('lists the chunks it holds, so the browser resumes after a reload from where it stopped', async () => {
    const file = makeFile();
    const chunks = chunksOf(file);
    const fileId = await begin(uk, 'resumed.csv', file.length);
    await sendAll(uk, fileId, chunks.slice(0, 2));

    // "Reload": the browser knows only the file id and asks what the server holds.
    const status = await uk.status(fileId);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ fileId, filePrefix: 'resumed.csv', status: 'open', held: [0, 1], nextIdx: 2, bytes: 2 * testChunkBytes, size: file.length, chunks: 4, chunkBytes: testChunkBytes, sha256: null });

    await sendAll(uk, fileId, chunks, status.json<{ nextIdx: number }>().nextIdx);
    expect((await uk.end(fileId, sha256(file))).statusCode).toBe(200);
    expect((await uk.status(fileId)).json()).toMatchObject({ status: 'complete', held: [0, 1, 2, 3], sha256: sha256(file) });
  });

  it('refuses a chunk out of order, saying which it expects, and keeps the upload resumable', async () => {
    const file = makeFile();
    const chunks = chunksOf(file);
    const fileId = await begin(uk, 'order.csv', file.length);
    const early = await uk.chunk(fileId, 2, chunks[2]);
    expect(early.statusCode).toBe(409);
    expect(msg(early)).toBe('Chunk 2 is out of order: the server expects chunk 0 next');
    await sendAll(uk, fileId, chunks.slice(0, 1));
    expect(msg(await uk.chunk(fileId, 3, chunks[3]))).toBe('Chunk 3 is out of order: the server expects chunk 1 next');
    expect((await uk.status(fileId)).json()).toMatchObject({ held: [0], nextIdx: 1 });
    await sendAll(uk, fileId, chunks, 1);
    expect((await uk.end(fileId, sha256(file))).statusCode).toBe(200);
  });

  it('answers a chunk sent again with the same bytes as before, and refuses other bytes for it with 409', async () => {
    const file = makeFile();
    const chunks = chunksOf(file);
    const fileId = await begin(uk, 'dupes.csv', file.length);
    await sendAll(uk, fileId, chunks.slice(0, 2));
    // One process took both: their rows keep the digest of the file so far, so a repeat is compared byte by byte.
    const { rows } = await query<{ sha256: string | null; prefix_sha256: string }>(h.db, 'select sha256, prefix_sha256 from upload_chunks where upload_id = $1 order by idx', [fileId]);
    expect(rows).toEqual([{ sha256: null, prefix_sha256: sha256(chunks[0]) }, { sha256: null, prefix_sha256: sha256(Buffer.concat(chunks.slice(0, 2))) }]);

    const same = await uk.chunk(fileId, 0, chunks[0]);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ fileId, idx: 0, bytes: testChunkBytes, nextIdx: 2 });

    const tampered = Buffer.from(chunks[1]);
    tampered[0] ^= 0xff;
    const different = await uk.chunk(fileId, 1, tampered);
    expect(different.statusCode).toBe(409);
    expect(msg(different)).toMatch(/^Chunk 1 is already stored with different bytes/);

    await sendAll(uk, fileId, chunks, 2);
    const end = await uk.end(fileId, sha256(file));
    expect(end.statusCode).toBe(200);
    expect((await uk.download(fileId)).rawPayload.equals(file)).toBe(true);
    // Sent again after the end: the same bytes still get their answer.
    expect((await uk.chunk(fileId, 3, chunks[3])).statusCode).toBe(200);
    expect((await uk.chunk(fileId, 4, chunks[3])).statusCode).toBe(409);
  });

  it('refuses a chunk longer than the chunk size with 413, and a wrong-sized chunk of a declared file with 400', async () => {
    const fileId = await begin(uk, 'big.csv');
    const over = await uk.chunk(fileId, 0, randomBytes(testChunkBytes + 1));
    expect(over.statusCode).toBe(413);
    expect(msg(over)).toBe(`A chunk is at most ${testChunkBytes} bytes: send the file in chunks of that size`);
    const huge = await uk.chunk(fileId, 0, randomBytes(5 * testChunkBytes));
    expect(huge.statusCode).toBe(413);
    expect((await uk.status(fileId)).json()).toMatchObject({ held: [], nextIdx: 0 });

    const declared = await begin(uk, 'declared.csv', 3 * testChunkBytes);
    const short = await uk.chunk(declared, 0, randomBytes(10));
    expect(short.statusCode).toBe(400);
    expect(msg(short)).toBe(`Chunk 0 must be ${testChunkBytes} bytes, not 10`);
  });

  it('refuses a body that is not octet-stream, and an empty chunk', async () => {
    const fileId = await begin(uk, 'types.csv');
    // A JSON body where the chunk's bytes belong: sent raw.
    const json = await h.app.inject({ method: 'POST', url: urlOf(filesUk.uploadChunk, {}), headers: owner.headers, query: { fileId, idx: '0' }, payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
    expect(msg(json)).toContain('Send the chunk as application/octet-stream');
    const empty = await uk.chunk(fileId, 0, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('refuses an end before every chunk is there, naming the missing one', async () => {
    const file = makeFile();
    const chunks = chunksOf(file);
    const fileId = await begin(uk, 'partial.csv', file.length);
    await sendAll(uk, fileId, chunks.slice(0, 2));
    const early = await uk.end(fileId, sha256(file));
    expect(early.statusCode).toBe(409);
    expect(msg(early)).toBe('Chunk 2 is missing (the file has 4 chunks, 0 to 3): send it, then end the upload');

    const undeclared = await begin(uk, 'nothing.csv');
    const none = await uk.end(undeclared, sha256(file));
    expect(none.statusCode).toBe(409);
    expect(msg(none)).toBe('Chunk 0 is missing: send it, then end the upload');

    await sendAll(uk, fileId, chunks, 2);
    expect((await uk.end(fileId, sha256(file))).statusCode).toBe(200);
  });

  it("refuses a wrong hash with the spec's words and keeps the upload; the missing pieces then complete it", async () => {
    const file = makeFile();
    const chunks = chunksOf(file);
    // No size declared: the server cannot tell the file is short, only that its hash is wrong.
    const fileId = await begin(uk, 'hash.csv');
    await sendAll(uk, fileId, chunks.slice(0, 2));
    const wrong = await uk.end(fileId, sha256(file));
    expect(wrong.statusCode).toBe(400);
    expect(msg(wrong)).toBe("The file's hash does not match: upload it again");
    expect((await uk.status(fileId)).json()).toMatchObject({ status: 'open', held: [0, 1] });
    expect((await uk.download(fileId)).statusCode).toBe(409);

    await sendAll(uk, fileId, chunks, 2);
    expect((await uk.end(fileId, 'f'.repeat(64))).statusCode).toBe(400);
    const right = await uk.end(fileId, sha256(file));
    expect(right.statusCode, right.body).toBe(200);
    expect((await uk.download(fileId)).rawPayload.equals(file)).toBe(true);
  });

  it('refuses a malformed hash or file id before looking', async () => {
    const fileId = await begin(uk, 'bad.csv');
    expect((await uk.end(fileId, 'abc')).statusCode).toBe(400);
    expect((await uk.status('../../etc')).statusCode).toBe(400);
    expect((await uk.download('..%2F..%2Fetc')).statusCode).toBe(400);
  });
});

describe('whose files', () => {
  it("answers 404 for another user's or another account's file, on every call", async () => {
    const file = makeFile(100);
    const fileId = await begin(uk, 'private.csv', file.length);
    await sendAll(uk, fileId, chunksOf(file).slice(0, 1));

    const stranger = await signedInOwner(h);
    // A second owner of the same account: uploads are their uploader's own.
    const coOwner = await h.createUser();
    await h.addToGroup(owner.account, coOwner.id, 'owner');
    const coAuth = await h.login(coOwner.email, coOwner.password, { accId: String(owner.account) });
    for (const headers of [stranger.headers, h.bearer(coAuth.jwt)]) {
      const other = fileServer(h.app, headers);
      for (const response of [await other.chunk(fileId, 1, chunksOf(file)[1]), await other.end(fileId, sha256(file)), await other.status(fileId), await other.download(fileId)]) {
        expect(response.statusCode).toBe(404);
        expect(msg(response)).toBe('File not found');
      }
    }
    await sendAll(uk, fileId, chunksOf(file), 1);
    expect((await uk.end(fileId, sha256(file))).statusCode).toBe(200);
    expect((await fileServer(h.app, stranger.headers).download(fileId)).statusCode).toBe(404);
  });

  it("refuses an Australian account on the UK file server with the spec's message, and serves it on its own", async () => {
    const aus = await signedInOwner(h, 'australia');
    const refused = await fileServer(h.app, aus.headers, 'uk').begin('aus.csv');
    expect(refused.statusCode).toBe(403);
    expect(msg(refused)).toBe(blockedMessages.account);

    const own = fileServer(h.app, aus.headers, 'australia');
    const file = makeFile(70);
    const fileId = await begin(own, 'aus.csv', file.length);
    await sendAll(own, fileId, chunksOf(file));
    expect((await own.end(fileId, sha256(file))).statusCode).toBe(200);
    // The UK server does not serve it, nor does the Australian one serve a UK account.
    expect((await fileServer(h.app, aus.headers, 'uk').download(fileId)).statusCode).toBe(403);
    expect((await fileServer(h.app, owner.headers, 'australia').begin('x.csv')).statusCode).toBe(403);
  });

  it('needs a session with an account the caller owns', async () => {
    const anonymous = await call(h, null, filesUk.beginUpload, { query: { filePrefix: 'a.csv' } });
    expect(anonymous.status).toBe(401);

    const user = await h.createUser();
    const noAccount = await h.login(user.email, user.password);
    const refused = await fileServer(h.app, h.bearer(noAccount.jwt)).begin('a.csv');
    expect(refused.statusCode).toBe(403);
    expect(msg(refused)).toBe('Switch to an account first: uploaded files belong to the account you are using');

    const member = await h.createUser();
    await h.addToGroup(owner.account, member.id, 'member');
    const memberAuth = await h.login(member.email, member.password, { accId: String(owner.account) });
    // A member's session carries no account (only owners get one), so a member cannot upload.
    expect((await fileServer(h.app, h.bearer(memberAuth.jwt)).begin('a.csv')).statusCode).toBe(403);
  });
});
