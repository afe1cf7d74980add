import type { FastifySchema, RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import * as address from '../../contract/address/endpoints';
import * as bank from '../../contract/bank/endpoints';
import * as bureau from '../../contract/bureau/endpoints';
import * as config from '../../contract/config/endpoints';
import * as email from '../../contract/email/endpoints';
import * as files from '../../contract/files/endpoints';
import * as groups from '../../contract/groups/endpoints';
import { errorBody } from '../../contract/http';
import * as leads from '../../contract/leads/endpoints';
import * as metering from '../../contract/metering/endpoints';
import * as name from '../../contract/name/endpoints';
import * as plans from '../../contract/plans/endpoints';
import * as search from '../../contract/search/endpoints';
import * as shop from '../../contract/shop/endpoints';
import * as tokens from '../../contract/tokens/endpoints';
import * as usage from '../../contract/usage/endpoints';
import * as users from '../../contract/users/endpoints';
import type { EndpointAuth } from '../../contract/endpoint';
import { servicePaths } from '../config';

// What the OpenAPI document says of one call beyond its shapes, read from how route() registered it
// (its `config.call`): the tag (the contract module the entry comes from), the operation id (the
// entry's export), the security schemes its authentication accepts, and the error answers its
// authentication, input and meter can give, all with the `{ msg, statusCode }` body of errors.ts.

/** How a route() call is made: set by route() on the route's config, read by the document. */
export type CallDescription = {
  entry: { method: string; path: string; auth: EndpointAuth };
  /** A data-quality call (the `meter` option): charged, or authenticated as one but free. */
  meter: 'charged' | 'free' | undefined;
  tokenInQuery: boolean;
  reply: 'text' | 'stream' | undefined;
  docs: CallDocs | undefined;
};

/** What the shape cannot say of a call whose body or answer is not JSON (the SOAP call). */
export type CallDocs = {
  /** The module it is listed under when its entry is not one of contract/ (the SOAP call's is its own). */
  tag?: string;
  summary?: string;
  description?: string;
  /** A body read by the handler itself: its media types, and an example (XML) or the zod schema it is checked with (JSON). */
  requestBody?: { contentTypes: readonly string[]; description: string; example?: string; schema?: z.ZodType };
  answer?: { contentType: string; description: string; example: string };
  /** Error answers the handler gives beyond those of its authentication, input and meter (errorStatusesOf). */
  errors?: readonly number[];
};

/**
 * The description of a route registered directly with Fastify (no entry of contract/: the payment
 * webhook, the invoice pages, the document itself), for its `config.call`: public, its own words in `docs`.
 */
export function directCall(method: 'GET' | 'POST', path: string, docs: CallDocs & { tag: string }): CallDescription {
  return { entry: { method, path, auth: 'none' }, meter: undefined, tokenInQuery: false, reply: undefined, docs };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    call?: CallDescription;
  }
}

/** The contract's modules, whose names are the document's tags. */
const contractModules: Record<string, object> = { users, groups, search, tokens, leads, metering, plans, usage, shop, bureau, files, address, email, bank, name, config };

const isEntry = (value: unknown): value is object => typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value;

/** Each entry object of contract/ with its module and export name (an object of entries gives `filesUk.beginUpload`). */
const entryNames = (() => {
  const names = new Map<object, { module: string; name: string }>();
  for (const [module, exports] of Object.entries(contractModules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isEntry(value)) names.set(value, { module, name });
      else if (typeof value === 'object' && value !== null) {
        for (const [inner, entry] of Object.entries(value)) if (isEntry(entry) && !names.has(entry)) names.set(entry, { module, name: `${name}.${inner}` });
      }
    }
  }
  return names;
})();

/** The tags of the document: the contract's modules, and the document itself. */
export const moduleTags: readonly string[] = [...Object.keys(contractModules), 'documentation', 'operations'];

/** The service whose base path the URL is under (filesUk and filesAustralia are the files module). */
function serviceOf(url: string): string | undefined {
  const found = Object.entries(servicePaths).find(([, base]) => url === base || url.startsWith(`${base}/`));
  return found && (found[0].startsWith('files') ? 'files' : found[0]);
}

/** The document's security schemes: each way a caller proves who it is (server/http/authenticate.ts, meteredCaller.ts). */
export const securitySchemes = {
  bearerSession: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The session token the login (GET /api/users/auth with basic credentials) answers: the portal\'s calls.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'An exported API token (GET /api/users/tokens/export, or Export on the Tokens page): calls a data-quality service as the token allows (services, IP ranges, referrer, daily cap), charged to its account.',
  },
  serviceJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A service JWT (GET /api/users/tokens/servicejwt): a signed-in user\'s data-quality calls for one account and service, as the application pages make them.',
  },
  basic: { type: 'http', scheme: 'basic', description: 'User name and password (the login and the calls that ask for the password again).' },
  tokenInQuery: { type: 'apiKey', in: 'query', name: 'token', description: 'The session token as ?token=, for a download link (a plain link, with no header).' },
} as const;

type Scheme = keyof typeof securitySchemes;

/** The security requirement of a call: any one of its schemes; none for a public call. */
export function securityOf(call: CallDescription): Array<Partial<Record<Scheme, []>>> {
  if (call.meter) return [{ apiToken: [] }, { serviceJwt: [] }];
  if (call.entry.auth === 'basic') return [{ basic: [] }];
  if (call.entry.auth === 'bearer') return call.tokenInQuery ? [{ bearerSession: [] }, { tokenInQuery: [] }] : [{ bearerSession: [] }];
  return [];
}

/** The sentence of each error answer in the document. */
const errorMeanings: Record<number, string> = {
  400: 'The input is invalid (each field named with what is wrong), or a header the call reads is',
  401: 'No credentials, or they are wrong, expired or revoked ("Authentication Failure")',
  402: 'No clicks left for the service: buy a bundle or enable the subscription',
  403: 'Not allowed: the caller may not act on this record, has not validated its email address, or the token\'s rules refuse the call',
  404: 'A record the call names does not exist or is not visible to the caller',
  409: 'The record is not in a state that allows this call',
  429: 'Too many calls or tries: wait for the Retry-After header\'s seconds',
};

/**
 * The error answers a call can give, from how it is registered: 400 when it takes input (or is
 * metered: the X-Test-Call header) or basic credentials; 401 for any authentication; 403 for a bearer
 * call (the access rules, validate first) or a metered one (the token's rules); 404 for an
 * authenticated call that takes input (it names a record); 402 for a charged call; 429 for a
 * metered call (the token's daily cap, test calls) or basic credentials (the login throttle).
 */
export function errorStatusesOf(call: CallDescription, schema: FastifySchema | undefined): number[] {
  const takesInput = Boolean(schema?.querystring || schema?.body || schema?.params);
  const authenticated = call.entry.auth !== 'none' || call.meter !== undefined;
  const statuses = new Set<number>();
  if (takesInput || call.meter || call.entry.auth === 'basic') statuses.add(400);
  if (authenticated) statuses.add(401);
  if (call.meter === 'charged') statuses.add(402);
  if (call.entry.auth === 'bearer' || call.meter) statuses.add(403);
  if (authenticated && takesInput) statuses.add(404);
  if (call.meter || call.entry.auth === 'basic') statuses.add(429);
  return [...statuses].sort();
}

/** The error body of every refusal, as a component schema each error answer refers to. */
export const errorBodySchema = z.toJSONSchema(errorBody, { target: 'draft-2020-12' });
const errorBodyRef = { $ref: '#/components/schemas/ErrorBody' };

function errorAnswer(status: number, contentType: string) {
  return { description: errorMeanings[status], content: { [contentType]: { schema: contentType === 'application/json' ? errorBodyRef : { type: 'string' } } } };
}

/** The name of a JSON error answer in components.responses. */
const errorAnswerName = (status: number | string) => `Error${status}`;

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> } | { $ref: string }>;
type Paths = Record<string, Record<string, { responses?: Responses }> | undefined>;

/**
 * The document with each JSON error answer written once, in components.responses, and referred to by
 * every operation that gives it (its words are the same for every call).
 */
export function shareErrorAnswers(document: Partial<OpenAPIV3_1.Document>): Partial<OpenAPIV3_1.Document> {
  const paths = (document.paths ?? {}) as unknown as Paths;
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods ?? {})) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const content = 'content' in answer ? answer.content : undefined;
        const schema = content && Object.keys(content).length === 1 ? content['application/json']?.schema : undefined;
        if (errorMeanings[Number(status)] && JSON.stringify(schema) === JSON.stringify(errorBodyRef)) {
          operation.responses![status] = { $ref: `#/components/responses/${errorAnswerName(status)}` };
        }
      }
    }
  }
  const responses = Object.fromEntries(Object.keys(errorMeanings).map((status) => [errorAnswerName(status), errorAnswer(Number(status), 'application/json')]));
  return { ...document, components: { ...document.components, responses: responses as OpenAPIV3_1.ComponentsObject['responses'] } };
}

/**
 * Adds what the document says of a route() call to the schema the zod transform made of it: tag,
 * operation id, security, error answers, and the media types of a body or answer that is not JSON.
 */
export function describeCall(schema: Record<string, unknown>, route: RouteOptions, url: string): Record<string, unknown> {
  const call = route.config?.call;
  if (!call) return schema;
  const named = entryNames.get(call.entry);
  const docs = call.docs ?? {};
  const described: Record<string, unknown> = { ...schema };
  const tag = named?.module ?? docs.tag ?? serviceOf(url) ?? 'other';
  described.tags = [tag];
  // module-export (files-filesUk-beginUpload): letters, digits and hyphens, so the reference's anchors stay plain (it reads `_` in an anchor as a space).
  const camel = (text: string) => text.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase());
  described.operationId = named ? `${named.module}-${named.name.replace('.', '-')}` : `${tag}-${call.entry.method.toLowerCase()}${camel(call.entry.path)}`;
  if (docs.summary) described.summary = docs.summary;
  if (docs.description) described.description = docs.description;
  described.security = securityOf(call);
  if (docs.requestBody) {
    const { contentTypes, description, example, schema: zodSchema } = docs.requestBody;
    const bodySchema = zodSchema ? z.toJSONSchema(zodSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) : { type: 'string', ...(example ? { examples: [example] } : {}) };
    described.body = { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: bodySchema }])) };
  }
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  // route() declares one answer (its status) for a JSON call and none for a text or stream one.
  const success = Object.keys(response)[0] ?? '200';
  if (docs.answer) {
    response[success] = { description: docs.answer.description, content: { [docs.answer.contentType]: { schema: { type: 'string', examples: [docs.answer.example] } } } };
  } else if (call.reply === 'stream') {
    response[success] = { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } };
  }
  // A call with no schema of its answer still says what a success is (swagger writes it as JSON of any shape).
  if (!response[success]) response[success] = { description: docs.summary ?? 'OK' };
  const errorType = docs.answer?.contentType === 'text/xml' ? 'text/xml' : 'application/json';
  const statuses = new Set([...errorStatusesOf(call, route.schema), ...(docs.errors ?? [])]);
  for (const status of [...statuses].sort()) response[status] = errorAnswer(status, errorType);
  described.response = response;
  return described;
}
