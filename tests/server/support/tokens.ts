// Tokens written straight into the database, and exported API tokens (a session of kind 'api' and
// its JWT, as the tokens module's export makes them), for the tests of the token calls and of every
// metered service.
import { randomBytes } from 'node:crypto';
import type { DqService } from '../../../contract/shared/catalogue';
import { createSessionJwt } from '../../../server/modules/users/jwt';
import { nowOf } from './catalogue';
import { query, type Harness } from './harness';
import { uniqueText } from './rows';

export type TokenFields = {
  type?: 'server' | 'browser';
  tag?: string;
  locked?: boolean;
  ipRanges?: string[];
  /** A browser token's default is *.example.com; a server token has none. */
  referrer?: string | null;
  expiry?: number;
  services?: DqService[];
  dailyCap?: number | null;
  deleted?: boolean;
};

/** A token row of the account, as the token calls would write it. */
export async function insertToken(h: Harness, accountId: number, fields: TokenFields = {}): Promise<number> {
  const now = nowOf(h);
  const { rows } = await query<{ id: number }>(h.db,
    `insert into tokens (account_id, type, tag, locked, ip_ranges, referrer, expiry, services, daily_cap, created_at, updated_at, deleted_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11) returning id`,
    [accountId, fields.type ?? 'server', fields.tag ?? uniqueText('Token'), fields.locked ?? false, fields.ipRanges ?? [],
      fields.referrer === undefined ? (fields.type === 'browser' ? '*.example.com' : null) : fields.referrer, fields.expiry ?? 0,
      fields.services ?? ['addresslookup', 'email'], fields.dailyCap ?? null, now, fields.deleted ? now : null]);
  return rows[0].id;
}

/**
 * An exported API token bound to `tokenId`: a session row of kind 'api' with the token, and a JWT
 * signed as the login does (one year), carrying the account id.
 */
export async function exportToken(h: Harness, user: { id: number; email: string }, accountId: number, tokenId: number | null, kind: 'api' | 'session' = 'api') {
  const now = nowOf(h);
  const sessionId = randomBytes(18).toString('base64url');
  const expirySeconds = 31_536_000;
  await query(h.db,
    'insert into sessions (id, user_id, kind, created_at, expires_at, token_id) values ($1, $2, $3, $4, $5, $6)',
    [sessionId, user.id, kind, now, now + expirySeconds, tokenId]);
  const jwt = await createSessionJwt({ db: h.db, secret: h.config.jwtSecret }).sign(
    { userId: user.id, userName: user.email, roles: ['account'], territory: 'uk', validated: true, accountId, sessionId,
      recycleDate: now + expirySeconds, recycleSeconds: expirySeconds, expirySeconds },
    now,
  );
  return { jwt, sessionId };
}

