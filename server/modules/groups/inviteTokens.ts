import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { accessLevels } from '../../../contract/shared/access';
import type { Db } from '../../db';
import { jwtSecretOf } from '../users/index';

/** What a group invitation says; the jti makes it single use (the invites table). */
export type InviteClaims = {
  groupId: number;
  email: string;
  accessLevel: (typeof accessLevels)[number];
  takeOwnership: boolean;
  jti: string;
};

// Session tokens carry no audience; this one keeps an invitation from passing for anything else.
const audience = 'group-invite';

const payloadSchema = z.object({
  groupId: z.number().int().positive(),
  email: z.string(),
  accessLevel: z.enum(accessLevels),
  takeOwnership: z.boolean(),
  jti: z.string().min(1),
});

export type InviteCheck =
  | { ok: true; claims: InviteClaims }
  /** Genuine (the signature held) but past its expiry: the claims still say which invitation it was. */
  | { ok: false; reason: 'expired'; claims: InviteClaims }
  | { ok: false; reason: 'invalid' };

export type InviteTokens = {
  sign(claims: Omit<InviteClaims, 'jti'>, nowSeconds: number, expirySeconds: number): Promise<{ jwt: string; jti: string }>;
  verify(token: string, nowMs: number): Promise<InviteCheck>;
};

/**
 * HS256 invitation tokens signed with the session secret: JWT_SECRET, or the random secret kept in
 * the settings table (the same row server/modules/users/jwt.ts uses), so every process accepts them.
 */
export function createInviteTokens(deps: { db: Db; secret?: string | null }): InviteTokens {
  const secret = jwtSecretOf(deps);
  const getKey = async () => new TextEncoder().encode(await secret());

  return {
    async sign(claims, nowSeconds, expirySeconds) {
      const jti = randomUUID();
      const jwt = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(jti)
        .setAudience(audience)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + expirySeconds)
        .sign(await getKey());
      return { jwt, jti };
    },
    async verify(token, nowMs) {
      try {
        // The signature is checked before the expiry, so "expired" is only said of a genuine invitation.
        const { payload } = await jwtVerify(token, await getKey(), {
          algorithms: ['HS256'],
          audience,
          currentDate: new Date(nowMs),
          requiredClaims: ['exp', 'jti'],
        });
        const parsed = payloadSchema.safeParse(payload);
        return parsed.success ? { ok: true, claims: parsed.data } : { ok: false, reason: 'invalid' };
      } catch (error) {
        // jose checks the expiry last, after the signature and the other claims.
        const parsed = error instanceof errors.JWTExpired ? payloadSchema.safeParse(error.payload) : undefined;
        return parsed?.success ? { ok: false, reason: 'expired', claims: parsed.data } : { ok: false, reason: 'invalid' };
      }
    },
  };
}
