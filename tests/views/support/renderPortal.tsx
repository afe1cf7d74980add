import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { helpTipsDisabledKey } from '../../../contract/shared/helpTips';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { RuntimeConfig } from '../../../contract/config/entities';
import type { AuthUser } from '../../../contract/users/entities';
import type { Group } from '../../../contract/groups/entities';
import { createPortal, type PortalOptions } from '../../../src/app/portal';
import { PortalContext } from '../../../src/app/PortalContext';
import { createPortalRouter } from '../../../src/app/router';

// The whole SPA (real router, guards, machines, views and API client) rendered in jsdom; only the
// network is answered, at fetch. Shared by the view tests.

export const testConfig: RuntimeConfig = {
  services: {
    users: 'http://portal.test/api/users',
    plans: 'http://portal.test/api/plans',
    bureau: 'http://portal.test/api/bureau',
    filesUk: 'http://portal.test/api/files/uk',
    filesAustralia: 'http://portal.test/api/files/australia',
    address: 'http://portal.test/api/address',
    autocomplete: 'http://portal.test/api/autocomplete',
    email: 'http://portal.test/api/email',
    bank: 'http://portal.test/api/bank',
    name: 'http://portal.test/api/name',
  },
  supportEmail: 'help@portal.test',
  botCheckSiteKey: null,
  botCheckScriptUrl: null,
  requestCacheSeconds: 0,
  defaultTerritory: 'uk',
  sessionRecycleSeconds: 3600,
  visualiser: 'off',
};

/** A signed-in user as GET /auth answers, valid for an hour. */
export const authUser = (over: Partial<AuthUser> = {}): AuthUser => ({
  jwt: `jwt-${over.id ?? 4}`,
  id: 4,
  userName: 'owner@example.com',
  recycleDate: Math.floor(Date.now() / 1000) + 3600,
  roles: ['account'],
  territory: 'uk',
  validated: true,
  ...over,
});

export type Call = { method: string; url: URL; headers: Headers; body: unknown };
export type Reply = { status: number; body: unknown };
/** Answers a call, or passes it on with undefined; a Promise holds the answer (never settling: the request hangs). */
export type Handler = (call: Call) => Reply | Promise<Reply> | undefined;

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const either =
  (...handlers: Handler[]): Handler =>
  (call) =>
    handlers.reduce<ReturnType<Handler>>((found, h) => found ?? h(call), undefined);

/**
 * Renders the portal at `path`. With `user`, that user is signed in (saved locally and answered on
 * re-authentication) and `groups` answers GET /groups. `handler` answers the page's own calls; any
 * other call gets 404.
 */
export function renderPortal(path: string, { user, groups = [], handler = () => undefined, config = testConfig, inspect }: {
  user?: AuthUser;
  groups?: Group[];
  handler?: Handler;
  config?: RuntimeConfig;
  /** The portal's inspector (the visualiser's hub), as main.tsx gives it. */
  inspect?: PortalOptions['inspect'];
} = {}) {
  const calls: Call[] = [];
  if (user) localStorage.setItem('portal.session.user', JSON.stringify(user));
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    const call: Call = { method: request.method, url: new URL(request.url), headers: request.headers, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const p = call.url.pathname;
    const answer = await (handler(call) ??
      (user && p === '/api/users/reauth'
        ? ok(user)
        : user && p === '/api/users/groups' && call.method === 'GET'
          ? ok(groups)
          : { status: 404, body: { msg: 'Not found', statusCode: 404 } }));
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  const portal = createPortal(config, { storage: localStorage, fetch: fetch as typeof globalThis.fetch, inspect });
  const router = createPortalRouter(portal, createMemoryHistory({ initialEntries: [path] }));
  render(
    <PortalContext.Provider value={portal}>
      <RouterProvider router={router} />
    </PortalContext.Provider>,
  );
  return { portal, router, calls };
}

/** Each test of the file starts with empty storage, help tips off and the date at `now` (timers stay real), and is cleaned up after. */
export function freshPageEachTest(now = '2025-06-15T12:00') {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(helpTipsDisabledKey, 'true');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
