import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { role, territory } from '../../../contract/users/entities';
import type { Db } from '../../db';

/** What a session token says about its user, plus the lengths chosen at login so /reauth can repeat them. */
export type SessionClaims = {
  userId: number;
  userName: string;
  roles: z.infer<typeof role>[];
  territory: z.infer<typeof territory>;
  validated: boolean;
  accountId?: number;
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
  sid: z.string().min(16).max(64),
  recycleDate: z.number().int(),
  rt: z.number().int().positive(),
  et: z.number().int().positive(),
});

export type Tokens = {
  /** A token valid from nowSeconds for claims.expirySeconds. */
  sign(claims: SessionClaims, nowSeconds: number): Promise<string>;
  /** The claims of a genuine, unexpired token at nowMs; null for anything else. */
  verify(token: string, nowMs: number): Promise<SessionClaims | null>;
};

/**
 * HS256 tokens. The key is JWT_SECRET when given; otherwise a random secret created once and kept in
 * the settings table, so restarts and every process sharing the database accept each other's tokens.
 */
export function createTokens(deps: { db: Db; secret?: string | null }): Tokens {
  let key: Promise<Uint8Array> | undefined;
  const getKey = () =>
    (key ??= (deps.secret ? Promise.resolve(deps.secret) : storedSecret(deps.db)).then((secret) =>
      new TextEncoder().encode(secret),
    )).catch((error: unknown) => {
      key = undefined; // a database hiccup must not poison every later request
      throw error;
    });

  return {
    async sign(claims, nowSeconds) {
      const { userId, recycleSeconds, expirySeconds, sessionId, ...rest } = claims;
      return new SignJWT({ ...rest, sid: sessionId, rt: recycleSeconds, et: expirySeconds })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + expirySeconds)
        .sign(await getKey());
    },
    async verify(token, nowMs) {
      try {
        const { payload } = await jwtVerify(token, await getKey(), {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
          requiredClaims: ['exp', 'sub'],
        });
        const parsed = payloadSchema.safeParse(payload);
        if (!parsed.success) return null;
        const { sub, rt, et, sid, ...rest } = parsed.data;
        return { ...rest, userId: Number(sub), sessionId: sid, recycleSeconds: rt, expirySeconds: et };
      } catch {
        return null;
      }
    },
  };
}

/** The random signing secret kept in the settings table: created once, shared by every process. */
export async function storedSecret(db: Db): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const { value } = await db.selectFrom('settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return value;
}
