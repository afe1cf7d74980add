// The upload calls of the file servers, shared by the files and bureau tests.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Territory } from '../../../contract/shared/territory';

/** Small chunks, so a multi-chunk file is a few hundred bytes. */
export const testChunkBytes = 64;

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

