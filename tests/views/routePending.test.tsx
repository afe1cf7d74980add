// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slowResumeMs } from '../../src/shared/RoutePending';
import { authUser, renderPortal } from './support/renderPortal';

// The loading screen while a saved session is re-authenticated on load: after a while it offers a way out.

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('route pending screen', () => {
  it('offers Log out while signing in takes long, and logging out opens the login page', async () => {
    // The renewal of the saved token never answers.
    const { portal, router } = renderPortal('/portal/home', {
      user: authUser(),
      handler: (call) => (call.url.pathname === '/api/users/reauth' ? new Promise(() => {}) : undefined),
    });
    await screen.findByText('Loading...');
    expect(portal.session.getSnapshot().value).toBe('resuming');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();

    act(() => vi.advanceTimersByTime(slowResumeMs + 100));
    expect(screen.getByRole('status').textContent).toBe('Still signing you in…');
    const logOut = screen.getByRole('button', { name: 'Log out' });

    // Keyboard only: tab to the button and press Enter.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.tab();
    expect(document.activeElement).toBe(logOut);
    await user.keyboard('{Enter}');

    await screen.findByRole('tab', { name: 'Log in', selected: true });
    expect(portal.session.getSnapshot().value).toBe('signedOut');
    expect(router.history.location.pathname).toBe('/portal/login');
    expect(localStorage.getItem('portal.session.user')).toBeNull();
  });

  it('shows only the spinner when the session resumes in time', async () => {
    const { portal } = renderPortal('/portal/home', { user: authUser() });
    await screen.findByText(/Signed in as/);
    expect(portal.session.getSnapshot().value).toBe('authenticated');
    act(() => vi.advanceTimersByTime(slowResumeMs + 100));
    expect(screen.queryByText('Still signing you in…')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });
});
