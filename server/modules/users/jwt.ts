import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { role, territory } from '../../../contract/users/entities';
import type { Db } from '../../db';
import type { SessionStage } from '../../errors';
import { secretOf } from '../../platform/secrets';

/** What a session token says about its user, plus the lengths chosen at login so /reauth can repeat them. */
export type SessionClaims = {
  userId: number;
  userName: string;
  roles: z.infer<typeof role>[];
  territory: z.infer<typeof territory>;
  validated: boolean;
  accountId?: number;
  /**
   * Set on a half-signed-in session (the session row's stage): 'secondFactor' opens only the second
   * step of sign-in, 'enrol' only enrolment of a second factor (and reauth, logout).
   */
  stage?: SessionStage;
  /** The session row the token belongs to (kept across renewals; revoking it ends the token). */
  sessionId: string;
  /** Seconds since the epoch. */
  recycleDate: number;
  recycleSeconds: number;
  expirySeconds: number;
};

const payloadSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  userName: z.string(),
  roles: z.array(role),
  territory,
  validated: z.boolean(),
  accountId: z.number().int().optional(),
  stage: z.enum(['secondFactor', 'enrol']).optional(),
  sid: z.string().min(16).max(64),
  recycleDate: z.number().int(),
  rt: z.number().int().positive(),
  et: z.number().int().positive(),
});

export type SessionJwt = {
  /** A token valid from nowSeconds for claims.expirySeconds. */
  sign(claims: SessionClaims, nowSeconds: number): Promise<string>;
  /** The claims of a genuine, unexpired token at nowMs; null for anything else. */
  verify(token: string, nowMs: number): Promise<SessionClaims | null>;
};

/** How many verified tokens each process keeps (see verify below). */
const keptTokens = 1000;

/**
 * The HS256 key every token of the portal is signed with (sessions, service JWTs), read once per
 * process: JWT_SECRET, or the secret kept in the settings table.
 */
export function signingKey(deps: { db: Db; secret?: string | null }): () => Promise<{ bytes: Uint8Array; hmac: KeyObject }> {
  const secret = jwtSecretOf(deps);
  let key: { bytes: Uint8Array; hmac: KeyObject } | undefined;
  return async () => {
    if (!key) {
      const bytes = new TextEncoder().encode(await secret());
      key = { bytes, hmac: createSecretKey(bytes) };
    }
    return key;
  };
}

/** The session secret (JWT_SECRET, or the installation's stored one), shared with the invitation tokens. */
export const jwtSecretOf = (deps: { db: Db; secret?: string | null }) => secretOf(deps.db, 'jwt_secret', deps.secret ?? null);

/**
 * HS256 tokens. The key is JWT_SECRET when given; otherwise a random secret created once and kept in
 * the settings table, so restarts and every process sharing the database accept each other's tokens.
 * jose signs; verifying, which every authenticated call does, is verifyHs256 below.
 */
export function createSessionJwt(deps: { db: Db; secret?: string | null }): SessionJwt {
  const getKey = signingKey(deps);
  // Tokens verified before, oldest first. What a genuine token says never changes, so one seen
  // before needs only its time window checked again (the HMAC and the claims' schema took 0.05 ms,
  // a tenth of an authenticated read). Whether its session still stands is asked of the database
  // on every call, never of this map: a logout or a lock anywhere is seen at once.
  const verified = new Map<string, { claims: SessionClaims; notBefore: number; expires: number }>();

  return {
    async sign(claims, nowSeconds) {
      const { userId, recycleSeconds, expirySeconds, sessionId, ...rest } = claims;
      return new SignJWT({ ...rest, sid: sessionId, rt: recycleSeconds, et: expirySeconds })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + expirySeconds)
        .sign((await getKey()).bytes);
    },
    async verify(token, nowMs) {
      const now = Math.floor(nowMs / 1000);
      const known = verified.get(token);
      if (known) return known.notBefore <= now && now < known.expires ? known.claims : null;
      const checked = verifyHs256(token, (await getKey()).hmac, now);
      const parsed = payloadSchema.safeParse(checked?.payload);
      if (!checked || !parsed.success) return null;
      const { sub, rt, et, sid, ...rest } = parsed.data;
      // Shared by every call with this token, so nobody may change it.
      const claims = Object.freeze({ ...rest, userId: Number(sub), sessionId: sid, recycleSeconds: rt, expirySeconds: et });
      if (verified.size >= keptTokens) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, notBefore: checked.notBefore, expires: checked.expires });
      return claims;
    },
  };
}

// Three base64url parts; an HS256 signature is 32 bytes, 43 characters unpadded.
const compactHs256 = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numericDate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The payload of a compact HS256 token signed with `key` and valid at `nowSeconds`, with the window
 * it is valid in; null for anything else. jose's jwtVerify does the same checks through WebCrypto, an
 * asynchronous job on the thread pool that cost ~0.2-0.3 ms per call, the largest share of an
 * authenticated read once its query was cheap; node's HMAC is synchronous.
 * Checked as jose does with algorithms ['HS256'] and required exp and sub: the signature
 * (constant-time) before anything in the token is believed, then alg exactly HS256 and no critical
 * extensions, then exp after now, nbf not after now, iat a number when present.
 */
export function verifyHs256(
  token: string,
  key: KeyObject,
  nowSeconds: number,
): { payload: Record<string, unknown>; notBefore: number; expires: number } | null {
  const match = compactHs256.exec(token);
  if (!match) return null;
  const [, header, payload, signature] = match;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  if (!timingSafeEqual(Buffer.from(signature, 'base64url'), expected)) return null;
  const head = decodeJson(header);
  if (!isObject(head) || head.alg !== 'HS256' || 'crit' in head || 'b64' in head) return null;
  const claims = decodeJson(payload);
  if (!isObject(claims) || typeof claims.sub !== 'string') return null;
  const { exp, nbf, iat } = claims;
  if (!numericDate(exp) || exp <= nowSeconds) return null;
  if (nbf !== undefined && (!numericDate(nbf) || nbf > nowSeconds)) return null;
  if (iat !== undefined && !numericDate(iat)) return null;
  return { payload: claims, notBefore: nbf ?? -Infinity, expires: exp };
}
