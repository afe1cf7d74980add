import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { unauthorised } from '../errors';
import type { SessionClaims, Tokens } from '../modules/users/jwt';
import { findSessionUser, type UserRecord } from '../modules/users/queries';

export type Session = { user: UserRecord; claims: SessionClaims };

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    /** onRequest hook for bearer calls: a valid token of an existing, unlocked user, or 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Decorates the root instance (not a plugin) so every service sees `authenticate`. It runs as an
 * onRequest hook, before the body is parsed, so strangers learn nothing from validation errors.
 */
export function registerAuthentication(app: FastifyInstance, deps: { db: Db; tokens: Tokens; clock: () => number }) {
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorised();
    const claims = await deps.tokens.verify(match[1], deps.clock());
    if (!claims) throw unauthorised();
    // The database, not the token, decides: a deleted or locked user, or a revoked session, is out at once.
    const user = await findSessionUser(deps.db, claims.userId, claims.sessionId, Math.floor(deps.clock() / 1000));
    if (!user || user.locked) throw unauthorised();
    request.session = { user, claims };
  });
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorised();
  return request.session;
}

/** user:password from a Basic Authorization header, or null. */
export function basicCredentials(header: string | undefined): { userName: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  return { userName: decoded.slice(0, colon).trim().toLowerCase(), password: decoded.slice(colon + 1) };
}
