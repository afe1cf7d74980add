import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallShape, Endpoint } from '../../contract/endpoint';
import type { SessionClaims, SessionUser } from '../modules/users/index';
import { forbidden, unauthorised } from '../errors';
import { basicCredentials, sessionOf } from './authenticate';

export const validateFirst = 'Validate your email address first: until then you can only validate, ask for a new code, and read your own details';

/** What route() needs of an endpoint entry (a config entry has no service: its path is absolute). */
export type RouteEntry<S extends CallShape> = Pick<Endpoint<S>, 'method' | 'path' | 'auth' | 'shape'>;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The validated input of a call, typed from its shape: query and body after defaults and coercion. */
export type CallInput<S extends CallShape> = { query: Parsed<S['query']>; body: Parsed<S['body']> };

/** Who calls and from where, for the service's authorisation and links. */
export type Call = {
  /** The signed-in user of a bearer call (401 if there is none). */
  readonly actor: SessionUser;
  /** The claims of the bearer token (the lifetimes chosen at login). */
  readonly claims: SessionClaims;
  /** user:password from the Authorization header of a basic call, or null. */
  readonly basic: { userName: string; password: string } | null;
  readonly ip: string;
  /** Where this request was sent (protocol and host), for links when PUBLIC_URL is not set. */
  readonly origin: string;
  /** The request's headers (the shop's idempotency-key). */
  readonly headers: FastifyRequest['headers'];
};

export type Handler<S extends CallShape> = (input: CallInput<S>, call: Call) => Promise<z.input<S['response']>> | z.input<S['response']>;

/** What a login answers to a wrong or missing user name and password. */
export const invalidCredentials = 'Invalid user name or password';

async function requireBasic(request: FastifyRequest): Promise<void> {
  if (!basicCredentials(request.headers.authorization)) throw unauthorised(invalidCredentials);
}

function callOf(request: FastifyRequest): Call {
  return {
    get actor() {
      return sessionOf(request).user;
    },
    get claims() {
      return sessionOf(request).claims;
    },
    get basic() {
      return basicCredentials(request.headers.authorization);
    },
    ip: request.ip,
    origin: `${request.protocol}://${request.host}`,
    headers: request.headers,
  };
}

/**
 * Registers one endpoint of contract/<module>/endpoints.ts with its shape from schemas.ts (the
 * types make them agree): method and path, the zod schemas for the query, body and response (so bad
 * input is a 400 before the handler runs), and for 'bearer' the authentication hook, which runs
 * before the body is parsed. The handler gets the parsed input typed from the shape and must return
 * the response's type. `status` is for calls that answer other than 200 (201 Created); `unvalidated`
 * lets a user whose email is not yet validated make the call.
 */
export function route<S extends CallShape>(
  app: FastifyInstance,
  entry: RouteEntry<S>,
  shape: S,
  handler: Handler<S>,
  options: { status?: number; unvalidated?: boolean } = {},
): void {
  const status = options.status ?? 200;
  // Until the email address is validated, a bearer call is refused unless it is one of the few
  // marked `unvalidated` (validate, resend, reauth, logout, read oneself).
  const needsValidated = entry.auth === 'bearer' && !options.unvalidated;
  app.route({
    method: entry.method,
    url: entry.path,
    schema: {
      ...(shape.query ? { querystring: shape.query } : {}),
      ...(shape.body ? { body: shape.body } : {}),
      response: { [status]: shape.response },
    },
    ...(entry.auth === 'bearer' ? { onRequest: app.authenticate } : {}),
    // Like a bearer call, a basic one without credentials is 401 before its input is looked at.
    ...(entry.auth === 'basic' ? { onRequest: requireBasic } : {}),
    handler: async (request, reply) => {
      // The zod validator compiler has replaced query and body with the schemas' parsed output.
      const input = { query: request.query, body: request.body } as CallInput<S>;
      if (needsValidated && !sessionOf(request).user.validated) throw forbidden(validateFirst);
      const result = await handler(input, callOf(request));
      return reply.status(status).send(result);
    },
  });
}
