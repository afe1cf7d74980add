// @vitest-environment jsdom
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SignedInSession } from '../../contract/security/entities';
import { at } from './servicesFixtures';
import { authUser, freshPageEachTest, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// /user/sessions on the real app (router, guards, machines, views and API client); the sessions
// calls are answered at fetch, and the list changes as the server's would.

configure({ asyncUtilTimeout: 5000 });

const owner = authUser({ id: 4, userName: 'owner@example.com' });
const here: SignedInSession = { id: 'handle-here', device: 'Chrome on Windows', ip: '203.0.113.7', createdAt: at('2025-06-14T09:30'), lastUsedAt: at('2025-06-15T11:45'), current: true };
const phone: SignedInSession = { id: 'handle-phone', device: 'Safari on iPhone', ip: '198.51.100.20', createdAt: at('2025-06-10T08:05'), lastUsedAt: at('2025-06-12T19:00'), current: false };
const laptop: SignedInSession = { id: 'handle-laptop', device: 'Firefox on Linux', ip: null, createdAt: at('2025-06-01T07:00'), lastUsedAt: at('2025-06-02T07:00'), current: false };

/** The sessions calls over a list the DELETEs change, as the server's. */
function sessionsServer(start: SignedInSession[]) {
  let live = [...start];
  const handler: Handler = (call) => {
    const p = call.url.pathname;
    if (p === '/api/users/sessions' && call.method === 'GET') return ok(live);
    if (p === '/api/users/sessions' && call.method === 'DELETE') {
      const id = call.url.searchParams.get('id');
      const found = live.find((s) => s.id === id);
      if (!found) return { status: 404, body: { msg: 'Session not found', statusCode: 404 } };
      live = live.filter((s) => s !== found);
      return ok({ msg: `${found.device} is signed out` });
    }
    if (p === '/api/users/sessions/others' && call.method === 'DELETE') {
      const ended = live.filter((s) => !s.current).length;
      live = live.filter((s) => s.current);
      return ok({ msg: `${ended} sessions signed out`, ended });
    }
    return undefined;
  };
  return handler;
}

const deletes = (calls: Call[]) => calls.filter((c) => c.method === 'DELETE').map((c) => `${c.url.pathname}${c.url.search}`);
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
const user = () => userEvent.setup();

freshPageEachTest();

describe('/user/sessions', () => {
  it('lists each session with its device, IP address, start and last use, this one marked', async () => {
    renderPortal('/portal/user/sessions', { user: owner, handler: sessionsServer([here, phone, laptop]) });
    const table = await screen.findByRole('table', { name: 'Signed-in sessions' });
    expect(rowsOf(table).map((cells) => cells.slice(0, 4))).toEqual([
      ['Chrome on WindowsThis session', '203.0.113.7', '14/06/2025 09:30', '15/06/2025 11:45'],
      ['Safari on iPhone', '198.51.100.20', '10/06/2025 08:05', '12/06/2025 19:00'],
      ['Firefox on Linux', 'Unknown', '01/06/2025 07:00', '02/06/2025 07:00'],
    ]);
    // On a phone each cell is a line labelled with its column.
    expect(within(table).getByText('198.51.100.20').closest('td')?.dataset.label).toBe('IP address');
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeTruthy();
  });

  it('signs another session out after asking, and shows the list without it', async () => {
    const { calls } = renderPortal('/portal/user/sessions', { user: owner, handler: sessionsServer([here, phone]) });
    await user().click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone (198.51.100.20)' }));
    const question = screen.getByRole('group', { name: 'Sign out Safari on iPhone (198.51.100.20)?' });
    expect(deletes(calls)).toEqual([]);
    await user().click(within(question).getByRole('button', { name: 'Yes, sign out' }));
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull());
    expect(deletes(calls)).toEqual(['/api/users/sessions?id=handle-phone']);
    expect(screen.getByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it('signs out every other session after asking; cancelling sends nothing', async () => {
    const { calls } = renderPortal('/portal/user/sessions', { user: owner, handler: sessionsServer([here, phone, laptop]) });
    await user().click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deletes(calls)).toEqual([]);
    await user().click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(screen.getByText('Sign out all 2 other sessions? This browser stays signed in.')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: 'Yes, sign them out' }));
    await screen.findByText('You are not signed in anywhere else.');
    expect(deletes(calls)).toEqual(['/api/users/sessions/others']);
    const table = screen.getByRole('table', { name: 'Signed-in sessions' });
    expect(rowsOf(table).map((cells) => cells[0])).toEqual(['Chrome on WindowsThis session']);
  });

  it('logs out when this session is signed out', async () => {
    const { portal, router, calls } = renderPortal('/portal/user/sessions', { user: owner, handler: sessionsServer([here, phone]) });
    await user().click(await screen.findByRole('button', { name: 'Sign out this session' }));
    await user().click(screen.getByRole('button', { name: 'Yes, sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(portal.session.getSnapshot().matches('signedOut')).toBe(true);
    expect(deletes(calls)).toEqual(['/api/users/sessions?id=handle-here']);
  });

  it('says so when there is no session to show', async () => {
    renderPortal('/portal/user/sessions', { user: owner, handler: sessionsServer([]) });
    expect(await screen.findByText('No signed-in sessions to show.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Sign out/ })).toBeNull();
  });

  it('is linked from the user’s own settings', async () => {
    const me: Handler = (c) =>
      c.url.pathname === '/api/users/user'
        ? ok({ id: 4, name: owner.userName, email: owner.userName, personalName: 'Olive Owner', companyName: null, territory: 'uk', isGroup: false, type: null, subType: null, locked: false, validated: true, roles: ['account'], createTimestamp: 0, updateTimestamp: 0, activityTimestamp: null })
        : undefined;
    const { router } = renderPortal('/portal/user/4', { user: owner, handler: (c) => me(c) ?? sessionsServer([here])(c) });
    await user().click(await screen.findByRole('link', { name: 'Signed-in sessions' }));
    await screen.findByRole('table', { name: 'Signed-in sessions' });
    expect(router.state.location.pathname).toBe('/user/sessions');
  });
});
