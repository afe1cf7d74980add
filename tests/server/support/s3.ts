// A real S3-compatible server (s3rver: the S3 API over a temporary folder) on an ephemeral port, for
// the object-storage file store. s3rver takes the access key S3RVER with the secret S3RVER; the store
// reads them from the environment like any AWS credentials (the SDK's default chain).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { vi } from 'vitest';

export const testBucket = 'portal-test';

export async function startS3() {
  const directory = await mkdtemp(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: testBucket }] });
  const { port } = await server.run();
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The settings of a store in the test bucket under `prefix`. */
    options: (prefix: string) => ({ bucket: testBucket, prefix, region: 'us-east-1', endpoint, forcePathStyle: true }),
    /** A client of the test server, to look into the bucket from outside a store (destroy it after). */
    client: () => new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true }),
    /** The environment of an app whose files go to the test bucket under `prefix`. */
    env: (prefix: string) => ({ FILE_STORAGE: 's3', S3_BUCKET: testBucket, S3_PREFIX: prefix, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1' }),
    async close() {
      vi.unstubAllEnvs();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
export type TestS3 = Awaited<ReturnType<typeof startS3>>;
