import { endpoint } from '../endpoint';
import type * as S from './schemas';

// Spec section 7, Tokens. Section 7 names no base URL for them, so they are the user server's
// (service `users`), like the token's servicejwt. All bearer except the export, which takes the
// owner's user name and password (spec: "Export an API token (user name, password, account id),
// returning a token string"; its path is not shown, so /tokens/export is ours), and the audit log,
// which is ours too.

export const listTokens = endpoint<typeof S.listTokens>('users', 'GET', '/tokens', 'bearer');
export const createToken = endpoint<typeof S.createToken>('users', 'POST', '/tokens/password', 'bearer');
export const updateToken = endpoint<typeof S.updateToken>('users', 'PUT', '/tokens', 'bearer');
export const deleteToken = endpoint<typeof S.deleteToken>('users', 'DELETE', '/tokens', 'bearer');
export const lockToken = endpoint<typeof S.lockToken>('users', 'PUT', '/tokens/lock', 'bearer');
export const bulkUpdateTokens = endpoint<typeof S.bulkUpdateTokens>('users', 'PUT', '/tokens/bulk', 'bearer');
export const tokenAudit = endpoint<typeof S.tokenAudit>('users', 'GET', '/tokens/audit', 'bearer');
export const exportToken = endpoint<typeof S.exportToken>('users', 'GET', '/tokens/export', 'basic');
