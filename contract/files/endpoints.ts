import { endpoint } from '../endpoint';
import type * as S from './schemas';

// Spec section 7, File server (per territory). The same calls on each territory's server (service
// filesUk or filesAustralia, from the runtime config): the caller picks the one of its account.

function fileServer(service: 'filesUk' | 'filesAustralia') {
  return {
    beginUpload: endpoint<typeof S.beginUpload>(service, 'GET', '/upload/begin', 'bearer'),
    uploadChunk: endpoint<typeof S.uploadChunk>(service, 'POST', '/upload/chunk', 'bearer'),
    endUpload: endpoint<typeof S.endUpload>(service, 'GET', '/upload/end', 'bearer'),
    /** Ours: the chunks the server holds, to resume after a reload. */
    uploadStatus: endpoint<typeof S.uploadStatus>(service, 'GET', '/upload/status', 'bearer'),
    downloadFile: endpoint<typeof S.downloadFile>(service, 'GET', '/files/:id', 'bearer'),
  };
}

export const filesUk = fileServer('filesUk');
export const filesAustralia = fileServer('filesAustralia');
export const fileServers = { uk: filesUk, australia: filesAustralia } as const;

/** GET /files/{id} for one file, as an entry the client can call (the response is the file). */
export const fileDownload = (territory: keyof typeof fileServers, id: string) => ({
  ...fileServers[territory].downloadFile,
  path: `/files/${encodeURIComponent(id)}`,
});
