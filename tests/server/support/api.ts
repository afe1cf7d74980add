// Calls an endpoint through its contract entry (contract/<module>/endpoints.ts), as the SPA's client
// does (src/api/client.ts): the service's base path and the entry's path, the query serialised the
// same way, the body as JSON. The input is typed by the entry, and so is the answer: the response's
// shape on success, `{ msg, statusCode }` on a refusal. Requests the contract cannot type (bad input,
// raw bodies, wrong methods) are sent with `sendRaw` (./calls.ts).
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import { expect } from 'vitest';
import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '../../../contract/endpoint';
import type { ErrorBody } from '../../../contract/http';
import { servicePaths } from '../../../server/config';
import type { Caller } from './calls';
import type { Harness } from './harness';

/** An entry as the contract has it; the config entry has no service (its path is absolute). */
export type Entry = Omit<Endpoint, 'service'> & { service?: Endpoint['service'] };

/** What a call sends: the entry's query and body, the values of its `:params`, any extra headers, and the client's address. */
export type CallInput<E extends Entry> = (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    params?: Record<string, string | number>;
    headers?: Record<string, string>;
    remoteAddress?: string;
  };

/** A call's input argument: optional when the entry needs no query and no body. */
export type CallArgs<E extends Entry> = Partial<CallInput<E>> extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>];

/** The answer: typed by the entry when it succeeded (below 400), the server's error body when refused. */
export type Answer<E> =
  | { ok: true; status: number; body: ResponseOf<E>; response: LightMyRequestResponse }
  | { ok: false; status: number; body: ErrorBody; response: LightMyRequestResponse };

/** Any entry's input, as the request is built from it. */
type Sent = { query?: unknown; body?: unknown; params?: Record<string, string | number>; headers?: Record<string, string>; remoteAddress?: string };

/** The URL the SPA's client would call for this entry and input. */
export function urlOf(entry: Entry, input: Sent): string {
  const path = entry.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${entry.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = qs.stringify(input.query ?? {}, { arrayFormat: 'brackets', addQueryPrefix: true, skipNulls: true });
  return `${entry.service ? servicePaths[entry.service] : ''}${path}${query}`;
}

/** Calls `entry` as `caller` (its bearer headers; null for none) on the harness's app, or on another app built like it. */
export async function call<E extends Entry>(h: Pick<Harness, 'inject'>, caller: Caller | null, entry: E, ...[input]: CallArgs<E>): Promise<Answer<E>> {
  const given: Sent = input ?? {};
  const request: InjectOptions = {
    method: entry.method,
    url: urlOf(entry, given),
    headers: { ...given.headers, ...caller?.headers },
    remoteAddress: given.remoteAddress,
    ...(given.body === undefined ? {} : { payload: JSON.stringify(given.body), headers: { 'content-type': 'application/json', ...given.headers, ...caller?.headers } }),
  };
  const response = await h.inject(request);
  const parsed: unknown = response.body && (response.headers['content-type'] ?? '').toString().includes('json') ? JSON.parse(response.body) : response.body || undefined;
  const status = response.statusCode;
  // The body is what the server answered for this entry: its response schema on success, errorBody otherwise.
  return status < 400
    ? { ok: true, status, body: parsed as ResponseOf<E>, response }
    : { ok: false, status, body: parsed as ErrorBody, response };
}

/** The body of a successful answer; fails the test (with the server's message) on any other status than `status`. */
export function okBody<E>(answer: Answer<E>, status = 200): ResponseOf<E> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (!answer.ok) throw new Error(`Expected ${status}, got ${answer.status}`);
  return answer.body;
}

/** The error body of a refusal; fails the test when the call succeeded. */
export function refusal<E>(answer: Answer<E>): ErrorBody {
  if (answer.ok) throw new Error(`Expected a refusal, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The status and body alone, to compare an answer whole: `expect(seen(answer)).toEqual({ status, body })`. */
export const seen = <E>(answer: Answer<E>) => ({ status: answer.status, body: answer.body });

/** The refusal's message, undefined when the call succeeded: for comparing a status and its words at once. */
export const msgOf = <E>(answer: Answer<E>): string | undefined => (answer.ok ? undefined : answer.body.msg);

/** The message of a body that may be a refusal, whichever call answered it: for tables of calls of several entries. */
export const msgIn = (body: unknown): string | undefined =>
  body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string' ? body.msg : undefined;
