import { SignJWT } from 'jose';
import { z } from 'zod';
import { dqServices, type DqService } from '../../../contract/shared/catalogue';
import type { Db } from '../../db';
import { signingKey, verifyHs256 } from '../users/index';

// Service JWTs: what the SPA's application pages call the data-quality services with. Signed with
// the session secret (JWT_SECRET or the stored one), but with a payload of their own: `scope:
// 'service'`, the account and the services, and none of a session's claims (userName, roles,
// recycleDate...). The session verifier of users/jwt.ts parses its payload strictly and so refuses
// a service JWT anywhere else in the portal; this verifier insists on the scope and so refuses a
// session token at a metered route.

export type ServiceClaims = {
  userId: number;
  /** The session the service JWT was issued from: logging out or a lock ends it too. */
  sessionId: string;
  accountId: number;
  /** The row of the services table asked for (spec section 9: matched on service id). */
  serviceId: number;
  services: DqService[];
};

const payloadSchema = z.object({
  scope: z.literal('service'),
  sub: z.string().regex(/^\d+$/),
  sid: z.string().min(16).max(64),
  acc: z.number().int().positive(),
  svc: z.number().int().positive(),
  dq: z.array(z.enum(dqServices)).min(1),
});

export type ServiceTokens = {
  sign(claims: ServiceClaims, nowSeconds: number, lifetimeSeconds: number): Promise<string>;
  /** The claims of a genuine, unexpired service JWT; null for anything else (a session token included). */
  verify(token: string, nowSeconds: number): Promise<ServiceClaims | null>;
};

export function createServiceTokens(deps: { db: Db; secret?: string | null }): ServiceTokens {
  const getKey = signingKey(deps);
  return {
    async sign(claims, nowSeconds, lifetimeSeconds) {
      return new SignJWT({ scope: 'service', sid: claims.sessionId, acc: claims.accountId, svc: claims.serviceId, dq: claims.services })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + lifetimeSeconds)
        .sign((await getKey()).bytes);
    },
    async verify(token, nowSeconds) {
      const checked = verifyHs256(token, (await getKey()).hmac, nowSeconds);
      const parsed = payloadSchema.safeParse(checked?.payload);
      if (!checked || !parsed.success) return null;
      const { sub, sid, acc, svc, dq } = parsed.data;
      return { userId: Number(sub), sessionId: sid, accountId: acc, serviceId: svc, services: dq };
    },
  };
}

/** One per database handle, so every route of a process shares the key. */
const perDb = new WeakMap<Db, ServiceTokens>();
export function serviceTokensFor(deps: { db: Db; config: { jwtSecret: string | null } }): ServiceTokens {
  let tokens = perDb.get(deps.db);
  if (!tokens) perDb.set(deps.db, (tokens = createServiceTokens({ db: deps.db, secret: deps.config.jwtSecret })));
  return tokens;
}

/** The data-quality services behind each row of the services table (migration 002). */
export const servicesByName: Record<string, DqService[]> = {
  address: ['addresslookup', 'autocomplete'],
  email: ['email'],
  bankcode: ['bankcode'],
  name: ['name'],
  cleanse: ['addresscleanse'],
};
