import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileServers } from '../../../contract/files/endpoints';
import { uploadChunkBytes } from '../../../contract/files/entities';
import { createHarness, type Harness } from '../support/harness';
import { begin } from './fixtures';
import { fileServer, sha256 } from '../support/uploads';
import { signedInOwner } from '../support/calls';

// The file server at the spec's chunk size (section 9: 10,000,000 bytes), not the tests' small one.

let h: Harness;
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'portal-uploads-'));
  h = await createHarness({ env: { FILE_STORAGE_DIR: storageDir } });
});
afterAll(async () => {
  await h?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('the file server at the spec chunk size', () => {
  it('takes a whole 10,000,000-byte chunk and refuses one byte more with 413', async () => {
    expect(uploadChunkBytes).toBe(10_000_000);
    expect(h.config.files.chunkBytes).toBe(10_000_000);
    const { headers } = await signedInOwner(h);
    const uk = fileServer(h.app, headers);
    const file = randomBytes(10_000_000 + 5);
    const fileId = await begin(uk, 'large.csv', file.length);

    const over = await uk.chunk(fileId, 0, file);
    expect(over.statusCode).toBe(413);
    expect(over.json<{ msg: string }>().msg).toBe('A chunk is at most 10,000,000 bytes: send the file in chunks of that size');

    expect((await uk.chunk(fileId, 0, file.subarray(0, 10_000_000))).statusCode).toBe(200);
    expect((await uk.chunk(fileId, 1, file.subarray(10_000_000))).statusCode).toBe(200);
    const end = await uk.end(fileId, sha256(file));
    expect(end.statusCode, end.body).toBe(200);
    expect((await uk.download(fileId)).rawPayload.equals(file)).toBe(true);
  }, 60_000);

  it('serves every call of the contract on both territories, with its method and path', () => {
    const routes = h.app.printRoutes({ commonPrefix: false });
    for (const [territory, server] of Object.entries(fileServers)) {
      for (const entry of Object.values(server)) {
        expect(h.app.hasRoute({ method: entry.method, url: `/api/files/${territory}${entry.path}` }), `${entry.method} ${entry.path}\n${routes}`).toBe(true);
      }
    }
  });
});
