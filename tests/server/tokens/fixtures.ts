// Shared by the tokens tests: request helpers for the token calls, a valid token body, and a dump of
// every table the token calls can change.
import type { InjectOptions } from 'fastify';
import { request, type Query } from '../support/calls';
import type { TokenInput } from '../../../contract/tokens/schemas';
import { uniqueText } from '../support/rows';
import { query, type Harness } from '../support/harness';

/** A request to the token calls of the user server (/api/users/tokens...). */
export const tokens = (method: InjectOptions['method'], path: string, q?: Query, payload?: unknown) =>
  request(method, `/api/users/tokens${path}`, q, payload);

/** Everything the token calls can change, to compare before and after a refused call. */
export async function dumpTokenState(h: Harness) {
  const q = async (sql: string) => (await query(h.db, sql)).rows;
  return {
    tokens: await q('select * from tokens order by id'),
    audit: await q('select * from token_audit order by id'),
    sessions: await q("select id, user_id, kind, token_id, expires_at, revoked_at from sessions where kind = 'api' order by id"),
  };
}

/** The claims of a JWT, unchecked (the server checks them; the test reads what it put in). */
export const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

/** A valid token body for POST /tokens/password. */
export const tokenBody = (overrides: Partial<TokenInput> = {}): TokenInput => ({
  tag: uniqueText('Token'),
  type: 'server',
  ipRange: ['203.0.113.0/24'],
  services: ['addresslookup'],
  ...overrides,
});
