// Bearer tokens are checked with node's HMAC instead of jose's jwtVerify: both
// must agree on every token, genuine or not.
import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessionJwt, verifyHs256, type SessionClaims } from '../../../server/modules/users/jwt';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Database } from '../../../server/db';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');
const key = createSecretKey(secret);
const now = 2_000_000_000;
const claims = { sub: '7', userName: 'a@example.com', roles: ['account'], sid: 'session-id-of-sixteen', iat: now - 10, exp: now + 60 };

const sign = (payload: JWTPayload, header: JWTHeaderParameters = { alg: 'HS256', typ: 'JWT' }, with_ = secret) =>
  new SignJWT(payload).setProtectedHeader(header).sign(with_);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The token with the first character of its signature changed (the last one is partly padding). */
const tampered = (token: string) => {
  const at = token.lastIndexOf('.') + 1;
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
};

/** A token signed with HMAC-SHA256 over any header and payload (jose refuses to make some of these). */
const raw = (header: unknown, payload: unknown) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};

async function joseAccepts(token: string): Promise<boolean> {
  return jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(now * 1000), requiredClaims: ['exp', 'sub'] }).then(
    () => true,
    () => false,
  );
}

describe('HS256 verification', () => {
  it('accepts a genuine token and returns its claims', async () => {
    for (const token of [await sign(claims), raw({ alg: 'HS256' }, claims)]) {
      expect(verifyHs256(token, key, now)).toEqual({ payload: claims, notBefore: -Infinity, expires: now + 60 });
      expect(await joseAccepts(token)).toBe(true);
    }
  });

  it('agrees with jose on every kind of bad token', async () => {
    const genuine = await sign(claims);
    const [header, , signature] = genuine.split('.');
    const cases: Record<string, string> = {
      'expired at this second': await sign({ ...claims, exp: now }),
      'without exp': await sign({ sub: '7', iat: now }),
      'without sub': await sign({ exp: now + 60 }),
      'not valid yet': await sign({ ...claims, nbf: now + 5 }),
      'iat not a number': await sign({ ...claims, iat: 'yesterday' as unknown as number }),
      'exp not a number': await sign({ ...claims, exp: String(now + 60) as unknown as number }),
      'another secret': await sign(claims, undefined, new TextEncoder().encode('another-secret-that-is-long-enough-for-it')),
      'HS512': await sign(claims, { alg: 'HS512' }),
      'alg none': `${b64({ alg: 'none' })}.${b64(claims)}.`,
      'alg none with the genuine signature': `${b64({ alg: 'none' })}.${b64(claims)}.${signature}`,
      'a critical extension': raw({ alg: 'HS256', crit: ['x'], x: 1 }, claims),
      'alg missing': raw({ typ: 'JWT' }, claims),
      'header not an object': raw(['HS256'], claims),
      'payload changed': `${header}.${b64({ ...claims, roles: ['super'] })}.${signature}`,
      'signature changed': tampered(genuine),
      'payload not an object': raw({ alg: 'HS256' }, [claims]),
      'four parts': `${genuine}.x`,
      'not a token': 'not-a-jwt',
      'empty': '',
    };
    for (const [label, token] of Object.entries(cases)) {
      expect(verifyHs256(token, key, now), label).toBeNull();
      expect(await joseAccepts(token), label).toBe(false);
    }
  });

  it('accepts a token until the second it expires, and one valid from now', async () => {
    const lastSecond = await sign({ ...claims, exp: now + 1, nbf: now });
    expect(verifyHs256(lastSecond, key, now)).not.toBeNull();
    expect(await joseAccepts(lastSecond)).toBe(true);
  });
});

describe('tokens verified before', () => {
  it('are taken at their word again only within their time window', async () => {
    // With a secret given the database is never asked: Kysely's compile-only dialect stands in.
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const tokens = createSessionJwt({ db, secret: 'a-secret-for-the-token-cache-test-0123456789' });
    const session: SessionClaims = { userId: 7, userName: 'a@example.com', roles: ['account'], territory: 'uk', validated: true,
      sessionId: 'session-id-of-sixteen', recycleDate: now + 30, recycleSeconds: 30, expirySeconds: 60 };
    const token = await tokens.sign(session, now);
    expect(await tokens.verify(token, now * 1000)).toEqual(session);
    expect(await tokens.verify(token, (now + 59) * 1000 + 999)).toEqual(session);
    expect(await tokens.verify(token, (now + 60) * 1000)).toBeNull();
    expect(await tokens.verify(token, (now - 1) * 1000)).toEqual(session);
    expect(await tokens.verify(tampered(token), now * 1000)).toBeNull();
    // What a process that never saw the token decides.
    const other = createSessionJwt({ db, secret: 'a-secret-for-the-token-cache-test-0123456789' });
    expect(await other.verify(token, (now + 60) * 1000)).toBeNull();
    expect(await other.verify(token, (now + 59) * 1000)).toEqual(session);
  });
});
