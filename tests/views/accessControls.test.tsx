// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, User } from '../../contract/users/entities';
import type { AccessLevel } from '../../contract/shared/access';
import { higherRoleRefusal, ownersManageOwnersRefusal } from '../../contract/shared/access';
import type { GroupUser } from '../../contract/groups/entities';
import { group } from '../machines/models/groupFixtures';
import { authUser, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// The views offer only what the server accepts, asking the same rules of
// contract/shared/access.ts: a sudo owner is not offered the owner level nor controls over an owner,
// staff do not act on a higher role, and only admin and super change other users.

const sudo = authUser({ id: 3, userName: 'sudo@example.com' });
const owner = authUser({ id: 4, userName: 'owner@example.com' });
const admin = authUser({ id: 2, userName: 'admin@example.com', roles: ['admin'] });
const sales = authUser({ id: 8, userName: 'sales@example.com', roles: ['sales'] });

const account = group(40, 'account', [], { name: 'Acme UK' });
const row = (id: number, accessLevel: AccessLevel): GroupUser => ({ id, name: `user${id}@example.com`, email: `user${id}@example.com`, personalName: `Person ${id}`, accessLevel });
const members = [row(3, 'sudoowner'), row(4, 'owner'), row(9, 'member')];

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

// Route chunks load on demand: on a busy machine the first page takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];

/** The account's calls: its users, each one's level and details, services and privacy settings. */
const accountServer = (users: GroupUser[], details: Record<number, User> = {}): Handler => (call) => {
  const p = call.url.pathname.replace('/api/users', '');
  const userId = Number(call.url.searchParams.get('userId') ?? call.url.searchParams.get('id'));
  if (p === '/group') return ok(account);
  if (p === '/groupusers' && call.method === 'GET') return ok(users);
  if (p === '/groupuseraccess' && call.method === 'GET') {
    return ok({ groupId: 40, userId, accessLevel: users.find((u) => u.id === userId)?.accessLevel ?? null, inherited: false });
  }
  if (p === '/groupuseraccess' && call.method === 'PUT') return ok({ groupId: 40, userId, accessLevel: call.url.searchParams.get('accessLevel'), inherited: false });
  if (p === '/services' || p === '/userservices' || p === '/userpermissions') return ok([]);
  if (p === '/user') return ok(details[userId] ?? person(userId));
  return undefined;
};

function renderApp(path: string, user: AuthUser, handler: Handler) {
  const rendered = renderPortal(path, { user, groups: [account], handler });
  calls = rendered.calls;
  return rendered;
}

const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

beforeEach(() => {
  calls = [];
  localStorage.clear();
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('access levels (edit user)', () => {
  it("does not let a sudo owner change or remove an owner, and says why", async () => {
    renderApp('/portal/administration/account/edituser/4', sudo, accountServer(members));
    const select = await screen.findByLabelText('Access level');
    expect((select as HTMLSelectElement).disabled).toBe(true);
    expect(optionsOf(select)).toEqual(['Owner']);
    expect(screen.getByText(`${ownersManageOwnersRefusal}.`)).toBeTruthy();
    const portal = screen.getByRole('heading', { name: 'Access to the portal' }).closest('section')!;
    expect(within(portal).queryByRole('button', { name: 'Remove from account' })).toBeNull();
    expect(within(portal).getByText('Only an owner can remove an owner.')).toBeTruthy();
  });

  it('offers a sudo owner every level but owner for a member, and sends the change', async () => {
    renderApp('/portal/administration/account/edituser/9', sudo, accountServer(members));
    const select = await screen.findByLabelText('Access level');
    expect((select as HTMLSelectElement).disabled).toBe(false);
    expect(optionsOf(select)).toEqual(['Sudo owner', 'Member']);
    await userEvent.setup().selectOptions(select, 'sudoowner');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/users/groupuseraccess')).toBe(true));
    expect(within(screen.getByRole('heading', { name: 'Access to the portal' }).closest('section')!).getByRole('button', { name: 'Remove from account' })).toBeTruthy();
  });

  it('offers an owner the owner level too', async () => {
    renderApp('/portal/administration/account/edituser/9', owner, accountServer(members));
    expect(optionsOf(await screen.findByLabelText('Access level'))).toEqual(['Owner', 'Sudo owner', 'Member']);
  });
});

describe('the users list', () => {
  it("shows a sudo owner no Remove on an owner's row, with the reason, and Remove on a member's", async () => {
    renderApp('/portal/administration/account', sudo, accountServer(members));
    const table = await screen.findByRole('table', { name: 'Users' });
    const rowOf = (email: string) => within(table).getByRole('row', { name: new RegExp(email) });
    expect(within(rowOf('user4@example.com')).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(rowOf('user4@example.com')).getByText('Only an owner can remove an owner')).toBeTruthy();
    expect(within(rowOf('user9@example.com')).getByRole('button', { name: 'Remove' })).toBeTruthy();
    // Nobody removes themselves from here.
    expect(within(rowOf('user3@example.com')).queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});

describe('invitations', () => {
  it('offers a sudo owner neither the owner level nor handing over ownership', async () => {
    renderApp('/portal/administration/account/invite', sudo, accountServer(members));
    const select = await screen.findByLabelText('Access level');
    expect(optionsOf(select)).toEqual(['Member: uses the services', 'Sudo owner: administers the account']);
    expect(screen.queryByRole('checkbox', { name: /Hand over ownership/ })).toBeNull();
    expect(screen.getByText('Only an owner can invite an owner or hand over ownership.')).toBeTruthy();
  });

  it('offers an owner both', async () => {
    renderApp('/portal/administration/account/invite', owner, accountServer(members));
    const select = await screen.findByLabelText('Access level');
    expect(optionsOf(select)).toEqual(['Member: uses the services', 'Sudo owner: administers the account', 'Owner']);
    expect(screen.getByRole('checkbox', { name: /Hand over ownership/ })).toBeTruthy();
  });
});

describe('staff and higher roles', () => {
  const superPerson = person(9, { roles: ['super'] });

  it('does not offer admin the lock of a super user, and says why', async () => {
    renderApp('/portal/administration/account/edituser/9', admin, accountServer(members, { 9: superPerson }));
    const section = (await screen.findByRole('heading', { name: 'Access to the portal' })).closest('section')!;
    expect(within(section).getByTestId('lock-state').textContent).toContain('Active');
    expect(within(section).queryByRole('button', { name: /Lock user|Unlock user/ })).toBeNull();
    expect(within(section).getByText(`${higherRoleRefusal}.`)).toBeTruthy();
  });

  it('does not offer sales a lock (locks are for admin and super)', async () => {
    renderApp('/portal/administration/account/edituser/9', sales, accountServer(members));
    const section = (await screen.findByRole('heading', { name: 'Access to the portal' })).closest('section')!;
    expect(within(section).queryByRole('button', { name: /Lock user|Unlock user/ })).toBeNull();
    expect(within(section).getByText('Only admin and super can lock a user.')).toBeTruthy();
  });

  it("offers admin a customer's details to edit, but not a super user's", async () => {
    renderApp('/portal/user/9', admin, accountServer(members, { 9: superPerson }));
    await screen.findByRole('heading', { name: 'Person 9' });
    expect(screen.queryByRole('link', { name: 'Edit details' })).toBeNull();
    expect(screen.getByText(`${higherRoleRefusal}.`)).toBeTruthy();
    // The password page is the signed-in user's own.
    expect(screen.queryByRole('link', { name: 'Change password' })).toBeNull();
    cleanup();
    renderApp('/portal/user/9', admin, accountServer(members));
    await screen.findByRole('heading', { name: 'Person 9' });
    expect(screen.getByRole('link', { name: 'Edit details' })).toBeTruthy();
  });

  it("shows the refusal instead of the form when admin opens a super user's edit page", async () => {
    renderApp('/portal/user/9/edit', admin, accountServer(members, { 9: superPerson }));
    await screen.findByText(`${higherRoleRefusal}.`);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("offers sales no edit of another user's details", async () => {
    renderApp('/portal/user/9', sales, accountServer(members));
    await screen.findByRole('heading', { name: 'Person 9' });
    expect(screen.queryByRole('link', { name: 'Edit details' })).toBeNull();
    expect(screen.getByText("Only admin and super can change another user's details.")).toBeTruthy();
  });

  it('offers a user their own details and password', async () => {
    renderApp('/portal/user/4', owner, accountServer(members, { 4: person(4) }));
    await screen.findByRole('heading', { name: 'Person 4' });
    expect(screen.getByRole('link', { name: 'Edit details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change password' })).toBeTruthy();
  });
});
