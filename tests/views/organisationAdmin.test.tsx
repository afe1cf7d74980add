// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../contract/users/entities';
import type { Group, GroupUser } from '../../contract/groups/entities';
import { group } from '../machines/models/groupFixtures';
import { authUser, either, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// An organisation's own administration page (its charity and corporate status
// and its accounts) is reached from Change Account, the account bar and staff search. The real
// router, guards, machines and views; only the network is answered, by a small fake of the server.

const owner = authUser({ id: 4, userName: 'owner@example.com' });
const admin = authUser({ id: 2, userName: 'admin@example.com', roles: ['admin'] });
const memberUser = authUser({ id: 5, userName: 'member@example.com' });

// Spec section 5, corporate errors, word for word.
const corporateErrors = {
  type: 'Invalid group type. Only organisations can have their corporate status changed',
  enable: 'Invalid group subtype. Only non corporate organisations can have their corporate status enabled',
  disable: 'Invalid group subtype. Only corporate organisations can have their corporate status disabled',
};
const blockedAccount = 'This page is not currently available while using this account. Please switch to another account or return home.';

const acme = group(10, 'organisation', [group(11, 'account', [], { name: 'Acme UK' }), group(12, 'account', [], { name: 'Acme Australia', territory: 'australia' })], {
  name: 'Acme Trading',
});
const helpingHandsUk = group(15, 'account', [], { name: 'Helping Hands UK' });
const helpingHands = (over: Partial<Group> = {}) =>
  group(14, 'organisation', [helpingHandsUk], {
    name: 'Helping Hands',
    charityPSLNumber: '1180123',
    isInVerifyProcess: true,
    charityValid: null,
    isRoyalMailDiscount: false,
    isOSDiscount: false,
    ...over,
  });
const ownerRow: GroupUser = { id: 4, name: 'owner@example.com', email: 'owner@example.com', personalName: 'Olive Owner', accessLevel: 'owner' };

// Route chunks load on demand: on a busy machine the first page takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

let calls: Call[] = [];
const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/users${path}`);

/**
 * The groups calls of the server over one organisation kept here: reads answer its current state,
 * the charity and corporate calls change it as the server would, or answer `refuse` when given.
 */
function organisationServer(start: Group, users: GroupUser[], refuse?: { status: number; msg: string }): Handler {
  let org = start;
  // Whether the organisation requires two-factor sign-in, and of how many members without one.
  const twoFactor = { required: false, membersWithout: 2 };
  const change = (patch: Partial<Group>) => {
    if (refuse) return { status: refuse.status, body: { msg: refuse.msg, statusCode: refuse.status } };
    org = { ...org, ...patch };
    return ok(org);
  };
  return (call) => {
    const p = call.url.pathname.replace('/api/users', '');
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (p === '/group' && call.method === 'GET') {
      const id = Number(call.url.searchParams.get('id'));
      return ok(id === org.id ? org : (org.children ?? []).find((c) => c.id === id) ?? null);
    }
    if (p === '/groupusers' && call.method === 'GET') return ok(users);
    if (p === '/security/group' && call.method === 'GET') return ok(twoFactor);
    if (p === '/security/group' && call.method === 'PUT') return ok(Object.assign(twoFactor, { required: body.required === true }));
    if (p === '/group/updatecharity') return change({ charityPSLNumber: String(body.charityPSLNumber), isInVerifyProcess: true, charityValid: null });
    if (p === '/group/confirmcharity') {
      const valid = body.isValid === true;
      return change({ isInVerifyProcess: false, charityValid: valid, isRoyalMailDiscount: valid && body.isRoyalMailDiscount === true, isOSDiscount: valid && body.isOSDiscount === true });
    }
    if (p === '/group/disablecharity') return change({ charityPSLNumber: null, isInVerifyProcess: false, charityValid: null });
    if (p === '/group/enablecorporate') return change({ subtype: 'corporate' });
    if (p === '/group/disablecorporate') return change({ subtype: null });
    return undefined;
  };
}

function renderApp(path: string, user: AuthUser, groups: Group[], handler: Handler) {
  const rendered = renderPortal(path, { user, groups, handler });
  calls = rendered.calls;
  return rendered;
}

const statusBlock = async (name: string) => screen.findByRole('group', { name });

beforeEach(() => {
  calls = [];
  localStorage.clear();
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('organisation administration (/administration/organisation)', () => {
  it('is reached by choosing the organisation in Change Account, then its name in the account bar', async () => {
    const { router, portal } = renderApp('/portal/home', owner, [acme, helpingHands()], organisationServer(helpingHands(), [ownerRow]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change Account' }));
    // Spec section 4: a group with a single child is chosen with its first descendants.
    await user.click(within(screen.getByRole('dialog', { name: 'Change account' })).getByRole('button', { name: /Helping Hands/ }));
    const label = await screen.findByTestId('account-label');
    await waitFor(() => expect(label.textContent).toBe('Helping Hands / Helping Hands UK'));
    expect(portal.groups.getSnapshot().context.selection.account?.id).toBe(15);

    await user.click(within(label).getByRole('link', { name: 'Helping Hands' }));
    await screen.findByRole('heading', { name: 'Helping Hands', level: 1 });
    expect(router.history.location.pathname).toBe('/portal/administration/organisation');
    expect(callsTo('GET', '/group').at(-1)!.url.searchParams.get('id')).toBe('14');
    // Its status, with the controls of whoever administers it, and its accounts.
    const charity = await statusBlock('Charity');
    expect(within(charity).getByTestId('charity-status').textContent).toBe('Charity in verification');
    expect(within(charity).getByText('1180123')).toBeTruthy();
    expect(within(charity).getByRole('button', { name: 'Remove charity number' })).toBeTruthy();
    expect(within(await statusBlock('Corporate')).getByRole('button', { name: 'Turn on corporate status' })).toBeTruthy();
    const accounts = screen.getByRole('table', { name: 'Accounts' });
    expect(within(accounts).getByRole('button', { name: 'Helping Hands UK' })).toBeTruthy();
    // Confirming and discounts are for staff only.
    expect(screen.queryByRole('button', { name: 'Confirm valid' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Royal Mail discount' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Confirm the charity' })).toBeNull();
  });

  it("lets the owner remove the charity number, then set a new one, which goes into verification", async () => {
    renderApp('/portal/administration/organisation', owner, [helpingHands()], organisationServer(helpingHands(), [ownerRow]));
    const user = userEvent.setup();
    const charity = await statusBlock('Charity');
    await user.click(within(charity).getByRole('button', { name: 'Remove charity number' }));
    await waitFor(() => expect(within(charity).getByTestId('charity-status').textContent).toBe('Not a charity'));
    expect(callsTo('PUT', '/group/disablecharity')[0].url.search).toBe('?groupId=14');

    await user.type(within(charity).getByLabelText('Charity number'), ' 1180456 ');
    await user.click(within(charity).getByRole('button', { name: 'Set charity number' }));
    await waitFor(() => expect(within(charity).getByTestId('charity-status').textContent).toBe('Charity in verification'));
    expect(callsTo('PUT', '/group/updatecharity')[0].body).toEqual({ charityPSLNumber: '1180456', isInVerifyProcess: true });
    expect(within(charity).getByRole('status').textContent).toBe('Charity number saved. It is now in verification.');
    // The header shows the status too.
    expect(within(screen.getByRole('heading', { name: 'Helping Hands', level: 1 }).parentElement!).getByTestId('charity-status').textContent).toBe(
      'Charity in verification',
    );
  });

  it('opens from a staff search result, where staff confirm the charity with its discounts', async () => {
    const search: Handler = (call) =>
      call.url.pathname === '/api/users/search' ? ok({ tokens: [], users: [], groups: [helpingHands({ children: undefined })] }) : undefined;
    const { router, portal } = renderApp('/portal/search/helping', admin, [acme, helpingHands()], either(search, organisationServer(helpingHands(), [ownerRow])));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Helping Hands' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/administration/organisation'));
    // The organisation is selected (with its first account, as group selection does), not only its account.
    const { selection } = portal.groups.getSnapshot().context;
    expect([selection.organisation?.id, selection.account?.id]).toEqual([14, 15]);

    const charity = await statusBlock('Charity');
    const form = within(charity).getByRole('form', { name: 'Confirm the charity' });
    await user.click(within(form).getByRole('checkbox', { name: 'Royal Mail discount' }));
    await user.click(within(form).getByRole('button', { name: 'Confirm valid' }));
    await waitFor(() => expect(within(charity).getByTestId('charity-status').textContent).toBe('Charity confirmed'));
    expect(callsTo('PUT', '/group/confirmcharity')[0].body).toEqual({
      charityPSLNumber: '1180123',
      isValid: true,
      isRoyalMailDiscount: true,
      isOSDiscount: false,
    });
    expect(within(charity).getByText('Royal Mail discount:').textContent).toContain('yes');
    expect(within(charity).getByText('Ordnance Survey discount:').textContent).toContain('no');
  });

  it('marks a charity number not valid, with no discount', async () => {
    renderApp('/portal/administration/organisation', admin, [helpingHands()], organisationServer(helpingHands(), [ownerRow]));
    const user = userEvent.setup();
    const charity = await statusBlock('Charity');
    await user.click(within(charity).getByRole('button', { name: 'Confirm not valid' }));
    await waitFor(() => expect(within(charity).getByTestId('charity-status').textContent).toBe('Charity number not valid'));
    expect(callsTo('PUT', '/group/confirmcharity')[0].body).toMatchObject({ isValid: false });
    expect(within(charity).queryByRole('button', { name: 'Confirm valid' })).toBeNull();
  });

  it('turns corporate status on and off', async () => {
    renderApp('/portal/administration/organisation', owner, [helpingHands()], organisationServer(helpingHands(), [ownerRow]));
    const user = userEvent.setup();
    const corporate = await statusBlock('Corporate');
    await user.click(within(corporate).getByRole('button', { name: 'Turn on corporate status' }));
    await user.click(await within(corporate).findByRole('button', { name: 'Turn off corporate status' }));
    await within(corporate).findByRole('button', { name: 'Turn on corporate status' });
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname)).toEqual(['/api/users/group/enablecorporate', '/api/users/group/disablecorporate']);
  });

  it('lets the owner require two-factor sign-in of everyone in the organisation, and make it optional again', async () => {
    renderApp('/portal/administration/organisation', owner, [helpingHands()], organisationServer(helpingHands(), [ownerRow]));
    const user = userEvent.setup();
    const block = await statusBlock('Two-factor sign-in');
    expect(block.textContent).toContain('Optional');
    expect(block.textContent).toContain('2 members have no second factor yet.');
    await user.click(within(block).getByRole('button', { name: 'Require two-factor sign-in' }));
    await within(block).findByText('Two-factor sign-in is now required.');
    expect(block.textContent).toContain('Required');
    expect(block.textContent).toContain('2 members have no second factor yet: they add one the next time they sign in.');
    await user.click(within(block).getByRole('button', { name: 'Make it optional' }));
    await within(block).findByText('Two-factor sign-in is now optional.');
    expect(callsTo('PUT', '/security/group').map((c) => [c.url.searchParams.get('id'), c.body])).toEqual([
      ['14', { required: true }],
      ['14', { required: false }],
    ]);
  });

  it('shows staff no two-factor choice: the organisation\'s owners decide', async () => {
    // As staff see a customer's organisation: not theirs.
    const customers = helpingHands({ isOwner: false });
    renderApp('/portal/administration/organisation', admin, [customers], organisationServer(customers, [ownerRow]));
    await statusBlock('Corporate');
    expect(screen.queryByRole('group', { name: 'Two-factor sign-in' })).toBeNull();
    expect(callsTo('GET', '/security/group')).toEqual([]);
  });

  it.each([
    ['enable', 'Turn on corporate status', helpingHands(), 'enable corporate status'],
    ['disable', 'Turn off corporate status', helpingHands({ subtype: 'corporate' }), 'disable corporate status'],
    ['type', 'Turn on corporate status', helpingHands(), 'enable corporate status'],
  ] as const)('shows the server refusing corporate status (%s) in the Error modal, in the words of spec section 5', async (error, button, org, action) => {
    renderApp('/portal/administration/organisation', owner, [org], organisationServer(org, [ownerRow], { status: 400, msg: corporateErrors[error] }));
    const user = userEvent.setup();
    await user.click(within(await statusBlock('Corporate')).getByRole('button', { name: button }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Error');
    expect(dialog.textContent).toContain(`Failed to ${action}: ${corporateErrors[error]}`);
  });

  it('is linked from the account page of one of its accounts', async () => {
    const withParent = { ...helpingHandsUk, parentId: 14, parent: helpingHands({ children: undefined }) };
    const server = organisationServer(helpingHands({ children: [withParent] }), [ownerRow]);
    const { router } = renderApp('/portal/administration/account', owner, [helpingHands()], server);
    await screen.findByRole('heading', { name: 'Helping Hands UK', level: 1 });
    const details = screen.getByText('Organisation', { selector: 'dt' }).nextElementSibling as HTMLElement;
    await userEvent.setup().click(within(details).getByRole('link', { name: 'Helping Hands' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/administration/organisation'));
  });

  it('is refused to someone who owns only an account of the organisation, and not linked for them', async () => {
    const theirs = group(14, 'organisation', [group(15, 'account', [], { name: 'Helping Hands UK', isOwner: true })], { name: 'Helping Hands', isOwner: false, isMember: false });
    const accountOwner = authUser({ id: 6, userName: 'accounts@example.com' });
    renderApp('/portal/administration/organisation', accountOwner, [theirs], organisationServer(theirs, []));
    await screen.findByText(blockedAccount);
    expect(within(screen.getByTestId('account-label')).queryByRole('link', { name: 'Helping Hands' })).toBeNull();
    expect(within(screen.getByTestId('account-label')).getByRole('link', { name: 'Helping Hands UK' })).toBeTruthy();
    expect(callsTo('GET', '/group')).toHaveLength(0);
  });

  it('is refused to a member, who sees no administration links', async () => {
    const asMember = group(14, 'organisation', [group(15, 'account', [], { name: 'Helping Hands UK', isOwner: false, isMember: true })], {
      name: 'Helping Hands',
      isOwner: false,
      isMember: true,
    });
    renderApp('/portal/administration/organisation', memberUser, [asMember], organisationServer(asMember, []));
    await screen.findByText(blockedAccount);
    expect(within(screen.getByTestId('account-label')).queryAllByRole('link')).toHaveLength(0);
  });
});
