import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { unauthorised } from '../errors';
import { findSessionUser, type SessionClaims, type SessionJwt, type UserRecord } from '../modules/users/index';

export type Session = { user: UserRecord; claims: SessionClaims };

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    /** onRequest hook for bearer calls: a valid token of an existing, unlocked user, or 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * The same for a file download, which may also carry the token as ?token= (spec section 7: the
     * download link is built from fileServerId and the token, a plain link with no header).
     */
    authenticateDownload: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Decorates the root instance (not a plugin) so every service sees `authenticate`. It runs as an
 * onRequest hook, before the body is parsed, so strangers learn nothing from validation errors.
 */
export function registerAuthentication(app: FastifyInstance, deps: { db: Db; jwt: SessionJwt; clock: () => number }) {
  app.decorateRequest('session', null);
  const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  const signIn = async (request: FastifyRequest, token: string | undefined) => {
    if (!token) throw unauthorised();
    const claims = await deps.jwt.verify(token, deps.clock());
    if (!claims) throw unauthorised();
    // The database, not the token, decides: a deleted or locked user, or a revoked session, is out at once.
    const user = await findSessionUser(deps.db, claims.userId, claims.sessionId, Math.floor(deps.clock() / 1000));
    if (!user || user.locked) throw unauthorised();
    request.session = { user, claims };
  };
  app.decorate('authenticate', (request: FastifyRequest) => signIn(request, bearer(request)));
  app.decorate('authenticateDownload', (request: FastifyRequest) => {
    const query = request.query;
    const fromQuery = query && typeof query === 'object' && 'token' in query && typeof query.token === 'string' ? query.token : undefined;
    return signIn(request, bearer(request) ?? fromQuery);
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
