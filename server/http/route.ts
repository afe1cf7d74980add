import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions as FastifyRoute } from 'fastify';
import type { z } from 'zod';
import type { CallShape, Endpoint } from '../../contract/endpoint';
import type { DqService } from '../../contract/shared/catalogue';
import { forbidden, unauthorised, invalidCredentials, stageRefusals, validateFirst, type SessionStage } from '../errors';
import type { Deps } from '../kernel/deps';
import { secondsOf } from '../platform/clock';
import { meter as takeClicksFor } from '../platform/meter';
import { checkToken } from '../platform/meterRules';
import { basicCredentials, sessionOf, type Session } from './authenticate';
import { markTest, meteredCaller, type MeteredCaller } from './meteredCaller';
import type { CallDocs } from './openapiCall';

// Every call of the contract is registered here, by route(). Fastify registers directly only what is
// no call of the contract: the SPA's files (spa.ts), the operators' health, readiness and metrics
// (operations.ts), the API document and reference (openapi.ts), the test gateway's hosted pages,
// the gateway's signed webhook and the invoice pages reached by a signed link. What a reader must know:
//   - A call of contract/<module>/endpoints.ts is registered with its shape from schemas.ts; the
//     options say what differs from a JSON call with a session: `meter` (a data-quality call,
//     authenticated by meteredCaller.ts and charged by platform/meter.ts), `body` (raw bodies: SOAP
//     XML, upload chunks), `reply` (XML, CSV, HTML or a file instead of the shape's JSON), `params`
//     (a path with :parameters), `tokenInQuery` (a download link).
//   - Authentication runs as an onRequest hook, before the body is parsed and validated, so a
//     stranger learns nothing from validation errors: 401 first, then 400, then the handler.
//   - A route that must answer in its own words (the SOAP faults) sets its plugin's error handler.
//   - The route's `config.call` says how it is called (entry, meter, options), from which the OpenAPI
//     document (openapi.ts) writes its security, error answers and tag: nothing is declared twice.

/** What route() needs of an endpoint entry (a config entry has no service: its path is absolute). */
export type RouteEntry<S extends CallShape> = Pick<Endpoint<S>, 'method' | 'path' | 'auth' | 'shape'>;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * The validated input of a call, typed from its shape: query and body after defaults and coercion,
 * the path's parameters (with the `params` option), and what the meter's `before` returned.
 */
export type CallInput<S extends CallShape, B = void> = {
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
  params: Readonly<Record<string, string>>;
  prepared: B;
};

/** Who calls and from where, for the service's authorisation and links. */
export type Call = {
  /** The signed-in user of a bearer call (401 if there is none). */
  readonly caller: Session['user'];
  /** The claims of the bearer token (the lifetimes chosen at login). */
  readonly claims: Session['claims'];
  /** Whom a metered call is charged to (the `meter` option; 401 on any other route). */
  readonly metered: MeteredCaller;
  /** user:password from the Authorization header of a basic call, or null. */
  readonly basic: { userName: string; password: string } | null;
  readonly ip: string;
  /** The request's User-Agent, cut to 300 characters, or null without one (what a session row keeps). */
  readonly userAgent: string | null;
  /** Where this request was sent (protocol and host), for links when PUBLIC_URL is not set. */
  readonly origin: string;
  /** The request's headers (the shop's idempotency-key, a download's accept-encoding). */
  readonly headers: FastifyRequest['headers'];
  readonly log: FastifyBaseLogger;
};

/** The handler gets the parsed input and the caller; `reply` is for the headers of a `reply: 'text' | 'stream'` route. */
export type Handler<S extends CallShape, B = void> = (
  input: CallInput<S, B>,
  call: Call,
  reply: FastifyReply,
) => Promise<z.input<S['response']>> | z.input<S['response']>;

/** A data-quality call: authenticated as meteredCaller.ts says, then charged around the handler. */
export type MeterOption<S extends CallShape, B> = {
  deps: Deps;
  service: DqService;
  /** The country the usage is reported under (e.g. the country an address lookup names); the account's territory otherwise. */
  country?: (input: CallInput<S, B>) => string | undefined;
  /** Only bundles of this dataset (e.g. PAF or GNAF). */
  datasetRef?: (input: CallInput<S, B>) => string | undefined;
  /** Clicks the call costs (a batch call may cost one per record); default 1. */
  clicks?: (input: CallInput<S, B>) => number;
  /**
   * Runs after authentication and validation and before the meter: a refusal thrown here (an engine
   * still loading, an unknown record, a bad SOAP request) charges nothing and is never counted. What
   * it returns is the input's `prepared`.
   */
  before?: (input: CallInput<S>, call: Call) => B | Promise<B>;
  /**
   * Authenticated as a metered call but never charged (the address lists, a stored result read
   * again); 'token rules' also applies an API token's rules (lock, expiry, services, IP ranges,
   * referrer) before the input is validated.
   */
  free?: true | 'token rules';
};

export type RouteOptions<S extends CallShape, B = void> = {
  /** For calls that answer other than 200 (201 Created). */
  status?: number;
  /** A user whose email address is not yet validated may make the call. */
  unvalidated?: boolean;
  /**
   * The half-signed-in sessions that may make the call (a token whose claims carry a stage): every
   * other call refuses them with 403. A full session may make any call.
   */
  stages?: readonly SessionStage[];
  /** The schema of the path's parameters (/verify/:id), validated like the query. */
  params?: z.ZodType;
  meter?: MeterOption<S, B>;
  /**
   * A body other than JSON: its largest size in bytes (Fastify's bodyLimit for this route) and the
   * content type parsers that read it, registered for this route alone (a scope of its own).
   */
  body?: { limit?: number; parsers?: (scope: FastifyInstance) => void };
  /**
   * The answer is not the shape's JSON: 'text' (XML, CSV, HTML) is sent as the handler returns it,
   * with the content type it sets on the reply; 'stream' (a file) too, and the server's compression
   * leaves it alone (the handler compresses it or not).
   */
  reply?: 'text' | 'stream';
  /** A bearer token may also come as ?token= (a download link is a plain link, with no header). */
  tokenInQuery?: boolean;
  /** What the OpenAPI document cannot read from the shape: a raw body's or answer's media type and example. */
  docs?: CallDocs;
};

async function requireBasic(request: FastifyRequest): Promise<void> {
  if (!basicCredentials(request.headers.authorization)) throw unauthorised(invalidCredentials);
}

function callOf(request: FastifyRequest): Call {
  return {
    get caller() {
      return sessionOf(request).user;
    },
    get claims() {
      return sessionOf(request).claims;
    },
    get metered() {
      if (!request.meteredCaller) throw unauthorised();
      return request.meteredCaller;
    },
    get basic() {
      return basicCredentials(request.headers.authorization);
    },
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) || null,
    origin: `${request.protocol}://${request.host}`,
    headers: request.headers,
    log: request.log,
  };
}

/** The onRequest hook of a route: who may call it, before anything else is read. */
function authenticationOf<S extends CallShape, B>(app: FastifyInstance, entry: RouteEntry<S>, options: RouteOptions<S, B>) {
  const metering = options.meter;
  if (metering) {
    return async (request: FastifyRequest) => {
      const caller = await meteredCaller(metering.deps, request, metering.service);
      if (metering.free === 'token rules' && caller.tokenId !== null) {
        const { db, clock } = metering.deps;
        await checkToken(db, { accountId: caller.accountId, service: metering.service, tokenId: caller.tokenId, ip: caller.ip, referrer: caller.referrer }, secondsOf(clock));
      }
      request.meteredCaller = caller;
    };
  }
  if (entry.auth === 'bearer') {
    const authenticate = options.tokenInQuery ? app.authenticateDownload : app.authenticate;
    const stages = options.stages ?? [];
    // A half-signed-in session goes nowhere but the calls of its stage, before its input is read.
    return async (request: FastifyRequest) => {
      await authenticate(request);
      const { stage } = sessionOf(request).claims;
      if (stage && !stages.includes(stage)) throw forbidden(stageRefusals[stage]);
    };
  }
  // Like a bearer call, a basic one without credentials is 401 before its input is looked at.
  if (entry.auth === 'basic') return requireBasic;
  return undefined;
}

/** Runs the handler inside the meter: charged before it runs, refunded if it throws, never run when refused. */
async function metered<S extends CallShape, B>(metering: MeterOption<S, B>, input: CallInput<S>, call: Call, run: (input: CallInput<S, B>) => Promise<unknown>) {
  const prepared = metering.before ? await metering.before(input, call) : (undefined as B);
  const ready: CallInput<S, B> = { ...input, prepared };
  const caller = call.metered;
  const charge = {
    accountId: caller.accountId,
    service: metering.service,
    tokenId: caller.tokenId,
    ip: caller.ip,
    referrer: caller.referrer,
    country: metering.country?.(ready),
    datasetRef: metering.datasetRef?.(ready),
    clicks: metering.clicks?.(ready),
    test: caller.test,
  };
  return takeClicksFor(metering.deps, charge, () => run(ready));
}

/** Refusals of a metered call: no or a bad token, no clicks, the token's rules, its daily cap. */
const refusals = new Set([401, 402, 403, 429]);

/** The metrics' count of a metered route's answers by outcome (server/platform/metrics.ts). */
function countMetered<S extends CallShape, B>(app: FastifyInstance, metering: MeterOption<S, B>) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const status = reply.statusCode;
    const outcome = refusals.has(status) ? 'refused' : status >= 400 ? 'failed' : metering.free ? 'free' : request.meteredCaller?.test ? 'test' : 'charged';
    app.metrics.metered(metering.service, outcome, status);
    done();
  };
}

/**
 * Registers one endpoint of contract/<module>/endpoints.ts with its shape from schemas.ts (the
 * types make them agree): method and path, the zod schemas for the query, body and response (so bad
 * input is a 400 before the handler runs), and the authentication hook of its `auth` (or of the
 * meter), which runs before the body is parsed. The handler gets the parsed input typed from the
 * shape and must return the response's type. The options are described on RouteOptions.
 */
export function route<S extends CallShape, B = void>(
  app: FastifyInstance,
  entry: RouteEntry<S>,
  shape: S,
  handler: Handler<S, B>,
  options: RouteOptions<S, B> = {},
): void {
  const status = options.status ?? 200;
  const metering = options.meter;
  // Until the email address is validated, a bearer call is refused unless it is one of the few
  // marked `unvalidated` (validate, resend, reauth, logout, read oneself).
  const needsValidated = entry.auth === 'bearer' && !metering && !options.unvalidated;
  const onRequest = authenticationOf(app, entry, options);
  const definition: FastifyRoute = {
    method: entry.method,
    url: entry.path,
    ...(options.body?.limit !== undefined ? { bodyLimit: options.body.limit } : {}),
    ...(options.reply === 'stream' ? { compress: false } : {}),
    schema: {
      ...(options.params ? { params: options.params } : {}),
      ...(shape.query ? { querystring: shape.query } : {}),
      ...(shape.body ? { body: shape.body } : {}),
      ...(options.reply ? {} : { response: { [status]: shape.response } }),
    },
    ...(onRequest ? { onRequest } : {}),
    ...(metering ? { onResponse: countMetered(app, metering) } : {}),
    config: {
      call: {
        entry,
        meter: metering ? (metering.free ? 'free' : 'charged') : undefined,
        tokenInQuery: options.tokenInQuery ?? false,
        reply: options.reply,
        docs: options.docs,
      },
    },
    handler: async (request, reply) => {
      // The zod validator compiler has replaced query, body and params with the schemas' parsed output.
      const input = { query: request.query, body: request.body, params: request.params, prepared: undefined } as CallInput<S>;
      if (needsValidated && !sessionOf(request).user.validated) throw forbidden(validateFirst);
      const call = callOf(request);
      if (!metering || metering.free) return reply.status(status).send(await handler(input as CallInput<S, B>, call, reply));
      const result = await metered(metering, input, call, (ready) => Promise.resolve(handler(ready, call, reply)));
      // A test call's answer carries the header and `test: true`; a text answer marks itself (the SOAP reply).
      return reply.status(status).send(call.metered.test && !options.reply ? markTest(reply, result) : result);
    },
  };
  const parsers = options.body?.parsers;
  if (!parsers) {
    app.route(definition);
    return;
  }
  app.register(async (scope) => {
    parsers(scope);
    scope.route(definition);
  });
}
