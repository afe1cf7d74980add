import type { QueryOf } from '../../contract/endpoint';
import { fileServers } from '../../contract/files/endpoints';
import type { Territory } from '../../contract/shared/territory';
import type { ApiClient } from './client';

// The file server's upload calls of spec section 7 (contract/files/endpoints.ts), on the server of
// the account's territory. Loaded with the address cleanse upload only.

type Server = (typeof fileServers)[Territory];

export function filesApi(api: ApiClient, territory: Territory) {
  const files: Server = fileServers[territory];
  return {
    beginUpload: (query: QueryOf<Server['beginUpload']>) => api.call(files.beginUpload, { query }, { action: 'begin upload' }),
    /** Where a saved upload stands; the caller begins afresh on a failure, so no Error modal. */
    uploadStatus: (query: QueryOf<Server['uploadStatus']>) =>
      api.call(files.uploadStatus, { query }, { action: 'read the upload', cache: false, skipDefaultErrorHandling: true }),
    /** A dropped chunk is retried by the caller, which shows the error only when it gives up. */
    uploadChunk: (query: QueryOf<Server['uploadChunk']>, body: Uint8Array) =>
      api.call(files.uploadChunk, { query, body }, { action: 'upload file', skipDefaultErrorHandling: true }),
    endUpload: (query: QueryOf<Server['endUpload']>) => api.call(files.endUpload, { query }, { action: 'end upload', cache: false }),
  };
}
