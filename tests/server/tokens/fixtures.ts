// Shared by the tokens*.test.ts files: request helpers for the token calls, tokens written straight
// into the database, and a dump of every table the token calls can change.
import type { InjectOptions } from 'fastify';
import { request, type Query } from './groups-fixtures';
import { query, type Harness } from './harness';

export const nowOf = (h: Harness) => Math.floor(h.clock() / 1000);

/** A request to the token calls of the user server (/api/users/tokens...). */
export const tokens = (method: InjectOptions['method'], path: string, q?: Query, payload?: unknown) =>
  request(method, `/api/users/tokens${path}`, q, payload);

let counter = 0;
export const uniqueTag = (label = 'Token') => `${label} ${process.pid % 1000}-${++counter}`;

/** A token row of the account, as the calls would write it. */
export async function insertToken(h: Harness, accountId: number, fields: {
  tag?: string;
  type?: 'server' | 'browser';
  locked?: boolean;
  expiry?: number;
  referrer?: string | null;
  ipRanges?: string[];
  services?: string[];
  deleted?: boolean;
} = {}): Promise<number> {
  const now = nowOf(h);
  const { rows } = await query<{ id: number }>(h.db,
    `insert into tokens (account_id, type, tag, locked, ip_ranges, referrer, expiry, services, created_at, updated_at, deleted_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) returning id`,
    [accountId, fields.type ?? 'server', fields.tag ?? uniqueTag(), fields.locked ?? false, fields.ipRanges ?? [],
      fields.referrer ?? (fields.type === 'browser' ? '*.example.com' : null), fields.expiry ?? 0, fields.services ?? ['addresslookup', 'email'],
      now, fields.deleted ? now : null]);
  return rows[0].id;
}

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
export const tokenBody = (overrides: Record<string, unknown> = {}) => ({
  tag: uniqueTag(),
  type: 'server',
  ipRange: ['203.0.113.0/24'],
  services: ['addresslookup'],
  ...overrides,
});
