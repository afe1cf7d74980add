// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../contract/config/entities';
import type { AuthUser } from '../../contract/users/entities';
import type { Role } from '../../contract/shared/roles';
import { machines } from '../../machines/registry';
import { createInspectionHub, thisTab } from '../../src/app/inspection';
import { createPortal } from '../../src/app/portal';
import { PortalContext } from '../../src/app/PortalContext';
import { createPortalRouter } from '../../src/app/router';
import { notFoundMessage } from '../../contract/shared/messages';
import { testConfig } from './support/renderPortal';

// /visualiser on the real router: who may open it (config.visualiser), the machine list and the live
// state. The drawing itself runs elk in a web worker, which jsdom lacks (e2e/visualiser.spec.ts draws).

const config = (visualiser: RuntimeConfig['visualiser']): RuntimeConfig => ({ ...testConfig, visualiser });

const user = (roles: Role[]): AuthUser => ({
  jwt: 'jwt',
  id: 4,
  userName: 'someone@example.com',
  recycleDate: Math.floor(Date.now() / 1000) + 3600,
  roles,
  territory: 'uk',
  validated: true,
});

const closers: (() => void)[] = [];

function renderVisualiser(setting: RuntimeConfig['visualiser'], saved?: AuthUser) {
  if (saved) localStorage.setItem('portal.session.user', JSON.stringify(saved));
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(new Request(input).url);
    const body = url.pathname === '/api/users/reauth' ? saved : url.pathname === '/api/users/groups' ? [] : { msg: 'Not found' };
    return new Response(JSON.stringify(body), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
  };
  const hub = createInspectionHub({ path: () => '/portal/visualiser' });
  closers.push(() => hub.close());
  const portal = createPortal(config(setting), { storage: localStorage, fetch: fetch as typeof globalThis.fetch, inspect: hub.inspect });
  const router = createPortalRouter(portal, createMemoryHistory({ initialEntries: ['/portal/visualiser'] }));
  render(
    <PortalContext.Provider value={portal}>
      <RouterProvider router={router} />
    </PortalContext.Provider>,
  );
  return { router };
}

beforeEach(() => {
  localStorage.clear();
  // elk's worker never answers here: the drawing stays pending, the rest of the page renders.
  vi.stubGlobal(
    'Worker',
    class {
      postMessage() {}
      terminate() {}
    },
  );
});
afterEach(() => {
  cleanup();
  closers.splice(0).forEach((c) => c());
  vi.unstubAllGlobals();
});

describe('/visualiser', () => {
  it('is not there when the visualiser is off', async () => {
    renderVisualiser('off', user(['super']));
    expect(await screen.findByText(notFoundMessage)).toBeTruthy();
  });

  it('is only there for signed-in staff when set to staff', async () => {
    renderVisualiser('staff');
    expect(await screen.findByText(notFoundMessage)).toBeTruthy();
    cleanup();
    localStorage.clear();
    renderVisualiser('staff', user(['account']));
    expect(await screen.findByText(notFoundMessage)).toBeTruthy();
    cleanup();
    localStorage.clear();
    // A saved staff session: the guard waits for it to resume, then opens the page.
    renderVisualiser('staff', user(['sales']));
    expect(await screen.findByRole('navigation', { name: 'Machines' })).toBeTruthy();
  });

  it('lists every registered machine and shows the live state of this tab, for anyone when set to everyone', async () => {
    const { router } = renderVisualiser('everyone');
    const nav = await screen.findByRole('navigation', { name: 'Machines' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent?.replace(/live$/, ''))).toEqual(machines.map((m) => m.id));
    expect(links[0].getAttribute('aria-current')).toBe('page');
    expect((await screen.findByTestId('live-state')).textContent).toBe('signedOut');
    expect(screen.getByTestId('live-state').parentElement?.textContent).toContain(`${thisTab} (this tab)`);
    expect(within(screen.getByRole('table')).getByText('xstate.init')).toBeTruthy();

    await userEvent.setup().click(within(nav).getByRole('link', { name: /^modal/ }));
    expect(await screen.findByRole('heading', { name: 'modal', level: 2 })).toBeTruthy();
    expect(router.history.location.search).toBe('?machine=modal');
    expect((await screen.findByTestId('live-state')).textContent).toBe('idle');
  });
});
