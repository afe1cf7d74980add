// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey } from '../../contract/shared/helpTips';
import type { AuthUser } from '../../contract/users/entities';
import type { Group } from '../../contract/groups/entities';
import { group } from '../machines/models/groupFixtures';
import { acmeTrading, acmeUk } from './servicesFixtures';
import { authUser, renderPortal, testConfig, type Call, type Handler } from './support/renderPortal';
import { at, exportedJwt, token, tokenServer } from './tokensFixtures';

// The ellipsis menu's Export API Token (password re-entry, spec section 5; an 11-row text area and
// "Text copied to clipboard", spec section 9) and Export settings for API, opened from the address.

configure({ asyncUtilTimeout: 5000 });

let owner: AuthUser;
let calls: Call[] = [];
const exportCalls = () => calls.filter((c) => c.url.pathname === '/api/users/tokens/export');

function renderApp(path: string, handler: Handler, groups: Group[] = [acmeTrading], who: AuthUser = owner) {
  const rendered = renderPortal(path, { user: who, groups, handler });
  calls = rendered.calls;
  return rendered;
}
const user = () => userEvent.setup();

beforeEach(() => {
  calls = [];
  localStorage.clear();
  localStorage.setItem(helpTipsDisabledKey, 'true');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T12:00'));
  owner = authUser({ id: 4, userName: 'owner@example.com' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const live = token(1, { tag: 'Web shop' });
const locked = token(2, { tag: 'Back office', locked: true });
const expired = token(3, { tag: 'Old import', expiry: at('2025-01-01T23:59:59') });

/** Refuses the first export as the server does a wrong password (401 becomes 400 on a basic call). */
const wrongOnce = () => {
  let refused = false;
  return (c: Call) => {
    if (c.url.pathname !== '/api/users/tokens/export' || refused) return undefined;
    refused = true;
    return { status: 400, body: { msg: 'Invalid user name or password', statusCode: 400 } };
  };
};

describe('Export API Token', () => {
  it('asks for the password, says a wrong one on the dialog with nothing exported, then shows the token in 11 rows and copies it', async () => {
    const { router } = renderApp('/portal/administration/tokens?export=token', tokenServer([live, locked, expired], [], { refuse: wrongOnce() }).handler);
    const dialog = await screen.findByRole('dialog', { name: 'Export API Token' });
    // Locked and expired tokens cannot be exported: offered, but not chosen.
    expect((within(dialog).getByRole('radio', { name: /Back office/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: /Old import/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Web shop' }) as HTMLInputElement).checked).toBe(true);
    await user().click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(exportCalls()).toHaveLength(0);

    const password = await screen.findByLabelText('Your password');
    await user().type(password, 'Wrong-Password-1');
    await user().click(screen.getByRole('button', { name: 'Export token' }));
    const said = await screen.findByRole('alert');
    expect(said.textContent).toBe('Failed to export the API token: Invalid user name or password Nothing was exported.');
    expect(screen.queryByRole('alertdialog', { name: 'Error' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'API token' })).toBeNull();
    expect((screen.getByLabelText('Your password') as HTMLInputElement).value).toBe('');

    await user().type(screen.getByLabelText('Your password'), 'Demo-Password-1');
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    const text = (await screen.findByRole('textbox', { name: 'API token' })) as HTMLTextAreaElement;
    expect(text.value).toBe(exportedJwt);
    expect(text.rows).toBe(11);
    expect(text.readOnly).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Export API Token' }).textContent).toContain('valid until 15/06/2026');

    const sent = exportCalls().at(-1)!;
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({ accountId: '31', tokenId: '1' });
    expect(sent.headers.get('authorization')).toBe(`Basic ${btoa('owner@example.com:Demo-Password-1')}`);

    await user().click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByText('Text copied to clipboard');
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(exportedJwt);

    await user().click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toEqual({});
  });

  it('goes straight to the password from a row\'s Export', async () => {
    renderApp('/portal/administration/tokens', tokenServer([live, locked]).handler);
    const row = (await screen.findByRole('rowheader', { name: 'Web shop' })).closest('tr')!;
    await user().click(within(row).getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export API Token' });
    expect(dialog.textContent).toContain('Enter your password to export Web shop.');
    // A locked token has no Export.
    const lockedRow = screen.getByRole('rowheader', { name: 'Back office' }).closest('tr')!;
    expect(within(lockedRow).queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('tells staff who do not own the account that only an owner exports', async () => {
    const sales = authUser({ id: 3, userName: 'sales@example.com', roles: ['sales'] });
    const staffView = group(30, 'organisation', [{ ...acmeUk, isOwner: false }], { name: 'Acme Trading', isOwner: false });
    renderApp('/portal/administration/tokens?export=token', tokenServer([live]).handler, [staffView], sales);
    const dialog = await screen.findByRole('dialog', { name: 'Export API Token' });
    expect(dialog.textContent).toContain('Only an owner of the account can export its tokens.');
    expect(screen.queryByRole('button', { name: 'Export API Token' })).toBeNull();
  });

  it('ignores an unknown export value in the address', async () => {
    renderApp('/portal/administration/tokens?export=everything&tokenId=abc', tokenServer([live]).handler);
    await screen.findByRole('table', { name: 'Tokens' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Export settings for API', () => {
  it('gives the account id, absolute base URLs, the header and an example per service, each copyable', async () => {
    const config = { ...testConfig, services: { ...testConfig.services, address: '/api/address', email: 'https://email.example.net/v1' } };
    const rendered = renderPortal('/portal/administration/tokens?export=settings', { user: owner, groups: [acmeTrading], handler: tokenServer([live]).handler, config });
    calls = rendered.calls;
    const dialog = await screen.findByRole('dialog', { name: 'Export settings for API' });
    expect(dialog.textContent).toContain('Account id31');
    expect(dialog.textContent).toContain('Authorization: Bearer $API_TOKEN');
    const address = within(dialog).getByRole('region', { name: 'Address lookup' });
    expect(address.textContent).toContain(`Base URL ${window.location.origin}/api/address`);
    expect(address.textContent).toContain(`${window.location.origin}/api/address/json/PAF?q=157+Church+Street%2C+Aberdeen+AB23+3BA`);
    expect(address.textContent).toContain('costs 1 click');
    expect(within(dialog).getByRole('region', { name: 'Email validation' }).textContent).toContain('https://email.example.net/v1/verify');
    expect(within(dialog).getByRole('region', { name: 'Address autocomplete' }).textContent).toMatch(/\/autoc\/json\?dataset=(PAF|GNAF)&q=/);
    expect(within(dialog).getByRole('region', { name: 'Bank code validation (SOAP)' }).textContent).toContain('<SortCode>08-99-99</SortCode>');
    // Name validation has an API address and an example, and nothing says otherwise.
    expect(within(dialog).getByRole('region', { name: 'Name validation' }).textContent).toContain('/validate');
    expect(dialog.textContent).not.toMatch(/name validation[^.]*no API address/i);
    await user().click(within(dialog).getByRole('button', { name: 'Copy the Email validation example' }));
    await within(dialog).findByText('Text copied to clipboard');
    expect(await navigator.clipboard.readText()).toMatch(/^curl -X POST .* "https:\/\/email\.example\.net\/v1\/verify"$/);
  });

  it('links the API reference the server serves, as a plain link out of the portal', async () => {
    renderApp('/portal/administration/tokens?export=settings', tokenServer([live]).handler);
    const dialog = await screen.findByRole('dialog', { name: 'Export settings for API' });
    expect(within(dialog).getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs');
  });
});
