import type { z } from 'zod';
import type { ServiceName } from './config/entities';

// One entry per call of spec section 7: which service, method and path, how the caller
// authenticates, and (as types only) the shapes of its query, body and response. Entries carry no
// zod at run time, so the SPA's first page can call the server without the schema library; the
// schemas themselves sit in each module's schemas.ts under the same name as the entry, where the
// server registers the route from both (server/http/route.ts).

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** none: public; basic: user name and password (login); bearer: a session or API token. */
export type EndpointAuth = 'none' | 'basic' | 'bearer';

/** The schemas of one call; a module's schemas.ts exports one per endpoint. */
export type CallShape = { query?: z.ZodType; body?: z.ZodType; response: z.ZodType };

export type Endpoint<S extends CallShape = CallShape> = {
  readonly service: ServiceName;
  readonly method: Method;
  /** Relative to the service's base URL (config.services), as the spec writes it. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /** Type only: never set at run time. */
  readonly shape?: S;
};

/** Marked free of side effects so a bundle keeps only the entries it calls. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<S extends CallShape>(service: ServiceName, method: Method, path: string, auth: EndpointAuth): Endpoint<S> {
  return { service, method, path, auth };
}

export type ShapeOf<E> = E extends Endpoint<infer S> ? S : never;
/**
 * What the caller passes in the query string: the keys as the schema takes them (a key with a
 * default may be left out) with the values as the server reads them (numbers, booleans), which the
 * client serialises and the schema coerces back.
 */
export type WireQuery<Q extends z.ZodType> = { [K in keyof z.input<Q>]: K extends keyof z.output<Q> ? z.output<Q>[K] : z.input<Q>[K] };
export type QueryOf<E> = ShapeOf<E>['query'] extends z.ZodType ? WireQuery<NonNullable<ShapeOf<E>['query']>> : undefined;
export type BodyOf<E> = ShapeOf<E>['body'] extends z.ZodType ? z.input<NonNullable<ShapeOf<E>['body']>> : undefined;
/** What the handler receives (after defaults and coercion). */
export type ParsedQueryOf<E> = ShapeOf<E>['query'] extends z.ZodType ? z.output<NonNullable<ShapeOf<E>['query']>> : undefined;
export type ParsedBodyOf<E> = ShapeOf<E>['body'] extends z.ZodType ? z.output<NonNullable<ShapeOf<E>['body']>> : undefined;
export type ResponseOf<E> = z.output<ShapeOf<E>['response']>;
