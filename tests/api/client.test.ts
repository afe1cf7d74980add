import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../contract/config/entities';
import { ApiFailure, createApiClient, queryString, type ApiClientDeps } from '../../src/api/client';

// A real HTTP server on an ephemeral port: the client is exercised over the wire with real fetch.
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
let server: Server;
let base = '';
let seen: Seen[] = [];
let respond: (req: Seen) => { status: number; body?: unknown; delayMs?: number } = () => ({ status: 200, body: { ok: true } });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const entry = { method: req.method!, url: req.url!, headers: req.headers, body };
      seen.push(entry);
      const answer = respond(entry);
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  respond = () => ({ status: 200, body: { ok: true } });
});

/** The failure a call rejects with; a call that succeeds fails the test. */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as ApiFailure,
  );

function client(overrides: Partial<ApiClientDeps> = {}, cacheSeconds = 30) {
  const config = {
    services: { users: `${base}/api/users`, plans: `${base}/api/plans`, address: 'http://127.0.0.1:1/api/address' },
    requestCacheSeconds: cacheSeconds,
  } as unknown as RuntimeConfig;
  const modals: Array<{ title: string; text: string; top?: boolean }> = [];
  const deps: ApiClientDeps = {
    config,
    getToken: () => 'token-1',
    onUnauthorized: vi.fn(),
    showModal: (title, text, top) => modals.push({ title, text, top }),
    log: vi.fn(),
    ...overrides,
  };
  return { api: createApiClient(deps), modals, deps };
}

describe('API client', () => {
  it('sends the bearer token, and serialises query parameters in bracket style', async () => {
    const { api } = client();
    await api.send({ service: 'plans', path: '/account/plans', action: 'load plans', queryParams: { accountId: 7, ids: [1, 2] } });
    expect(seen[0].headers.authorization).toBe('Bearer token-1');
    expect(decodeURIComponent(seen[0].url)).toBe('/api/plans/account/plans?accountId=7&ids[]=1&ids[]=2');
  });

  it('sends the token of the moment of the call, even when the session is forgotten in the same tick (logout)', async () => {
    let token = 'token-1';
    const { api, modals } = client({ getToken: () => token });
    const logout = api.send({ service: 'users', path: '/auth', method: 'DELETE', action: 'log out' });
    token = '';
    await logout;
    expect(seen[0].headers.authorization).toBe('Bearer token-1');
    expect(modals).toEqual([]);
  });

  it('sends no token on calls made without one (login, signup, reset, third-party lookups)', async () => {
    const { api } = client();
    await api.send({ service: 'users', path: '/resetpassword', action: 'send a reset code', auth: 'none' });
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('sends basic credentials with the header asking auth errors to come back as 400', async () => {
    const { api } = client();
    await api.send({ service: 'users', path: '/auth', action: 'log in', auth: { basic: { userName: 'a@b.com', password: 'pä:ss' } } });
    const decoded = Buffer.from(String(seen[0].headers.authorization).replace('Basic ', ''), 'base64').toString('utf8');
    expect(decoded).toBe('a@b.com:pä:ss');
    expect(seen[0].headers['x-auth-error-status']).toBe('400');
  });

  it('shares one request between identical simultaneous calls', async () => {
    respond = () => ({ status: 200, body: [1, 2, 3], delayMs: 50 });
    const { api } = client({}, 0);
    const call = () => api.send<number[]>({ service: 'plans', path: '/plans', action: 'load plans' });
    const [a, b, c] = await Promise.all([call(), call(), call()]);
    expect(seen).toHaveLength(1);
    expect(a).toEqual([1, 2, 3]);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('serves a repeated read from the cache for the configured duration, then asks again', async () => {
    let now = 1_000_000;
    const { api } = client({ now: () => now }, 30);
    const call = () => api.send({ service: 'plans', path: '/plans', action: 'load plans' });
    await call();
    now += 29_000;
    await call();
    expect(seen).toHaveLength(1);
    now += 2_000;
    await call();
    expect(seen).toHaveLength(2);
  });

  it('does not cache when caching is disabled for the call or in the configuration', async () => {
    const { api } = client({}, 30);
    await api.send({ service: 'plans', path: '/plans', action: 'load plans', cache: false });
    await api.send({ service: 'plans', path: '/plans', action: 'load plans', cache: false });
    const off = client({}, 0).api;
    await off.send({ service: 'plans', path: '/plans', action: 'load plans' });
    await off.send({ service: 'plans', path: '/plans', action: 'load plans' });
    expect(seen).toHaveLength(4);
  });

  it('forgets cached reads after a write and on clearCache', async () => {
    const { api } = client({}, 30);
    const read = () => api.send({ service: 'plans', path: '/plans', action: 'load plans' });
    await read();
    await api.send({ service: 'plans', path: '/plans', method: 'POST', body: { a: 1 }, action: 'create a plan' });
    await read();
    api.clearCache();
    await read();
    expect(seen.map((s) => s.method)).toEqual(['GET', 'POST', 'GET', 'GET']);
  });

  it('shows "Failed to {action}: {msg}" with the server message and throws a failure object', async () => {
    respond = () => ({ status: 400, body: { msg: 'Invalid validation code', statusCode: 400 } });
    const { api, modals } = client();
    const error = await failureOf(api.send({ service: 'users', path: '/validate', method: 'PUT', body: { code: '1' }, action: 'validate your account' }));
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error.status).toBe(400);
    expect(modals).toEqual([{ title: 'Error', text: 'Failed to validate your account: Invalid validation code', top: undefined }]);
  });

  it("appends the error's own message when there is no response", async () => {
    const { api, modals } = client();
    const error = await failureOf(api.send({ service: 'address', path: '/countries/json', action: 'load countries' }));
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error.status).toBeNull();
    expect(modals[0].title).toBe('Error');
    expect(modals[0].text).toMatch(/^Failed to load countries: .+/);
  });

  it('logs out and shows "Authentication error" / "Authentication Failure" on HTTP 401', async () => {
    respond = () => ({ status: 401, body: { msg: 'Authentication Failure', statusCode: 401 } });
    const { api, modals, deps } = client();
    await expect(api.send({ service: 'users', path: '/user', action: 'load the user' })).rejects.toBeInstanceOf(ApiFailure);
    expect(deps.onUnauthorized).toHaveBeenCalledOnce();
    expect(modals).toEqual([{ title: 'Authentication error', text: 'Authentication Failure', top: true }]);
  });

  it('returns an empty list quietly when a list read fails', async () => {
    respond = () => ({ status: 500, body: { msg: 'boom', statusCode: 500 } });
    const { api, modals, deps } = client();
    await expect(api.send({ service: 'plans', path: '/plans', action: 'load plans', listRead: true })).resolves.toEqual([]);
    expect(modals).toEqual([]);
    expect(deps.log).toHaveBeenCalledOnce();
  });

  it('skips the modal for calls that skip default handling, only logging, and still throws', async () => {
    respond = () => ({ status: 404, body: { msg: 'No such address', statusCode: 404 } });
    const { api, modals, deps } = client();
    const error = await failureOf(api
      .send({ service: 'users', path: '/x', action: 'look up the address', auth: 'none', skipDefaultErrorHandling: true }));
    expect(error.message).toBe('Failed to look up the address: No such address');
    expect(modals).toEqual([]);
    expect(deps.log).toHaveBeenCalledOnce();
  });

  it('sends raw bytes as application/octet-stream and never merges two chunk uploads', async () => {
    const { api } = client();
    const chunk = new TextEncoder().encode('abc');
    await Promise.all([
      api.send({ service: 'users', path: '/upload/chunk', method: 'POST', body: chunk, action: 'upload' }),
      api.send({ service: 'users', path: '/upload/chunk', method: 'POST', body: chunk, action: 'upload' }),
    ]);
    expect(seen).toHaveLength(2);
    expect(seen[0].headers['content-type']).toBe('application/octet-stream');
    expect(seen[0].body).toBe('abc');
  });
});

describe('typed calls from contract entries', () => {
  const z = () => import('zod');
  it('takes method, path and authentication from the endpoint entry', async () => {
    const { z: zod } = await z();
    const { endpoint } = await import('../../contract/endpoint');
    const shape = {
      query: zod.object({ groupId: zod.number() }),
      body: zod.object({ name: zod.string() }),
      response: zod.object({ ok: zod.boolean() }),
    };
    const update = endpoint<typeof shape>('users', 'PUT', '/groups', 'bearer');
    const { api } = client();
    const result = await api.call(update, { query: { groupId: 3 }, body: { name: 'Acme' } }, { action: 'update the group' });
    expect(shape.response.parse(result)).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/users/groups?groupId=3', body: '{"name":"Acme"}' });
    expect(seen[0].headers.authorization).toBe('Bearer token-1');
  });

  it('sends basic credentials for a basic endpoint and no token for a public one', async () => {
    const { z: zod } = await z();
    const { endpoint } = await import('../../contract/endpoint');
    const shapes = {
      login: { query: zod.object({ recycleTime: zod.number() }), response: zod.object({ ok: zod.boolean() }) },
      reset: { response: zod.object({ ok: zod.boolean() }) },
    };
    const login = endpoint<typeof shapes.login>('users', 'GET', '/auth', 'basic');
    const reset = endpoint<typeof shapes.reset>('users', 'GET', '/resetpassword', 'none');
    const { api } = client();
    const answer = await api.call(login, { query: { recycleTime: 60 }, basic: { userName: 'a@b.com', password: 'pw' } }, { action: 'log in' });
    expect(shapes.login.response.parse(answer)).toEqual({ ok: true });
    await api.call(reset, {}, { action: 'send a reset code', cache: false });
    expect(String(seen[0].headers.authorization)).toBe(`Basic ${Buffer.from('a@b.com:pw').toString('base64')}`);
    expect(seen[0].url).toBe('/api/users/auth?recycleTime=60');
    expect(seen[1].headers.authorization).toBeUndefined();
  });
});

describe('API client, a call that times out', () => {
  it('says the server did not answer in time, in the Error modal', async () => {
    const timedOut = () => Promise.reject(new DOMException('signal timed out', 'TimeoutError'));
    const { api, modals } = client({ fetch: timedOut });
    const failure = await failureOf(api.send({ service: 'plans', path: '/account/plans', action: 'load plans' }));
    expect(failure.detail).toBe('the server did not answer within 60 seconds');
    expect(modals).toEqual([{ title: 'Error', text: 'Failed to load plans: the server did not answer within 60 seconds', top: undefined }]);
  });
});

describe('query strings', () => {
  it('writes a flat query exactly as qs does, without loading it', async () => {
    const qs = (await import('qs')).default;
    const samples: Array<Record<string, unknown>> = [
      {},
      { id: 7, name: 'Acme & Sons (UK)', exact: true, none: null, gone: undefined },
      { 'odd key!': "it's *here*", emoji: 'café ✓', empty: '', zero: 0, no: false },
    ];
    for (const sample of samples) {
      expect(await queryString(sample)).toBe(qs.stringify(sample, { arrayFormat: 'brackets', addQueryPrefix: true, skipNulls: true }));
    }
  });

  it('writes arrays and nested objects in bracket style', async () => {
    expect(await queryString({ includedTypes: [1, 2], range: { from: 'a' } })).toBe('?includedTypes%5B%5D=1&includedTypes%5B%5D=2&range%5Bfrom%5D=a');
  });
});
