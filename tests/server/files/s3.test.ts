import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { signedInOwner } from '../support/calls';
import { createHarness, type Harness } from '../support/harness';
import { startS3, testBucket, type TestS3 } from '../support/s3';
import { chunksOf, fileServer, sha256, testChunkBytes } from '../support/uploads';
import { begin } from './fixtures';

// FILE_STORAGE=s3: the app keeps uploads in an S3 bucket (a real S3-compatible server on this
// machine), for processes on hosts that share no folder; and refuses to start when it is half-set.

let s3: TestS3;
let h: Harness;
let folder: string;
const prefix = 'portal/';

beforeAll(async () => {
  s3 = await startS3();
  // The folder store's folder, configured too: it must stay empty.
  folder = await mkdtemp(join(tmpdir(), 'portal-uploads-'));
  h = await createHarness({ env: { ...s3.env(prefix), UPLOAD_CHUNK_BYTES: String(testChunkBytes), FILE_STORAGE_DIR: folder } });
});
afterAll(async () => {
  await h?.close();
  await s3?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('uploads kept in S3', () => {
  it('takes a file in chunks into the bucket, checks its SHA-256 at the end and gives the same bytes back', async () => {
    const owner = await signedInOwner(h);
    const uk = fileServer(h.app, owner.headers);
    const file = randomBytes(testChunkBytes * 3 + 10);
    const chunks = chunksOf(file);
    const fileId = await begin(uk, 'customers.csv', file.length);
    for (const [idx, bytes] of chunks.entries()) {
      const response = await uk.chunk(fileId, idx, bytes);
      expect(response.statusCode, response.body).toBe(200);
    }

    const end = await uk.end(fileId, sha256(file));
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json()).toEqual({ fileId, name: 'customers.csv', bytes: file.length, sha256: sha256(file) });

    const download = await uk.download(fileId);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file)).toBe(true);

    const client = s3.client();
    const listed = await client.send(new ListObjectsV2Command({ Bucket: testBucket, Prefix: prefix }));
    client.destroy();
    expect((listed.Contents ?? []).map((item) => item.Key).sort()).toEqual(
      ['chunk-0', 'chunk-1', 'chunk-2', 'chunk-3', 'manifest.json'].map((name) => `${prefix}${fileId}/${name}`),
    );
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('the FILE_STORAGE setting', () => {
  it('keeps files in the folder unless told s3, and refuses anything else or s3 without a bucket', () => {
    expect(loadConfig({}).files.s3).toBeNull();
    expect(loadConfig({ FILE_STORAGE: 'folder' }).files.s3).toBeNull();
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'uploads' }).files.s3).toEqual({ bucket: 'uploads', prefix: '', region: 'us-east-1', endpoint: undefined, forcePathStyle: false });
    expect(() => loadConfig({ FILE_STORAGE: 'disk' })).toThrow('FILE_STORAGE=disk is not supported: use folder (FILE_STORAGE_DIR, the default) or s3 (S3_BUCKET)');
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('FILE_STORAGE=s3 needs S3_BUCKET');
  });
});
