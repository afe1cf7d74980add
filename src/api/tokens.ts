import type { BodyOf, ResponseOf } from '../../contract/endpoint';
import * as tokens from '../../contract/tokens/endpoints';
import type { ApiClient } from './client';

// The token calls of the tokens page (spec section 7, Tokens), each through its contract entry.
// Loaded with that page only.

export type Token = ResponseOf<typeof tokens.listTokens>[number];
export type TokenAuditEntry = ResponseOf<typeof tokens.tokenAudit>[number];
export type TokenInput = BodyOf<typeof tokens.createToken>['token'];
export type TokenUpdate = BodyOf<typeof tokens.updateToken>;
export type BulkChange = Omit<BodyOf<typeof tokens.bulkUpdateTokens>, 'ids'>;

export function tokensApi(api: ApiClient) {
  return {
    /** A failure is said in the Error modal: an empty list would read "no tokens yet". */
    list: (accountId: number) => api.call(tokens.listTokens, { query: { parentId: accountId } }, { action: 'load the tokens', cache: false }),
    audit: (accountId: number) =>
      api.call(tokens.tokenAudit, { query: { parentId: accountId, limit: 200 } }, { action: 'load the token audit log', cache: false }),
    /** The form says a refusal under its fields (src/areas/administration/tokens/tokenForm.ts), so no Error modal. */
    create: (accountId: number, token: TokenInput, password: string) =>
      api.call(tokens.createToken, { query: { parentId: accountId }, body: { token, password } }, { action: 'create the token', skipDefaultErrorHandling: true }),
    update: (id: number, body: TokenUpdate) => api.call(tokens.updateToken, { query: { id }, body }, { action: 'update the token', skipDefaultErrorHandling: true }),
    lock: (id: number, lock: boolean) =>
      api.call(tokens.lockToken, { query: { id }, body: { lock } }, { action: lock ? 'lock the token' : 'unlock the token' }),
    bulk: (accountId: number, ids: number[], change: BulkChange) =>
      api.call(tokens.bulkUpdateTokens, { query: { groupId: accountId }, body: { ids, ...change } }, { action: 'change the tokens' }),
    remove: (id: number) => api.call(tokens.deleteToken, { query: { id } }, { action: 'delete the token' }),
    /**
     * With the signed-in owner's user name and password again (spec section 5). The dialog says a
     * refusal itself (a wrong password on the dialog, nothing exported), so no Error modal.
     */
    exportToken: (accountId: number, tokenId: number, basic: { userName: string; password: string }) =>
      api.call(tokens.exportToken, { query: { accountId, tokenId }, basic }, { action: 'export the API token', skipDefaultErrorHandling: true }),
  };
}

export type TokensApi = ReturnType<typeof tokensApi>;
