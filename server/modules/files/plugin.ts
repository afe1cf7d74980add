import { Negotiator } from '@fastify/accept-negotiator';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { fileServers } from '../../../contract/files/endpoints';
import * as S from '../../../contract/files/schemas';
import type { Territory } from '../../../contract/shared/territory';
import { route, type Call } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import { runningHashes } from './runningHash';
import * as files from './service';

// gzip only: every client takes it, and at its default level it keeps up with a disk read of text.
const gzip = new Negotiator({ supportedValues: ['gzip', 'identity'] });
/** Names of files that are compressed already (the results are a zip): sent as they are. */
const packed = /\.(zip|gz|tgz|bz2|xz|7z|zst)$/i;

const caller = (call: Call): files.FileCaller => ({ user: call.caller, accountId: call.claims.accountId });

/**
 * Chunk-sized buffers kept from one chunk to the next. A new 10 MB buffer per chunk costs a full
 * garbage collection every few chunks (V8 collects when memory outside its heap grows by tens of
 * megabytes), a third of an upload's time; a body read into a kept buffer costs none.
 */
function bufferPool(size: number, keep: number) {
  const free: Buffer[] = [];
  const lent = new WeakMap<Uint8Array, Buffer>();
  const give = (buffer: Buffer) => {
    if (free.length < keep && !free.includes(buffer)) free.push(buffer);
  };
  return {
    take: (): Buffer => free.pop() ?? Buffer.allocUnsafe(size),
    give,
    /** Marks `body` (a view of `buffer`) as out until `giveBack(body)`. */
    lend: (body: Uint8Array, buffer: Buffer) => lent.set(body, buffer),
    /** The buffer under a body lent out, back to the pool (anything else is left alone). */
    giveBack(body: unknown): void {
      if (!(body instanceof Uint8Array)) return;
      const buffer = lent.get(body);
      if (!buffer) return;
      lent.delete(body);
      give(buffer);
    },
  };
}
type BufferPool = ReturnType<typeof bufferPool>;

/**
 * Reads an application/octet-stream body of at most `limit` bytes into a pooled buffer: a longer one
 * is refused with 413 as soon as it says so (Content-Length) or its bytes pass the limit.
 */
function octetStreamParser(limit: number, pool: BufferPool) {
  return async (request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Uint8Array> => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) throw files.chunkTooLarge(limit);
    const buffer = pool.take();
    let length = 0;
    try {
      for await (const piece of payload as AsyncIterable<Buffer>) {
        if (length + piece.length > limit) throw files.chunkTooLarge(limit);
        piece.copy(buffer, length);
        length += piece.length;
      }
    } catch (error) {
      pool.give(buffer);
      throw error;
    }
    const body = buffer.subarray(0, length);
    pool.lend(body, buffer);
    return body;
  };
}

/**
 * The file server of one territory (spec section 7), mounted at /api/files/uk or
 * /api/files/australia: chunked uploads for the owners of accounts of that territory, and the
 * download of their files.
 */
export function filesPlugin(territory: Territory): FastifyPluginAsync<{ deps: Deps }> {
  const E = fileServers[territory];
  return async (app, { deps: shared }) => {
    // This server's running hashes of the uploads it receives (a shortcut for the end; see runningHash.ts).
    const deps = { ...shared, runningHashes: runningHashes() };
    const { chunkBytes } = deps.config.files;
    // A chunk's buffer goes back to the pool once its answer is sent (the handler is done with it).
    const pool = bufferPool(chunkBytes, 4);
    app.addHook('onResponse', async (request) => pool.giveBack(request.body));
    route(app, E.beginUpload, S.beginUpload, ({ query }, call) => files.beginUpload(deps, caller(call), territory, query));
    // Only the chunk route takes octet-stream bodies; its limit sits just above a chunk, and the
    // parser refuses anything past a chunk with the words of the 413.
    route(app, E.uploadChunk, S.uploadChunk, async ({ query, body }, call) => {
      const stored = await files.uploadChunk(deps, caller(call), territory, query, body);
      app.metrics.uploaded(territory, body.length);
      return stored;
    }, {
      docs: { errors: [409] },
      body: { limit: chunkBytes + 1, parsers: (scope) => scope.addContentTypeParser('application/octet-stream', octetStreamParser(chunkBytes, pool)) },
    });
    route(app, E.endUpload, S.endUpload, ({ query }, call) => files.endUpload(deps, caller(call), territory, query), { docs: { errors: [409] } });
    route(app, E.uploadStatus, S.uploadStatus, ({ query }, call) => files.uploadStatus(deps, caller(call), territory, query));

    // The download answers the file's bytes, streamed from the storage, not JSON. It is compressed
    // here, not by @fastify/compress: that plugin passes on a stream whose first two bytes look like
    // a zlib header (a CSV starting "80" or "H,", say) as it is, yet labelled gzip, and the browser
    // then fails to decode the download (fastify/fastify-compress#347 is the symptom).
    route(
      app,
      E.downloadFile,
      S.downloadFile,
      async ({ params }, call, reply) => {
        const file = await files.openFile(deps, caller(call), territory, params.id);
        reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition(file.name))
          .header('cache-control', 'private, no-store')
          .header('vary', 'accept-encoding')
          // A link carrying ?token= is never passed on to another site.
          .header('referrer-policy', 'no-referrer');
        if (packed.test(file.name) || gzip.negotiate(call.headers['accept-encoding'] ?? 'identity') !== 'gzip') {
          reply.header('content-length', String(file.bytes));
          return file.stream;
        }
        const coded = createGzip();
        pipeline(file.stream, coded, (error) => error && call.log.warn({ err: error, fileId: params.id }, 'download stopped'));
        reply.header('content-encoding', 'gzip');
        return coded;
      },
      { docs: { errors: [402, 409] }, params: S.downloadParams, reply: 'stream', tokenInQuery: true },
    );
  };
}

/** attachment; filename="plain name"; filename*=UTF-8''encoded name (RFC 6266). */
export function contentDisposition(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const filesUkPlugin = filesPlugin('uk');
export const filesAustraliaPlugin = filesPlugin('australia');
