import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../contract/config/entities';
import { endpoint } from '../../contract/endpoint';
import { ApiFailure, createApiClient } from '../../src/api/client';
import { serviceTokens } from '../../src/api/serviceTokens';

// The application pages' service JWTs over the wire against a real HTTP server: which token each
// call carries, when a token is fetched again, and that a refused service token never logs out.
type Seen = { method: string; url: string; headers: IncomingMessage['headers'] };
let server: Server;
let base = '';
let seen: Seen[] = [];
let issued = 0;
let expiresIn = 300;
let serviceStatus = 200;
let clockMs = Date.UTC(2030, 0, 1);

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    const url = new URL(req.url!, 'http://x');
    let status = 200;
    let body: unknown = { ok: true };
    if (url.pathname === '/api/users/services') body = [{ id: 1, name: 'address', description: '' }, { id: 2, name: 'email', description: '' }];
    else if (url.pathname === '/api/users/tokens/servicejwt') {
      issued += 1;
      const serviceId = Number(url.searchParams.get('serviceId'));
      const groupId = Number(url.searchParams.get('groupId'));
      body = { jwt: `svc-${serviceId}-${groupId}-${issued}`, serviceId, groupId, services: [], expiry: Math.floor(clockMs / 1000) + expiresIn };
    } else if (url.pathname === '/api/email/verify') {
      status = serviceStatus;
      body = status === 200 ? { result: 'valid' } : { statusCode: status, msg: 'This service token has ended' };
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  issued = 0;
  expiresIn = 300;
  serviceStatus = 200;
  clockMs = Date.UTC(2030, 0, 1);
});

// A service call as the services issue will declare them (its contract is not part of this test).
const verify = endpoint<{ body: never; response: never }>('email', 'POST', '/verify', 'bearer');

function portal() {
  const config = {
    services: { users: `${base}/api/users`, plans: `${base}/api/plans`, email: `${base}/api/email` },
    requestCacheSeconds: 30,
  } as unknown as RuntimeConfig;
  const onUnauthorized = vi.fn();
  const modals: string[] = [];
  const api = createApiClient({ config, getToken: () => 'session-token', onUnauthorized, showModal: (_t, text) => modals.push(text), log: vi.fn() });
  return { api, onUnauthorized, modals, tokens: serviceTokens(api, () => clockMs) };
}

const verifyCalls = () => seen.filter((s) => s.url.startsWith('/api/email/verify'));
const jwtCalls = () => seen.filter((s) => s.url.startsWith('/api/users/tokens/servicejwt'));

describe('service tokens of the application pages', () => {
  it('asks for a token by the service id GET /services gives and sends it, not the session token, to the service', async () => {
    const { tokens } = portal();
    await tokens.call(verify, { body: { email: 'a@b.example' } as never }, { action: 'check the email' }, { service: 'email', groupId: 40 });
    expect(jwtCalls().map((s) => s.url)).toEqual(['/api/users/tokens/servicejwt?serviceId=2&groupId=40']);
    expect(jwtCalls()[0].headers.authorization).toBe('Bearer session-token');
    expect(verifyCalls()[0].headers.authorization).toBe('Bearer svc-2-40-1');
  });

  it('reuses a token until 30 seconds before it ends, then fetches a new one', async () => {
    const { tokens } = portal();
    const on = { service: 'email', groupId: 40 } as const;
    await tokens.call(verify, { body: {} as never }, { action: 'check' }, on);
    clockMs += 269_000;
    await tokens.call(verify, { body: {} as never }, { action: 'check' }, on);
    expect(jwtCalls()).toHaveLength(1);
    clockMs += 2_000;
    await tokens.call(verify, { body: {} as never }, { action: 'check' }, on);
    expect(jwtCalls()).toHaveLength(2);
    expect(verifyCalls().map((s) => s.headers.authorization)).toEqual(['Bearer svc-2-40-1', 'Bearer svc-2-40-1', 'Bearer svc-2-40-2']);
  });

  it('keeps one token per service and account, shared by every page of the portal, and asks once for simultaneous calls', async () => {
    const { api, tokens } = portal();
    await Promise.all([tokens.tokenFor('email', 40), tokens.tokenFor('email', 40), serviceTokens(api).tokenFor('email', 40)]);
    await tokens.tokenFor('email', 41);
    await tokens.tokenFor('address', 40);
    expect(jwtCalls().map((s) => new URL(s.url, 'http://x').search)).toEqual(['?serviceId=2&groupId=40', '?serviceId=2&groupId=41', '?serviceId=1&groupId=40']);
    expect(seen.filter((s) => s.url === '/api/users/services')).toHaveLength(1);
  });

  it('starts afresh after the client cache is cleared (logout, account switch)', async () => {
    const { api, tokens } = portal();
    await tokens.tokenFor('email', 40);
    api.clearCache();
    expect(await tokens.tokenFor('email', 40)).toBe('svc-2-40-2');
  });

  it('shows a refused service token in the Error modal and never logs the session out', async () => {
    const { tokens, onUnauthorized, modals } = portal();
    serviceStatus = 401;
    const failure = await tokens.call(verify, { body: {} as never }, { action: 'check the email' }, { service: 'email', groupId: 40 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(modals).toEqual(['Failed to check the email: This service token has ended']);
  });

  it('refuses a service the portal does not offer', async () => {
    const { tokens } = portal();
    await expect(tokens.tokenFor('cleanse', 40)).rejects.toThrow('The portal offers no service named cleanse');
  });
});
