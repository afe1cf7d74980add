// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockedMessages } from '../../contract/shared/messages';
import { authUser, renderPortal, type Call, type Reply } from './support/renderPortal';

// The real router, guards, machines and views; only the network is answered, at fetch.

const owner = authUser({ id: 4, jwt: 'jwt-owner' });
let calls: Call[] = [];

/** Renders with no user signed in unless the test saved one; `answer` gets (url, call). */
function renderApp(path: string, answer: (url: URL, call: Call) => Reply | undefined) {
  const rendered = renderPortal(path, { handler: (call) => answer(call.url, call) });
  calls = rendered.calls;
  return rendered;
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('portal views', () => {
  it('sends a visitor with no session to /login, keeping the query string', async () => {
    const { router } = renderApp('/portal/home?ref=mail&x=1', () => undefined);
    await screen.findByRole('tab', { name: 'Log in', selected: true });
    expect(router.history.location.pathname).toBe('/portal/login');
    expect(router.history.location.search).toBe('?ref=mail&x=1');
  });

  it('logs in with basic credentials through the form and lands on /home', async () => {
    const { router } = renderApp('/portal/login', (url) => (url.pathname === '/api/users/auth' ? { status: 200, body: owner } : undefined));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'Demo-Password-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('owner@example.com', { selector: 'strong' });
    expect(router.history.location.pathname).toBe('/portal/home');
    const auth = calls.find((c) => c.url.pathname.endsWith('/auth'))!;
    expect(auth.headers.get('authorization')).toBe(`Basic ${btoa('owner@example.com:Demo-Password-1')}`);
    expect(auth.headers.get('x-auth-error-status')).toBe('400');
    expect(JSON.parse(localStorage.getItem('portal.session.user')!).jwt).toBe('jwt-owner');
  });

  it('shows the server reason in the Error modal once, however often the same failure happens', async () => {
    renderApp('/portal/login', () => ({ status: 400, body: { msg: 'Invalid user name or password', statusCode: 400 } }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope-nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Error');
    expect(dialog.textContent).toContain('Failed to log in: Invalid user name or password');
    // The same failure again while it shows: still one dialog, and nothing queued behind it.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/auth'))).toHaveLength(2));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 2000 });
  });

  it('re-authenticates a saved session on load, then shows the page asked for', async () => {
    localStorage.setItem('portal.session.user', JSON.stringify(owner));
    const renewed = { ...owner, jwt: 'jwt-renewed' };
    const { router } = renderApp('/portal/home', (url) => (url.pathname === '/api/users/reauth' ? { status: 200, body: renewed } : undefined));
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(router.history.location.pathname).toBe('/portal/home');
    expect(calls[0].headers.get('authorization')).toBe('Bearer jwt-owner');
    expect(JSON.parse(localStorage.getItem('portal.session.user')!).jwt).toBe('jwt-renewed');
  });

  it('clears everything and goes to /login when re-authentication on load fails', async () => {
    localStorage.setItem('portal.session.user', JSON.stringify(owner));
    localStorage.setItem('portal.groups.current', '{"accountId":9}');
    localStorage.setItem('portal.helptips.disabled', 'true');
    const { router } = renderApp('/portal/home', () => ({ status: 500, body: { msg: 'down', statusCode: 500 } }));
    await screen.findByRole('tab', { name: 'Log in', selected: true });
    expect(router.history.location.pathname).toBe('/portal/login');
    expect(localStorage.getItem('portal.session.user')).toBeNull();
    expect(localStorage.getItem('portal.groups.current')).toBeNull();
    // Help-tip choices belong to the browser, not the session.
    expect(localStorage.getItem('portal.helptips.disabled')).toBe('true');
  });

  it('sends an unvalidated user to /validate and offers to resend the code', async () => {
    localStorage.setItem('portal.session.user', JSON.stringify({ ...owner, validated: false }));
    const { router } = renderApp('/portal/user', (url) => {
      if (url.pathname === '/api/users/reauth') return { status: 200, body: { ...owner, validated: false } };
      if (url.pathname === '/api/users/validate') return { status: 200, body: { msg: 'sent' } };
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Validate your account' });
    expect(router.history.location.pathname).toBe('/portal/validate');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend code' }));
    await screen.findByText(/A new code is on its way/);
  });

  it("shows the spec's unknown page with a way back home", async () => {
    localStorage.setItem('portal.session.user', JSON.stringify(owner));
    renderApp('/portal/no/such/page', (url) => (url.pathname === '/api/users/reauth' ? { status: 200, body: owner } : undefined));
    await screen.findByText('Oops! The page you were looking for does not exist.');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/portal/home');
    // Inside the portal's layout for a signed-in user: banner, account bar and the main landmark.
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    expect(screen.getByRole('region', { name: 'Account' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Oops! The page you were looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/portal/home');
  });

  it('starts the Reset code field empty after Send code, never with the email', async () => {
    renderApp('/portal/resetpassword', (url) => (url.pathname === '/api/users/resetpassword' ? { status: 200, body: {} } : undefined));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Reset code');
    expect((code as HTMLInputElement).value).toBe('');
  });

  it("refuses someone else's user page once, and gives a malformed id the unknown page, with no call and no Error modal", async () => {
    localStorage.setItem('portal.session.user', JSON.stringify(owner));
    const { router } = renderApp('/portal/user/5', (url) => (url.pathname === '/api/users/reauth' ? { status: 200, body: owner } : undefined));
    await screen.findByText(blockedMessages.notThroughAccount, {}, { timeout: 5000 });
    expect(screen.getAllByRole('heading', { name: 'Oops!' })).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => router.navigate({ to: '/user/$userId', params: { userId: 'abc' as unknown as number } }));
    await screen.findByText('Oops! The page you were looking for does not exist.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/users/user')).toEqual([]);
  });

  it('offers Change Account on a refusal that asks the user to switch accounts', async () => {
    localStorage.setItem('portal.session.user', JSON.stringify(owner));
    const account = { id: 2, parentId: null, name: 'Acme UK', type: 'account', subtype: null, territory: 'uk', pendingOwnership: false, isOwner: false, isMember: true, children: [] };
    renderApp('/portal/administration/account', (url) =>
      url.pathname === '/api/users/reauth' ? { status: 200, body: owner } : url.pathname === '/api/users/groups' ? { status: 200, body: [account] } : undefined,
    );
    await screen.findByText(blockedMessages.account, {}, { timeout: 5000 });
    expect(await within(screen.getByRole('main')).findByRole('button', { name: 'Change Account' }, { timeout: 5000 })).toBeTruthy();
  });

  it('shows a visitor the unknown page on its own, in a main landmark', async () => {
    renderApp('/portal/no/such/page', () => undefined);
    const main = await screen.findByRole('main');
    expect(within(main).getByText('Oops! The page you were looking for does not exist.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('moves between the Log in and Register tabs with the arrow keys', async () => {
    const { router } = renderApp('/portal/login?x=1', () => undefined);
    const tab = await screen.findByRole('tab', { name: 'Log in', selected: true });
    act(() => tab.focus());
    await userEvent.setup().keyboard('{ArrowRight}');
    await screen.findByRole('tab', { name: 'Register', selected: true });
    expect(router.history.location.pathname).toBe('/portal/register');
    expect(router.history.location.search).toBe('?x=1');
    expect(await screen.findByLabelText('Confirm password')).toBeTruthy();
  });
});
