// Chunked, resumable uploads and downloads of an account's files (per territory), and the account a
// file caller works in (the bureau uploads through it).
export { noAccountMessage, ownAccount, ownedAccount, type FileCaller } from './service';
export { accountTerritory, findUpload } from './queries';
