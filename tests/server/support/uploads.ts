// Shared by the files-*.test.ts files: a harness whose file server takes small chunks and keeps its
// files in a fresh folder, an owner signed in to an account, and the upload calls.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Territory } from '../../contract/shared/territory';
import { createHarness, type Harness } from './harness';

/** Small chunks, so a multi-chunk file is a few hundred bytes. */
export const testChunkBytes = 64;

export async function createFilesHarness(): Promise<Harness & { storageDir: string }> {
  const storageDir = await mkdtemp(join(tmpdir(), 'portal-uploads-'));
  const h = await createHarness({ env: { FILE_STORAGE_DIR: storageDir, UPLOAD_CHUNK_BYTES: String(testChunkBytes) } });
  const close = h.close;
  return Object.assign(h, {
    storageDir,
    async close() {
      await close();
      await rm(storageDir, { recursive: true, force: true });
    },
  });
}

/** An owner of an account of `territory`, signed in with that account; returns their bearer headers. */
export async function signedInOwner(h: Harness, territory: Territory = 'uk') {
  const user = await h.createUser({ territory });
  const account = await h.createGroup({ name: `Account ${randomBytes(3).toString('hex')}`, type: 'account', territory });
  await h.addToGroup(account, user.id, 'owner');
  const auth = await h.login(user.email, user.password, { accId: String(account) });
  if (auth.accountId !== account) throw new Error('The session did not take the account');
  return { user, account, headers: h.bearer(auth.jwt) };
}

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Splits `file` into the chunks the browser sends. */
export function chunksOf(file: Buffer, size = testChunkBytes): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < file.length; at += size) out.push(file.subarray(at, at + size));
  return out;
}

/** The upload calls of one territory's file server on one app, as one signed-in user. */
export function fileServer(app: FastifyInstance, headers: Record<string, string>, territory: Territory = 'uk') {
  const base = `/api/files/${territory}`;
  return {
    begin: (filePrefix: string, size?: number) =>
      app.inject({ method: 'GET', url: `${base}/upload/begin`, headers, query: { filePrefix, ...(size === undefined ? {} : { size: String(size) }) } }),
    chunk: (fileId: string, idx: number, bytes: Buffer, contentType = 'application/octet-stream') =>
      app.inject({ method: 'POST', url: `${base}/upload/chunk`, headers: { ...headers, 'content-type': contentType }, query: { fileId, idx: String(idx) }, payload: bytes }),
    end: (fileId: string, hash: string) => app.inject({ method: 'GET', url: `${base}/upload/end`, headers, query: { fileId, hash } }),
    status: (fileId: string) => app.inject({ method: 'GET', url: `${base}/upload/status`, headers, query: { fileId } }),
    download: (fileId: string) => app.inject({ method: 'GET', url: `${base}/files/${fileId}`, headers }),
  };
}
export type FileServer = ReturnType<typeof fileServer>;

/** Begins an upload of `file` (declaring its size unless told not to) and returns its id. */
export async function begin(server: FileServer, name: string, size?: number): Promise<string> {
  const response = await server.begin(name, size);
  if (response.statusCode !== 200) throw new Error(`begin: ${response.statusCode} ${response.body}`);
  return response.json<{ fileId: string }>().fileId;
}
