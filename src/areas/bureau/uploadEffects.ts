import { fromPromise } from 'xstate';
import type { Territory } from '../../../contract/shared/territory';
import type { SavedUpload } from '../../../machines/bureauFileParts';
import { bureauUploadMachine } from '../../../machines/bureauUpload';
import { bureauApi } from '../../api/bureau';
import type { ApiClient } from '../../api/client';
import { filesApi } from '../../api/files';
import type { Hasher } from './hasher';

// The upload machine's effects: the file server of the account's territory (spec section 7), the
// hash worker, and the unfinished upload kept per account in local storage for a reload.

const savedKey = (accountId: number) => `portal.bureau.upload.${accountId}`;

export function loadSavedUpload(accountId: number, storage: Storage): SavedUpload | null {
  try {
    const raw = storage.getItem(savedKey(accountId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const read = (key: string): unknown => Reflect.get(value, key);
    const [fileId, name, size, lastModified, hash] = ['fileId', 'name', 'size', 'lastModified', 'hash'].map(read);
    if (typeof fileId !== 'string' || typeof name !== 'string' || typeof size !== 'number' || typeof lastModified !== 'number' || typeof hash !== 'string') return null;
    return { fileId, name, size, lastModified, hash };
  } catch {
    return null;
  }
}

export type UploadDeps = { api: ApiClient; territory: Territory; accountId: number; storage: Storage; hasher: Hasher; now?: () => number };

export function uploadWithEffects({ api, territory, accountId, storage, hasher, now = () => performance.now() }: UploadDeps) {
  const files = filesApi(api, territory);
  const bureau = bureauApi(api);
  return bureauUploadMachine.provide({
    actors: {
      hashSlice: fromPromise(({ input, signal }) => hasher.hashSlice(input, signal)),
      beginUpload: fromPromise(({ input }) => files.beginUpload(input)),
      // Where a saved upload stands: the machine begins afresh when the server no longer has it.
      uploadStatus: fromPromise(({ input }) => files.uploadStatus(input)),
      sendChunk: fromPromise(async ({ input }) => {
        const started = now();
        const bytes = new Uint8Array(await input.data.slice(input.start, input.end).arrayBuffer());
        // A dropped chunk is retried by the machine; it shows the error only when it gives up.
        const sent = await files.uploadChunk({ fileId: input.fileId, idx: input.idx }, bytes);
        return { nextIdx: sent.nextIdx, ms: Math.max(1, now() - started) };
      }),
      endUpload: fromPromise(({ input }) => files.endUpload(input)),
      createFile: fromPromise(async ({ input }) => {
        const file = await bureau.createFile(input);
        return { fileId: file.id, name: file.name };
      }),
    },
    actions: {
      remember: (_, { saved }) => storage.setItem(savedKey(accountId), JSON.stringify(saved)),
      forget: () => storage.removeItem(savedKey(accountId)),
    },
  });
}
