// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { helpTipsDisabledKey, tourProblems } from '../../contract/shared/helpTips';
import type { AuthUser } from '../../contract/users/entities';
import type { Group } from '../../contract/groups/entities';
import { tokenCsvRows } from '../../src/areas/administration/tokens/tokenText';
import { tokensTour } from '../../src/shared/helptips/tours/tokens';
import { group } from '../machines/models/groupFixtures';
import { acmeTrading } from './servicesFixtures';
import { authUser, renderPortal, type Call, type Handler } from './support/renderPortal';
import { at, token, tokenServer, type AuditEntry } from './tokensFixtures';

// /administration/tokens: the real router, guards, machines and views; the token calls are answered
// at fetch by a small in-memory server. The export dialogs are in tokensExport.test.tsx.

configure({ asyncUtilTimeout: 5000 });

let owner: AuthUser;
let calls: Call[] = [];
const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/users/tokens${path}`);
const user = () => userEvent.setup();
/** Each row's cells as text; a cell of one item a line (ranges, services, dates) joins them with ", ". */
const rowsOf = (table: HTMLElement) =>
  within(table).getAllByRole('row').slice(1).map((r) =>
    [...r.querySelectorAll(':scope > th, :scope > td')].map((c) => {
      const lines = [...c.querySelectorAll(':scope > span')];
      return lines.length > 1 ? lines.map((l) => l.textContent).join(', ') : c.textContent;
    }),
  );
/** The token table's columns but the checkbox and the actions. */
const shownOf = (row: (string | null)[]) => [row[1], row[2], ...row.slice(4)];

function renderApp(path: string, handler: Handler, groups: Group[] = [acmeTrading], who: AuthUser = owner) {
  const rendered = renderPortal(path, { user: who, groups, handler });
  calls = rendered.calls;
  return rendered;
}

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

const shop = token(1, {
  tag: 'Web shop',
  type: 'browser',
  referrer: '*.shop.example.com',
  ipRange: ['203.0.113.0/24', '2001:db8::/32'],
  expiry: at('2026-01-31T23:59:59'),
  services: ['addresslookup', 'email'],
  dailyCap: 5000,
});
const backOffice = token(2, { tag: 'Back office', locked: true });
const old = token(3, { tag: 'Old import', expiry: at('2025-01-01T23:59:59') });

describe('the tokens table', () => {
  it('shows each token: tag, type, status, ranges, referrer, expiry or Never, dates dd/mm/yyyy, services and cap', async () => {
    renderApp('/portal/administration/tokens', tokenServer([shop, backOffice, old]).handler);
    const table = await screen.findByRole('table', { name: 'Tokens' });
    expect(rowsOf(table).map(shownOf)).toEqual([
      ['Web shop', 'Active', 'Browser', '203.0.113.0/24, 2001:db8::/32', '*.shop.example.com', '31/01/2026', '02/03/2025, 05/04/2025', 'Address lookup, Email', '5,000'],
      ['Back office', 'Locked', 'Server', 'Anywhere', 'Any', 'Never', '02/03/2025, 05/04/2025', 'Address lookup', 'None'],
      ['Old import', 'Expired', 'Server', 'Anywhere', 'Any', '01/01/2025', '02/03/2025, 05/04/2025', 'Address lookup', 'None'],
    ]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      ['Select', 'Tag', 'Status', 'Actions', 'Type', 'IP ranges', 'Referrer', 'Expiry', 'Created / updated', 'Services', 'Daily cap'],
    );
    expect(callsTo('GET', '')[0].url.searchParams.get('parentId')).toBe('31');
  });

  it('invites creating the first token when there is none', async () => {
    renderApp('/portal/administration/tokens', tokenServer([]).handler);
    await screen.findByRole('heading', { name: 'No API tokens yet' });
    await user().click(screen.getByRole('button', { name: 'Create your first token' }));
    expect(screen.getByRole('dialog', { name: 'Create an API token' })).toBeTruthy();
  });

  it('exports the table as CSV with the page\'s words and dates', () => {
    expect(tokenCsvRows([shop, backOffice])).toEqual([
      ['Tag', 'Type', 'Locked', 'IP ranges', 'Referrer', 'Expiry', 'Created', 'Updated', 'Services', 'Daily cap'],
      ['Web shop', 'Browser', 'No', '203.0.113.0/24 2001:db8::/32', '*.shop.example.com', '31/01/2026', '02/03/2025', '05/04/2025', 'Address lookup, Email validation', 5000],
      ['Back office', 'Server', 'Yes', '', 'Any', 'Never', '02/03/2025', '05/04/2025', 'Address lookup', null],
    ]);
  });

  it('shows the audit log newest first with who did what', async () => {
    const audit: AuditEntry[] = [
      { id: 2, tokenId: 1, tokenTag: 'Web shop', userId: 4, userName: 'Olive Owner', userEmail: 'owner@example.com', action: 'cap', detail: 'daily cap: none → 5,000', at: at('2025-06-14T09:30') },
      { id: 1, tokenId: 1, tokenTag: 'Web shop', userId: null, userName: null, userEmail: null, action: 'create', detail: 'browser token', at: at('2025-06-01T08:00') },
    ];
    renderApp('/portal/administration/tokens', tokenServer([shop], audit).handler);
    const log = await screen.findByRole('table', { name: 'Audit log' });
    expect(rowsOf(log)).toEqual([
      ['14/06/2025 09:30', 'Olive Owner', 'Web shop', 'Daily cap changed', 'daily cap: none → 5,000'],
      ['01/06/2025 08:00', 'A deleted user', 'Web shop', 'Created', 'browser token'],
    ]);
  });

  it('has a sound tour whose targets are on the page', async () => {
    expect(tourProblems(tokensTour)).toEqual([]);
    localStorage.removeItem(helpTipsDisabledKey);
    renderApp('/portal/administration/tokens', tokenServer([shop]).handler);
    await screen.findByRole('table', { name: 'Tokens' });
    for (const tip of tokensTour.tips) if (tip.targetId) expect(document.getElementById(tip.targetId), tip.targetId).not.toBeNull();
    await screen.findByRole('dialog', { name: tokensTour.tips[0].title });
  });
});

describe('creating and changing tokens', () => {
  it('creates a token with ranges one per line, a referrer, an expiry, services, a cap and the password, then lists it', async () => {
    const server = tokenServer([]);
    renderApp('/portal/administration/tokens', server.handler);
    await user().click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API token' });
    await user().type(within(dialog).getByLabelText('Tag'), 'Checkout');
    await user().click(within(dialog).getByLabelText(/^Browser/));
    await user().type(within(dialog).getByLabelText('IP ranges'), '203.0.113.0/24{enter}{enter}2001:db8::/32');
    await user().type(within(dialog).getByLabelText(/^Referrer/), '*.example.com');
    await user().type(within(dialog).getByLabelText('Expiry'), '2026-02-28');
    await user().click(within(dialog).getByLabelText('Email validation'));
    await user().type(within(dialog).getByLabelText('Daily cap'), '1000');
    await user().type(within(dialog).getByLabelText('Your password'), 'Demo-Password-1');
    await user().click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(callsTo('POST', '/password')).toHaveLength(1));
    const [sent] = callsTo('POST', '/password');
    expect(sent.url.searchParams.get('parentId')).toBe('31');
    expect(sent.body).toEqual({
      token: {
        tag: 'Checkout', type: 'browser', ipRange: ['203.0.113.0/24', '2001:db8::/32'], referrer: '*.example.com',
        expiry: at('2026-02-28T23:59:59'), services: ['addresslookup', 'email'], dailyCap: 1000,
      },
      password: 'Demo-Password-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = await screen.findByRole('table', { name: 'Tokens' });
    expect(shownOf(rowsOf(table)[0]).slice(0, 3)).toEqual(['Checkout', 'Active', 'Browser']);
    expect(screen.getByRole('status').textContent).toBe('Checkout is created.');
  });

  it('says the server\'s refusal of a range under the IP ranges field, in its words, with no Error modal, and keeps the form', async () => {
    const words = '"10.0.0.0/33" is not an IPv4 or IPv6 network in CIDR form (such as 203.0.113.0/24 or 2001:db8::/32)';
    const server = tokenServer([], [], { refuse: (c) => (c.method === 'POST' ? { status: 400, body: { msg: `ipRange: ${words}`, statusCode: 400 } } : undefined) });
    renderApp('/portal/administration/tokens', server.handler);
    await user().click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API token' });
    await user().type(within(dialog).getByLabelText('Tag'), 'Bad');
    await user().type(within(dialog).getByLabelText('IP ranges'), '10.0.0.0/33');
    await user().type(within(dialog).getByLabelText('Your password'), 'Demo-Password-1');
    await user().click(within(dialog).getByRole('button', { name: 'Create token' }));
    const ranges = within(dialog).getByLabelText('IP ranges');
    await waitFor(() => expect(ranges.getAttribute('aria-invalid')).toBe('true'));
    const under = document.getElementById('field-ipRange-error')!;
    expect(under.textContent).toBe(words);
    expect(ranges.getAttribute('aria-describedby')).toContain('field-ipRange-error');
    expect(dialog.textContent).not.toContain('ipRange');
    expect(screen.queryByRole('alertdialog', { name: 'Error' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Create an API token' })).toBeTruthy();
  });

  it('says a taken tag under its field, and what names no field over the form', async () => {
    let refusal = 'tag: A token tagged "Checkout" already exists on this account';
    const server = tokenServer([], [], { refuse: (c) => (c.method === 'POST' ? { status: 409, body: { msg: refusal, statusCode: 409 } } : undefined) });
    renderApp('/portal/administration/tokens', server.handler);
    await user().click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API token' });
    await user().type(within(dialog).getByLabelText('Tag'), 'Checkout');
    await user().type(within(dialog).getByLabelText('Your password'), 'Demo-Password-1');
    await user().click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(document.getElementById('field-tag-error')?.textContent).toBe('A token tagged "Checkout" already exists on this account'));
    refusal = 'Tokens belong to accounts: choose an account';
    await user().click(within(dialog).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Tokens belong to accounts: choose an account'));
    expect(document.getElementById('field-tag-error')).toBeNull();
    expect(screen.queryByRole('alertdialog', { name: 'Error' })).toBeNull();
  });

  it('checks what is typed before sending it: each problem under its field, in the customer\'s words, and nothing sent', async () => {
    renderApp('/portal/administration/tokens', tokenServer([]).handler);
    await user().click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API token' });
    await user().type(within(dialog).getByLabelText('Tag'), '   ');
    await user().click(within(dialog).getByLabelText('Address lookup'));
    await user().type(within(dialog).getByLabelText('IP ranges'), `203.0.113.0/24\n${'1'.repeat(65)}`);
    await user().type(within(dialog).getByLabelText('Daily cap'), '5000000000');
    await user().click(within(dialog).getByRole('button', { name: 'Create token' }));
    const under = (field: string) => document.getElementById(`field-${field}-error`)?.textContent;
    await waitFor(() => expect(under('tag')).toBe('A tag is required'));
    expect(under('services')).toBe('Choose at least one service');
    expect(under('ipRange')).toBe('An IP range is at most 64 characters (line 2)');
    expect(under('dailyCap')).toBe('A daily cap is at most 1,000,000,000 clicks');
    expect(under('password')).toBe('Enter your password');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Tag'));
    expect(callsTo('POST', '/password')).toHaveLength(0);
  });

  it('edits a token with its values filled in and no password asked', async () => {
    renderApp('/portal/administration/tokens', tokenServer([shop]).handler);
    const row = (await screen.findByRole('rowheader', { name: 'Web shop' })).closest('tr')!;
    await user().click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Web shop' });
    expect((within(dialog).getByLabelText('IP ranges') as HTMLTextAreaElement).value).toBe('203.0.113.0/24\n2001:db8::/32');
    expect((within(dialog).getByLabelText('Expiry') as HTMLInputElement).value).toBe('2026-01-31');
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    const cap = within(dialog).getByLabelText('Daily cap');
    await user().clear(cap);
    await user().type(cap, '7500');
    await user().click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PUT', '')).toHaveLength(1));
    expect(callsTo('PUT', '')[0].url.searchParams.get('id')).toBe('1');
    expect(callsTo('PUT', '')[0].body).toMatchObject({ dailyCap: 7500, expiry: shop.expiry, referrer: '*.shop.example.com', ipRange: shop.ipRange });
  });

  it('locks and unlocks a row', async () => {
    renderApp('/portal/administration/tokens', tokenServer([shop]).handler);
    const row = (await screen.findByRole('rowheader', { name: 'Web shop' })).closest('tr')!;
    await user().click(within(row).getByRole('button', { name: 'Lock' }));
    await within(row).findByRole('button', { name: 'Unlock' });
    expect(within(row).getByText('Locked')).toBeTruthy();
    await user().click(within(row).getByRole('button', { name: 'Unlock' }));
    await within(row).findByRole('button', { name: 'Lock' });
    expect(callsTo('PUT', '/lock').map((c) => c.body)).toEqual([{ lock: true }, { lock: false }]);
  });

  it('changes several selected tokens at once: lock, then a daily cap', async () => {
    renderApp('/portal/administration/tokens', tokenServer([shop, old, backOffice]).handler);
    await user().click(await screen.findByRole('checkbox', { name: 'Select Web shop' }));
    await user().click(screen.getByRole('checkbox', { name: 'Select Old import' }));
    const bar = screen.getByRole('group', { name: 'Change the selected tokens' });
    expect(bar.textContent).toContain('2 tokens selected');
    await user().click(within(bar).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(callsTo('PUT', '/bulk')).toHaveLength(1));
    expect(callsTo('PUT', '/bulk')[0].body).toEqual({ ids: [1, 3], lock: true });
    expect(callsTo('PUT', '/bulk')[0].url.searchParams.get('groupId')).toBe('31');

    await user().click(await screen.findByRole('checkbox', { name: 'Select Back office' }));
    await user().click(within(bar).getByRole('button', { name: /Change services, expiry or cap/ }));
    const dialog = screen.getByRole('dialog', { name: 'Change 1 token' });
    await user().click(within(dialog).getByLabelText('Daily cap'));
    await user().type(within(dialog).getByLabelText('New daily cap'), '250');
    await user().click(within(dialog).getByRole('button', { name: 'Apply to selected tokens' }));
    await waitFor(() => expect(callsTo('PUT', '/bulk')).toHaveLength(2));
    expect(callsTo('PUT', '/bulk')[1].body).toEqual({ ids: [2], dailyCap: 250 });
  });

  it('deletes after a confirmation on the row', async () => {
    const server = tokenServer([shop, backOffice]);
    renderApp('/portal/administration/tokens', server.handler);
    const row = (await screen.findByRole('rowheader', { name: 'Back office' })).closest('tr')!;
    await user().click(within(row).getByRole('button', { name: 'Delete token Back office' }));
    expect(callsTo('DELETE', '')).toHaveLength(0);
    await user().click(within(row).getByRole('button', { name: 'Yes, delete token' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Back office' })).toBeNull());
    expect(callsTo('DELETE', '')[0].url.searchParams.get('id')).toBe('2');
  });

  it('asks for an account when only an organisation is selected', async () => {
    const lone = group(50, 'organisation', [], { name: 'Lonely Org' });
    renderApp('/portal/administration/tokens', tokenServer([]).handler, [lone]);
    await screen.findByText(/Tokens belong to an account, and Lonely Org is selected/);
    expect(callsTo('GET', '')).toHaveLength(0);
  });
});

