// Shared by the files tests: a harness whose file server takes small chunks and keeps its files in
// a fresh folder, and the first upload call.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness, type Harness } from '../support/harness';
import { testChunkBytes, type FileServer } from '../support/uploads';

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

/** Begins an upload of `file` (declaring its size unless told not to) and returns its id. */
export async function begin(server: FileServer, name: string, size?: number): Promise<string> {
  const response = await server.begin(name, size);
  if (response.statusCode !== 200) throw new Error(`begin: ${response.statusCode} ${response.body}`);
  return response.json<{ fileId: string }>().fileId;
}
