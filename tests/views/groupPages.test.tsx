// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser, User } from '../../contract/users/entities';
import type { Group } from '../../contract/groups/entities';
import { groupName } from '../../contract/groups/schemas';
import { noIdProvided } from '../../contract/shared/messages';
import { groupNameProblem } from '../../contract/shared/text';
import { group, trees } from '../machines/models/groupFixtures';
import { authUser, either, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// The real router, guards, machines and views of the group pages (search, creation wizard, create
// account; the invitation page is in acceptInvite.test.tsx); only the network is answered here, at fetch.

const signedIn = (over: Partial<AuthUser>): AuthUser => authUser({ userName: 'someone@example.com', ...over });
const superUser = signedIn({ id: 1, userName: 'super@example.com', roles: ['super'] });
const owner = signedIn({ id: 4, userName: 'owner@example.com' });
const newCustomer = signedIn({ id: 7, userName: 'new@example.com' });

const person = (id: number, over: Partial<User> = {}): User => ({
  id,
  name: `user${id}@example.com`,
  email: `user${id}@example.com`,
  personalName: `Person ${id}`,
  companyName: null,
  territory: 'uk',
  isGroup: false,
  type: null,
  subType: null,
  locked: false,
  validated: true,
  roles: ['account'],
  createTimestamp: 0,
  updateTimestamp: 0,
  activityTimestamp: null,
  ...over,
});

let calls: Call[] = [];
const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/users${path}`);

/** Renders the app at `path` with `user` signed in owning `groups`; `handler` answers the page's own calls. */
function renderApp(path: string, user: AuthUser, groups: Group[], handler: Handler = () => undefined) {
  const rendered = renderPortal(path, { user, groups, handler });
  calls = rendered.calls;
  return rendered;
}

/** The administration page's own calls, once a group is opened. */
const administration = (known: Group[]): Handler => (call) => {
  const p = call.url.pathname;
  if (p === '/api/users/group') return ok(known.find((g) => g.id === Number(call.url.searchParams.get('id'))) ?? null);
  if (p === '/api/users/groupusers') return ok([]);
  return undefined;
};

beforeEach(() => {
  calls = [];
  localStorage.clear();
});
afterEach(cleanup);

describe('the group rules shown are the contract\'s', () => {
  it('uses the messages of spec section 5 as contract/groups.ts states them', () => {
    expect(noIdProvided).toBe('No user or group id provided');
    expect(groupName.safeParse('   ').error?.issues[0].message).toBe(groupNameProblem('   '));
    expect(groupName.safeParse('x'.repeat(101)).error?.issues[0].message).toBe(groupNameProblem('x'.repeat(101)));
    expect([groupNameProblem('   '), groupNameProblem('x'.repeat(101))]).toEqual(['A name is required', 'A name is at most 100 characters']);
  });
});

describe('account search (/search)', () => {
  const acmeTrading = group(30, 'organisation', [], { name: 'Acme Trading', isOwner: false });
  const acmeUk = group(31, 'account', [], { name: 'Acme UK', parentId: 30, isOwner: false });
  const acmeAu = group(32, 'account', [], { name: 'Acme Australia', parentId: 30, territory: 'australia', isOwner: false });
  const olive = person(40, { personalName: 'Olive Owner', email: 'owner@acme.example' });
  const locked = person(41, { personalName: 'Lou Locked', email: 'lou@acme.example', locked: true, validated: false });
  const search: Handler = (call) =>
    call.url.pathname === '/api/users/search'
      ? call.url.searchParams.get('filter') === 'acme'
        ? ok({ tokens: [], groups: [acmeTrading, acmeUk, acmeAu], users: [olive, locked] })
        : ok({ tokens: [], groups: [], users: [] })
      : undefined;

  it('shows the groups, users and tokens that match the filter in the URL', async () => {
    renderApp('/portal/search/acme', superUser, trees, search);
    const groups = await screen.findByRole('table', { name: 'Groups' });
    expect(callsTo('GET', '/search')[0].url.searchParams.get('filter')).toBe('acme');
    const rows = within(groups).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Acme Trading', 'Organisation', 'United Kingdom', '30'],
      ['Acme UK', 'Account', 'United Kingdom', '31'],
      ['Acme Australia', 'Account', 'Australia', '32'],
    ]);
    const users = screen.getByRole('table', { name: 'Users' });
    const userRows = within(users).getAllByRole('row').slice(1);
    expect(userRows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Olive Owner', 'owner@acme.example', '40', 'Validated'],
      ['Lou Locked', 'lou@acme.example', '41', 'Not validatedLocked'],
    ]);
    const tokens = screen.getByRole('heading', { name: 'Tokens' }).closest('section')!;
    expect(tokens.textContent).toContain('No tokens match.');
    // The search box keeps the filter.
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('acme');
  });

  it('opens a group from the results: selects it and goes to /administration/account', async () => {
    const withParent = { ...acmeUk, parent: acmeTrading };
    const { portal, router } = renderApp('/portal/search/acme', superUser, trees, either(search, administration([withParent])));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Acme UK' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/administration/account'));
    // A group outside the user's own trees is loaded with its parent before it is selected.
    expect(callsTo('GET', '/group')[0].url.searchParams.get('id')).toBe('31');
    const { selection } = portal.groups.getSnapshot().context;
    expect([selection.organisation?.id, selection.account?.id]).toEqual([30, 31]);
  });

  it('searches what is typed (at least 2 characters) and says when nothing matches', async () => {
    const { router } = renderApp('/portal/search', superUser, trees, search);
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Search groups, users and tokens' });
    await user.type(box, ' z {Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter at least 2 characters');
    expect(callsTo('GET', '/search')).toHaveLength(0);
    await user.type(box, 'zz{Enter}');
    await screen.findByText('No tokens, groups or users match "z zz".');
    expect(router.history.location.pathname).toBe('/portal/search/z%20zz');
    expect(callsTo('GET', '/search')[0].url.searchParams.get('filter')).toBe('z zz');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not open to customers', async () => {
    renderApp('/portal/search/acme', owner, trees, search);
    await screen.findByText('The page you were looking for is not accessible through this account.');
    expect(callsTo('GET', '/search')).toHaveLength(0);
  });
});

describe('creation wizard (/welcomewizard, /organisationwizard)', () => {
  /** Creates answer ids 501 (the organisation) and 502 (the account); the groups then include them. */
  const creating = (user: AuthUser): Handler => {
    let created = false;
    const account = group(502, 'account', [], { name: 'Web shop', territory: 'australia' });
    const organisation = group(501, 'organisation', [account], { name: 'Bright Ideas' });
    return either((call) => {
      const p = call.url.pathname;
      if (p === '/api/users/groups' && call.method === 'POST') {
        const parent = call.url.searchParams.get('parentId');
        if (parent) created = true;
        return { status: 201, body: { id: parent ? 502 : 501 } };
      }
      if (p === '/api/users/groups') return ok(created ? [organisation] : user.roles.includes('super') ? trees : []);
      if (p === '/api/users/groupusers' && call.method === 'DELETE') return ok({ msg: 'User removed from the group' });
      return undefined;
    }, administration([organisation, organisation.children![0]]));
  };

  it('asks for the names, then creates the organisation for the user and the account under it', async () => {
    const { portal, router } = renderApp('/portal/welcomewizard', newCustomer, [], creating(newCustomer));
    const user = userEvent.setup();
    expect((await screen.findByText('Step 1 of 3')).tagName).toBe('P');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A name is required');
    expect(screen.getByLabelText('Organisation name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Organisation name'));

    await user.type(screen.getByLabelText('Organisation name'), '  Bright Ideas  ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 2 of 3');
    // The portal's territory is chosen first.
    expect((screen.getByRole('radio', { name: 'United Kingdom' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A name is required');
    await user.type(screen.getByLabelText('Account name'), 'Web shop');
    await user.click(screen.getByRole('radio', { name: 'Australia' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByText('Step 3 of 3');
    const summary = screen.getByRole('heading', { name: 'Confirm' }).parentElement!;
    expect(summary.textContent).toContain('Bright Ideas');
    expect(summary.textContent).toContain('Web shop');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/administration/account'));
    const [organisation, account] = callsTo('POST', '/groups');
    expect(Object.fromEntries(organisation.url.searchParams)).toEqual({ userId: '7' });
    expect(organisation.body).toEqual({ type: 'organisation', name: 'Bright Ideas' });
    expect(Object.fromEntries(account.url.searchParams)).toEqual({ parentId: '501' });
    expect(account.body).toEqual({ type: 'account', name: 'Web shop', territory: 'australia' });
    // The groups were loaded again and the new account is the current one.
    expect(callsTo('GET', '/groups').length).toBeGreaterThanOrEqual(2);
    expect(portal.groups.getSnapshot().context.selection.account?.id).toBe(502);
  });

  it("asks staff for the owner's user id and creates the organisation for that user", async () => {
    renderApp('/portal/organisationwizard', superUser, trees, creating(superUser));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Organisation name'), 'Bright Ideas');
    await user.type(screen.getByLabelText("Owner's user id"), 'forty');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An id is a whole number, such as 42');
    await user.clear(screen.getByLabelText("Owner's user id"));
    await user.type(screen.getByLabelText("Owner's user id"), '42');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Account name'), 'Web shop');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByText('User 42')).tagName).toBe('DD');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(callsTo('POST', '/groups')).toHaveLength(2));
    expect(callsTo('POST', '/groups')[0].url.search).toBe('?userId=42');
    expect(callsTo('POST', '/groups')[1].url.search).toBe('?parentId=501');
    // The server made the staff user the account's direct owner: they step back out.
    await waitFor(() => expect(callsTo('DELETE', '/groupusers')).toHaveLength(1));
    expect(callsTo('DELETE', '/groupusers')[0].url.search).toBe('?groupId=502&userId=1');
  });

  it('keeps the organisation when creating the account fails, and the retry only adds the account', async () => {
    let accountAttempts = 0;
    const failOnce: Handler = (call) => {
      if (call.method === 'POST' && call.url.searchParams.has('parentId') && accountAttempts++ === 0) {
        return { status: 500, body: { msg: 'Database unavailable', statusCode: 500 } };
      }
      return undefined;
    };
    const { router } = renderApp('/portal/welcomewizard', newCustomer, [], either(failOnce, creating(newCustomer)));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Organisation name'), 'Bright Ideas{Enter}');
    await user.type(await screen.findByLabelText('Account name'), 'Web shop{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Create organisation' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Failed to create the account: Database unavailable');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/administration/account'));
    expect(callsTo('POST', '/groups').map((c) => c.url.search)).toEqual(['?userId=7', '?parentId=501', '?parentId=501']);
    // Creating for oneself leaves the ownership as the server made it.
    expect(callsTo('DELETE', '/groupusers')).toHaveLength(0);
  });
});

describe('create new account (/administration/account/create, super)', () => {
  const selected = trees[0].children![0].children![0];
  const created: Handler = (call) => (call.method === 'POST' && call.url.pathname === '/api/users/groups' ? { status: 201, body: { id: 777 } } : undefined);

  it("says 'No user or group id provided' and that a name is required, then creates under the group", async () => {
    renderApp('/portal/administration/account/create', superUser, trees, either(created, administration([selected])));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([noIdProvided, 'A name is required']);
    expect(callsTo('POST', '/groups')).toHaveLength(0);

    await user.type(screen.getByLabelText('Group id'), '11');
    await user.click(screen.getByRole('radio', { name: 'Account' }));
    await user.type(screen.getByLabelText('Name'), ' New shop ');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await screen.findByRole('heading', { name: 'Account created' });
    expect(screen.getByTestId('created-id').textContent).toBe('777');
    const [post] = callsTo('POST', '/groups');
    expect(post.url.search).toBe('?parentId=11');
    expect(post.body).toEqual({ type: 'account', name: 'New shop', owner: true });
    expect(screen.getByRole('button', { name: 'Open New shop' })).toBeTruthy();
  });

  it('creates an organisation for a user, pending ownership when unticked', async () => {
    renderApp('/portal/administration/account/create', superUser, trees, either(created, administration([selected])));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('User id'), '42');
    await user.type(screen.getByLabelText('Name'), 'Bright Ideas');
    await user.type(screen.getByLabelText('Country (optional)'), 'Ireland');
    await user.click(screen.getByRole('checkbox', { name: 'Owned from the start' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Organisation created' });
    const [post] = callsTo('POST', '/groups');
    expect(post.url.search).toBe('?userId=42');
    expect(post.body).toEqual({ type: 'organisation', name: 'Bright Ideas', owner: false, country: 'Ireland' });
  });

  it('is only for super', async () => {
    renderApp('/portal/administration/account/create', signedIn({ id: 2, roles: ['admin'] }), trees, administration([selected]));
    await screen.findByText('The page you were looking for is not accessible through this account.');
  });
});

describe('edit user', () => {
  const account = group(40, 'account', [], { name: 'Acme UK', isOwner: true });
  const member = { id: 9, name: 'user9@example.com', email: 'user9@example.com', personalName: 'Person 9', accessLevel: 'member' as const };
  const pageCalls = (locked: boolean): Handler => (call) => {
    const p = call.url.pathname;
    if (p === '/api/users/group') return ok(account);
    // The server lists everyone with a level on the group: the owner signed in (id 4) too.
    if (p === '/api/users/groupusers') return ok([{ ...member, id: 4, email: 'owner@example.com', accessLevel: 'owner' as const }, member]);
    if (p === '/api/users/groupuseraccess') return ok({ groupId: 40, userId: 9, accessLevel: 'member', inherited: false });
    if (p === '/api/users/services') return ok([{ id: 1, name: 'Email Validation', description: 'Checks emails' }]);
    if (p === '/api/users/user') return ok(person(9, { locked }));
    if (p === '/api/users/userlock') return ok({ msg: 'ok' });
    return undefined;
  };

  it('shows staff the lock state with only the button that changes it, and the confirmation beside it', async () => {
    renderApp('/portal/administration/account/edituser/9', superUser, [account], pageCalls(true));
    const section = (await screen.findByRole('heading', { name: 'Access to the portal' }, { timeout: 5000 })).closest('section')!;
    expect(within(section).getByTestId('lock-state').textContent).toContain('Locked');
    expect(within(section).queryByRole('button', { name: 'Lock user' })).toBeNull();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Unlock user' }));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe('User unlocked.'));
    expect(screen.getByText(/A ticked service is one this user may use in Acme UK/)).toBeTruthy();
  });

  it('shows an owner no lock controls (locks are for staff)', async () => {
    renderApp('/portal/administration/account/edituser/9', owner, [account], pageCalls(false));
    const heading = await screen.findByRole('heading', { name: 'Access to the portal' }, { timeout: 5000 });
    const section = heading.closest('section')!;
    expect(within(section).queryByRole('button', { name: /Lock user|Unlock user/ })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Remove from account' })).toBeTruthy();
  });
});
