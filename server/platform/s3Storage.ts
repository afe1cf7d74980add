import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { FileStorage } from './fileStorage';
import { digestOf, firstDamaged, knownFits, manifestShape, range, safeId, sameBytes, type Manifest } from './storedChunks';

// Uploaded files in S3-compatible object storage, for processes on hosts with no folder in common.
// Keys: <prefix><uploadId>/chunk-<idx>, <uploadId>/manifest.json once sealed, <uploadId>/file for a
// file written whole. One PUT is atomic in S3 (the object is all there or not there), so a chunk is
// staged in memory (the request's bytes, at most a chunk) and commit() PUTs it: a refused chunk never
// reaches its key, and a chunk put again replaces the orphan a crash left. As in the folder store, a
// sealed upload's file is its chunks read one after the other, named by a small manifest.
// Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a
// profile, the instance's role), never from this code.

export type S3StorageOptions = {
  bucket: string;
  /** Put before every key ("portal/" keeps the uploads apart from other things in the bucket). */
  prefix: string;
  region: string;
  /** An S3-compatible server (MinIO, a test server); AWS's own when absent. */
  endpoint?: string;
  /** Bucket in the path (http://host/bucket/key), as most S3-compatible servers want. */
  forcePathStyle?: boolean;
  /** A file written whole goes up in parts of this size (S3's least is 5 MiB, but for the last). */
  partBytes?: number;
};

const defaultPartBytes = 8 << 20;

/** What S3 answers for a key that is not there (GetObject: NoSuchKey; HeadObject: NotFound). */
const missing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as Error).name);

export function s3Storage(options: S3StorageOptions): FileStorage {
  // Checksums only where S3 requires them (DeleteObjects): the SDK's CRC32 of every 10 MB chunk held
  // the event loop 15 to 40 ms a PUT (and again on each read), and the bytes are already checked by
  // their SHA-256 at the end of the upload. Several S3-compatible servers refuse those checksums too.
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const partBytes = options.partBytes ?? defaultPartBytes;
  const uploadKey = (uploadId: string) => `${options.prefix}${safeId(uploadId)}/`;
  const chunkKey = (uploadId: string, idx: number) => `${uploadKey(uploadId)}chunk-${idx}`;
  const manifestKey = (uploadId: string) => `${uploadKey(uploadId)}manifest.json`;
  const wholeKey = (uploadId: string) => `${uploadKey(uploadId)}file`;

  /** The object's bytes as they arrive; nothing is asked for until the first piece is read. */
  async function* objectPieces(Key: string): AsyncGenerator<Buffer> {
    const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }));
    yield* Body as Readable;
  }
  async function* chunksInOrder(uploadId: string, count: number): AsyncGenerator<Buffer> {
    for (let idx = 0; idx < count; idx++) yield* objectPieces(chunkKey(uploadId, idx));
  }
  const chunkPieces = (uploadId: string, idx: number) => objectPieces(chunkKey(uploadId, idx));

  /** Every key under `prefix`, with its size, page after page. */
  async function listed(prefix: string): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const item of page.Contents ?? []) if (item.Key) found.set(item.Key, item.Size ?? 0);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found;
  }

  const put = (Key: string, Body: Uint8Array) => client.send(new PutObjectCommand({ Bucket, Key, Body }));

  /** Sends a stream of unknown length: one PUT when it fits in a part, else a multipart upload (it appears whole at its completion). */
  async function putStream(Key: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<{ sha256: string; bytes: number }> {
    const hash = createHash('sha256');
    let bytes = 0;
    let held: Uint8Array[] = [];
    let heldBytes = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async () => {
      const Body = Buffer.concat(held);
      held = [];
      heldBytes = 0;
      uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId;
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }));
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const piece of source) {
        hash.update(piece);
        bytes += piece.length;
        held.push(piece);
        heldBytes += piece.length;
        if (heldBytes >= partBytes) await sendPart();
      }
      if (uploadId === undefined) await put(Key, Buffer.concat(held));
      else {
        if (heldBytes > 0) await sendPart();
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      }
    } catch (error) {
      // The parts sent so far are dropped; the object under Key (an earlier file, or none) stays as it was.
      if (uploadId !== undefined) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
    return { sha256: hash.digest('hex'), bytes };
  }

  const storage: FileStorage = {
    async stageChunk(uploadId, idx, data, whileWriting) {
      const Key = chunkKey(uploadId, idx);
      // Nothing is written before commit(): the caller's work runs now, and the bytes wait in memory.
      whileWriting?.();
      return {
        commit: async () => {
          await put(Key, data);
        },
        discard: async () => undefined,
      };
    },

    async putChunk(uploadId, idx, data) {
      await put(chunkKey(uploadId, idx), data);
    },

    async listChunks(uploadId) {
      const keys = await listed(`${uploadKey(uploadId)}chunk-`);
      const indexes: number[] = [];
      for (const key of keys.keys()) {
        const match = /\/chunk-(\d+)$/.exec(key);
        if (match) indexes.push(Number(match[1]));
      }
      return indexes.sort((a, b) => a - b);
    },

    readChunk(uploadId, idx) {
      return Readable.from(chunkPieces(uploadId, idx), { objectMode: false });
    },

    async seal(uploadId, count, accept, known) {
      // A digest from the caller stands only for chunks that are all here, as long as it says.
      let file = known;
      if (file) {
        const sizes = await listed(`${uploadKey(uploadId)}chunk-`);
        if (!knownFits(range(count).map((idx) => sizes.get(chunkKey(uploadId, idx)) ?? -1), file)) file = undefined;
      }
      file ??= await digestOf(chunksInOrder(uploadId, count));
      if (!accept(file)) return { ...file, kept: false };
      // A PUT that succeeded is durable: the chunks were when theirs did, the manifest is now.
      const manifest: Manifest = { chunks: count, ...file };
      await put(manifestKey(uploadId), Buffer.from(JSON.stringify(manifest)));
      return { ...file, kept: true };
    },

    async writeFile(uploadId, source) {
      // A manifest would name chunks instead: the whole file written here is the file.
      await client.send(new DeleteObjectCommand({ Bucket, Key: manifestKey(uploadId) }));
      return putStream(wholeKey(uploadId), source);
    },

    async readFile(uploadId) {
      try {
        const pieces: Buffer[] = [];
        for await (const piece of objectPieces(manifestKey(uploadId))) pieces.push(piece);
        const manifest = manifestShape.parse(JSON.parse(Buffer.concat(pieces).toString('utf8')));
        return { stream: Readable.from(chunksInOrder(uploadId, manifest.chunks), { objectMode: false }), bytes: manifest.bytes };
      } catch (error) {
        if (!missing(error)) throw error;
      }
      try {
        const { ContentLength } = await client.send(new HeadObjectCommand({ Bucket, Key: wholeKey(uploadId) }));
        return { stream: Readable.from(objectPieces(wholeKey(uploadId)), { objectMode: false }), bytes: ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    damagedChunk: (uploadId, digests) => firstDamaged(digests, (idx) => chunkPieces(uploadId, idx), missing),

    holdsChunk: (uploadId, idx, data) => sameBytes(chunkPieces(uploadId, idx), data, missing),

    async delete(uploadId) {
      // Listed and deleted a page (at most 1,000 keys) at a time until none is left.
      const prefix = uploadKey(uploadId);
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix }));
        const Objects = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (Objects.length === 0) return;
        const { Errors } = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        if (Errors?.length) throw new Error(`Could not delete ${Errors[0].Key} from S3: ${Errors[0].Code} ${Errors[0].Message}`);
      }
    },
  };
  return storage;
}
