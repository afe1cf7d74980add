import type { RuntimeConfig, ServiceName } from '../../contract/config/entities';
import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '../../contract/endpoint';
import { authErrorStatusHeader } from '../../contract/shared/http';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * bearer: the session's token; { token }: another bearer token the caller holds (a service JWT of
 * the application pages), whose 401 means that token ended, not the session, so it never logs out.
 */
export type Auth = 'bearer' | 'none' | { basic: { userName: string; password: string } } | { token: string };

export type CallOptions = {
  service: ServiceName;
  path: string;
  method?: Method;
  queryParams?: Record<string, unknown>;
  /** JSON, or raw bytes sent as application/octet-stream (upload chunks). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Completes "Failed to {action}" in the Error modal. */
  action: string;
  /** Bearer token by default; login, signup, password reset and third-party lookups send none. */
  auth?: Auth;
  /** Third-party lookups and callers with their own handling: only log, no modal. */
  skipDefaultErrorHandling?: boolean;
  /** GET responses are cached for the configured duration unless this is false. */
  cache?: boolean;
  /** List reads quietly return an empty list on failure. */
  listRead?: boolean;
};

/** What failed calls throw to their callers (spec section 8). */
export class ApiFailure extends Error {
  constructor(
    readonly action: string,
    readonly status: number | null,
    /** The server's message, or the error's own when there was no response. */
    readonly detail: string,
  ) {
    super(`Failed to ${action}${detail ? `: ${detail}` : ''}`);
    this.name = 'ApiFailure';
  }
}

export type ApiClientDeps = {
  config: RuntimeConfig;
  getToken: () => string;
  /** HTTP 401 on a bearer call: the session logs out. */
  onUnauthorized: () => void;
  showModal: (title: string, text: string, top?: boolean) => void;
  fetch?: typeof fetch;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
};

/** What a typed call sends: the endpoint's query and body, as its contract entry types them. */
export type CallInput<E extends Endpoint> = (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    /** The user name and password of a basic-credential endpoint (login). */
    basic?: { userName: string; password: string };
    /** A bearer token other than the session's (a service JWT: src/api/serviceTokens.ts). */
    token?: string;
  };

/** How the SPA treats a call's result and failure (spec section 8); the rest comes from the endpoint. */
export type CallBehaviour = Pick<CallOptions, 'action' | 'skipDefaultErrorHandling' | 'cache' | 'listRead' | 'headers'>;

export type ApiClient = {
  /** One call of spec section 7, typed from its contract entry (contract/<module>/endpoints.ts). */
  call<E extends Endpoint>(endpoint: E, input: CallInput<E>, behaviour: CallBehaviour): Promise<ResponseOf<E>>;
  /** A request with no contract entry (third-party lookups, raw upload chunks). */
  send<T>(options: CallOptions): Promise<T>;
  /** How many times the cache was cleared: what depends on the session (service tokens) starts afresh when it changes. */
  generation(): number;
  /** Forget every cached response (logout, account switch). */
  clearCache(): void;
};

const encodeBasic = (userName: string, password: string) => {
  const bytes = new TextEncoder().encode(`${userName}:${password}`);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return `Basic ${btoa(binary)}`;
};

// qs (nested query strings) loads with the first call that needs one, not with the first page.

/** How long a call may take before it fails (the server's own limits are shorter). */
const timeoutMs = 60_000;

/** A response outside 2xx: serverMessage reads what the server said from it. */
class HttpStatusError extends Error {
  constructor(readonly response: Response) {
    super(`Request failed with status code ${response.status}`);
    this.name = 'HttpStatusError';
  }
}

/** encodeURIComponent, and the five characters it leaves that RFC 3986 reserves (as qs writes them). */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The query string as the server's qs parser reads it: arrays in brackets (`includedTypes[]=1`),
 * nulls and undefined left out. A flat query is written here, exactly as qs would; a nested one loads qs.
 */
export async function queryString(params: Record<string, unknown> | undefined): Promise<string> {
  const entries = Object.entries(params ?? {}).filter(([, value]) => value !== undefined && value !== null);
  if (entries.every(([, value]) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) {
    return entries.length ? `?${entries.map(([key, value]) => `${encode(key)}=${encode(String(value))}`).join('&')}` : '';
  }
  const { default: qs } = await import('qs');
  return qs.stringify(params, { arrayFormat: 'brackets', addQueryPrefix: true, skipNulls: true });
}

async function serverMessage(error: unknown): Promise<{ status: number | null; detail: string }> {
  if (error instanceof HttpStatusError) {
    const text = await error.response.text().catch(() => '');
    try {
      const body = JSON.parse(text) as { msg?: unknown };
      if (typeof body.msg === 'string') return { status: error.response.status, detail: body.msg };
    } catch {
      // not JSON: fall through to the status text
    }
    return { status: error.response.status, detail: text.slice(0, 200) || error.response.statusText };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return { status: null, detail: `the server did not answer within ${timeoutMs / 1000} seconds` };
  }
  return { status: null, detail: error instanceof Error ? error.message : String(error) };
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message, error) => console.warn(message, error));
  const inFlight = new Map<string, Promise<unknown>>();
  const cache = new Map<string, { expires: number; value: unknown }>();
  let generation = 0;
  const fetchOf = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(options: CallOptions, url: string, token: string): Promise<unknown> {
    const headers: Record<string, string> = { ...options.headers };
    const auth = options.auth ?? 'bearer';
    if (auth === 'bearer' && token) headers.authorization = `Bearer ${token}`;
    if (typeof auth === 'object' && 'token' in auth) headers.authorization = `Bearer ${auth.token}`;
    if (typeof auth === 'object' && 'basic' in auth) {
      headers.authorization = encodeBasic(auth.basic.userName, auth.basic.password);
      headers[authErrorStatusHeader] = '400';
    }
    const raw = options.body instanceof ArrayBuffer || options.body instanceof Blob || ArrayBuffer.isView(options.body);
    if (options.body !== undefined) headers['content-type'] ??= raw ? 'application/octet-stream' : 'application/json';
    const response = await fetchOf(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : raw ? (options.body as BodyInit) : JSON.stringify(options.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new HttpStatusError(response);
    const text = await response.text();
    if (!text) return undefined;
    return (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  }

  async function handleFailure(options: CallOptions, error: unknown): Promise<never | unknown[]> {
    const { status, detail } = await serverMessage(error);
    const failure = new ApiFailure(options.action, status, detail);
    const auth = options.auth ?? 'bearer';
    if (status === 401 && auth === 'bearer') {
      deps.onUnauthorized();
      deps.showModal('Authentication error', 'Authentication Failure', true);
      throw failure;
    }
    if (options.listRead) {
      log(failure.message, error);
      return [];
    }
    if (options.skipDefaultErrorHandling) log(failure.message, error);
    else deps.showModal('Error', failure.message);
    throw failure;
  }

  const client: ApiClient = {
    call(endpoint, input, behaviour) {
      if (endpoint.auth === 'basic' && !input.basic) throw new Error(`${endpoint.path} needs a user name and password`);
      return client.send({
        ...behaviour,
        service: endpoint.service,
        path: endpoint.path,
        method: endpoint.method,
        queryParams: input.query as Record<string, unknown> | undefined,
        body: input.body,
        auth:
          endpoint.auth === 'basic' && input.basic
            ? { basic: input.basic }
            : endpoint.auth === 'bearer'
              ? input.token ? { token: input.token } : 'bearer'
              : 'none',
      });
    },
    async send<T>(options: CallOptions): Promise<T> {
      const method = options.method ?? 'GET';
      // The token of the moment of the call, before any wait: logging out calls DELETE /auth and
      // forgets the session in the same tick.
      const token = typeof options.auth === 'object' && 'token' in options.auth ? options.auth.token : deps.getToken();
      const query = await queryString(options.queryParams);
      const url = `${deps.config.services[options.service]}${options.path}${query}`;
      const basic = typeof options.auth === 'object' && 'basic' in options.auth ? options.auth.basic.userName : '';
      const key = `${method} ${url} ${token} ${basic} ${options.body === undefined ? '' : JSON.stringify(options.body)}`;
      const cacheable =
        method === 'GET' && typeof options.auth !== 'object' && options.cache !== false && deps.config.requestCacheSeconds > 0;

      if (cacheable) {
        const hit = cache.get(key);
        if (hit && hit.expires > now()) return hit.value as T;
      }
      // Raw uploads are never shared: each chunk is its own request.
      const shareable = !(options.body instanceof ArrayBuffer || ArrayBuffer.isView(options.body));
      const pending = shareable ? inFlight.get(key) : undefined;
      if (pending) return pending as Promise<T>;

      const request = send(options, url, token)
        .then((value) => {
          if (cacheable) cache.set(key, { expires: now() + deps.config.requestCacheSeconds * 1000, value });
          // A write may change what reads return: start afresh.
          if (method !== 'GET') cache.clear();
          return value;
        })
        .catch((error: unknown) => handleFailure(options, error))
        .finally(() => inFlight.delete(key));
      if (shareable) inFlight.set(key, request);
      return request as Promise<T>;
    },
    generation: () => generation,
    clearCache() {
      generation += 1;
      cache.clear();
    },
  };
  return client;
}
