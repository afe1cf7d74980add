// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InvitationPreview } from '../../src/api/groups';
import { group, trees } from '../machines/models/groupFixtures';
import { authUser, either, ok, renderPortal, type Call, type Handler } from './support/renderPortal';

// The invitation page reads the invitation first (GET /groupinvite), says what
// it offers and whether it can be accepted, and after Accept moves the user into the group joined.
// The real router, machines and views; only the network is answered here.

const invitee = authUser({ id: 7, userName: 'ivy@example.com' });
const acmeEvents = group(61, 'account', [], { name: 'Acme Events', parentId: 60, isOwner: false, isMember: true });
const acmeTrading = group(60, 'organisation', [acmeEvents], { name: 'Acme Trading', isOwner: false, isMember: true });
// A local time, so the page's dd/mm/yyyy HH:mm reads the same in any time zone.
const expiresAt = new Date(2030, 0, 2, 9, 30).getTime() / 1000;
const offer = {
  groupId: 61,
  groupName: 'Acme Events',
  groupType: 'account',
  inviter: 'Olive Owner',
  accessLevel: 'member',
  takeOwnership: false,
  expiresAt,
} as const;

let calls: Call[] = [];
const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === `/api/users${path}`);

/** The page at /acceptinvite?jwt=invite-token, GET /groupinvite answering `preview`; `more` answers the rest. */
function openInvitation(preview: InvitationPreview, more: Handler = () => undefined, path = '/portal/acceptinvite?jwt=invite-token') {
  const rendered = renderPortal(path, {
    user: invitee,
    groups: trees,
    handler: either(more, (call) => (call.method === 'GET' && call.url.pathname === '/api/users/groupinvite' ? ok(preview) : undefined)),
  });
  calls = rendered.calls;
  return rendered;
}

/** The first render loads the page's code: more time than the default second. */
const loading = { timeout: 5000 };

const dialog = async () => {
  const found = await screen.findByRole('alertdialog');
  return { title: within(found).getByRole('heading').textContent, text: found.textContent ?? '' };
};

beforeEach(() => {
  calls = [];
  localStorage.clear();
});
afterEach(cleanup);

describe('an invitation that can be accepted', () => {
  it('names the group, the inviter, the access offered and the expiry before any click', async () => {
    openInvitation({ ...offer, status: 'valid' });
    const card = (await screen.findByRole('heading', { name: 'Join Acme Events' }, loading)).closest('section')!;
    expect(callsTo('GET', '/groupinvite')[0].url.searchParams.get('jwt')).toBe('invite-token');
    expect(card.textContent).toContain('Olive Owner invited you to join Acme Events as a member.');
    const facts = [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Account', 'Acme Events'],
      ['Invited by', 'Olive Owner'],
      ['Access', 'Member: you can use its services'],
      ['Link valid until', '02/01/2030 09:30'],
    ]);
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(callsTo('POST', '/groupinvite')).toHaveLength(0);
  });

  it('says so when it hands over ownership, and after Accept that the group is theirs', async () => {
    let joined = false;
    openInvitation({ ...offer, inviter: null, accessLevel: 'sudoowner', takeOwnership: true, status: 'valid' }, (call) => {
      if (call.method === 'POST' && call.url.pathname === '/api/users/groupinvite') {
        joined = true;
        return ok({ ...acmeEvents, isOwner: true });
      }
      return call.url.pathname === '/api/users/groups' ? ok(joined ? [...trees, acmeTrading] : trees) : undefined;
    });
    const card = (await screen.findByRole('heading', { name: 'Take ownership of Acme Events' }, loading)).closest('section')!;
    expect(card.textContent).toContain('You have been invited to take ownership of Acme Events.');
    expect(card.textContent).toContain('Owner: you can administer it and decide who else owns it');
    expect(card.textContent).toContain('Someone no longer on the portal');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Accept' }));
    await screen.findByRole('heading', { name: 'You now own Acme Events' }, loading);
  });

  it('on Accept joins, confirms, loads the groups again and selects the group joined', async () => {
    let joined = false;
    const { portal, router } = openInvitation({ ...offer, status: 'valid' }, (call) => {
      const p = call.url.pathname;
      if (call.method === 'POST' && p === '/api/users/groupinvite') {
        joined = true;
        return ok(acmeEvents);
      }
      if (p === '/api/users/groupinvite') return ok({ ...offer, status: joined ? 'used' : 'valid' });
      if (p === '/api/users/groups') return ok(joined ? [...trees, acmeTrading] : trees);
      return undefined;
    });
    await screen.findByRole('heading', { name: 'Join Acme Events' }, loading);
    await waitFor(() => expect(portal.groups.getSnapshot().matches('ready')).toBe(true));
    expect(portal.groups.getSnapshot().context.selection.account?.id).not.toBe(61);
    const groupsBefore = callsTo('GET', '/groups').length;

    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByRole('heading', { name: 'You have joined Acme Events' }, loading);
    expect(screen.getByRole('status').textContent).toContain('Acme Events is now your current account');
    expect(callsTo('POST', '/groupinvite')[0].url.searchParams.get('jwt')).toBe('invite-token');
    expect(callsTo('GET', '/groups').length).toBe(groupsBefore + 1);
    const { selection } = portal.groups.getSnapshot().context;
    expect([selection.organisation?.id, selection.account?.id]).toEqual([60, 61]);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(router.history.location.pathname).toBe('/portal/acceptinvite');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/home'));
  });

  it('on Decline confirms, goes home and tells the server nothing', async () => {
    const { router } = openInvitation({ ...offer, status: 'valid' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Decline' }, loading));
    expect(await dialog()).toEqual({
      title: 'Invitation declined',
      text: expect.stringContaining('You have not joined Acme Events. If you change your mind, the link in your email works until 02/01/2030 09:30.'),
    });
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/home'));
    expect(callsTo('POST', '/groupinvite')).toHaveLength(0);
  });

  it('when used in the meantime, shows the Error modal and then why it can no longer be accepted', async () => {
    let tried = false;
    openInvitation({ ...offer, status: 'valid' }, (call) => {
      if (call.url.pathname !== '/api/users/groupinvite') return undefined;
      if (call.method === 'POST') {
        tried = true;
        return { status: 400, body: { msg: 'This invitation has already been used', statusCode: 400 } };
      }
      return ok({ ...offer, status: tried ? 'used' : 'valid' });
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept' }, loading));
    expect(await dialog()).toEqual({ title: 'Error', text: expect.stringContaining('Failed to accept the invitation: This invitation has already been used') });
    await screen.findByRole('heading', { name: 'This invitation has already been used' }, loading);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('an invitation that cannot be accepted', () => {
  const states: Array<[string, InvitationPreview, string, string]> = [
    ['a forged or broken link', { status: 'invalid' }, 'This invitation link is not valid', 'Open the link in your invitation email again'],
    [
      'a link for another address',
      { status: 'otherUser', email: 'someone@example.com' },
      'This invitation is for another email address',
      'It was sent to someone@example.com, and you are logged in as ivy@example.com.',
    ],
    [
      'a used link',
      { ...offer, status: 'used' },
      'This invitation has already been used',
      'If Acme Events is not among your accounts, ask Olive Owner to send you a new invitation.',
    ],
    [
      'an expired link',
      { ...offer, status: 'expired' },
      'This invitation has expired',
      'The invitation to join Acme Events ran out on 02/01/2030 09:30. Ask Olive Owner to send you a new one.',
    ],
    [
      'a link offering what the user already has',
      { ...offer, status: 'member' },
      'You are already a member of Acme Events',
      'so there is nothing to accept',
    ],
  ];

  it.each(states)('says why for %s, with only a way home', async (_, preview, heading, text) => {
    const { router } = openInvitation(preview);
    const card = (await screen.findByRole('heading', { name: heading }, loading)).closest('section')!;
    expect(card.textContent).toContain(text);
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    await userEvent.setup().click(within(card).getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(router.history.location.pathname).toBe('/portal/home'));
  });

  it('names no group for a link that is not genuine', async () => {
    openInvitation({ status: 'invalid' });
    const card = (await screen.findByRole('heading', { name: 'This invitation link is not valid' }, loading)).closest('section')!;
    expect(card.textContent).not.toContain('Acme');
  });

  it('says so when the link has no invitation token, and reads nothing', async () => {
    openInvitation({ status: 'invalid' }, undefined, '/portal/acceptinvite');
    await screen.findByRole('heading', { name: 'This invitation link is incomplete' }, loading);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(callsTo('GET', '/groupinvite')).toHaveLength(0);
  });
});

describe('inviting someone who is already a member (/administration/account/invite)', () => {
  it("shows the server's refusal in the Error modal and never says 'Invitation sent'", async () => {
    const account = group(111, 'account', [], { name: 'Retail UK', isOwner: true });
    const rendered = renderPortal('/portal/administration/account/invite', {
      user: authUser(),
      groups: trees,
      handler: (call) => {
        const p = call.url.pathname;
        if (p === '/api/users/group') return ok(account);
        if (p === '/api/users/groupusers' && call.method === 'GET') return ok([]);
        if (p === '/api/users/groupusers') {
          return { status: 409, body: { msg: 'ivy@example.com is already a member of this group', statusCode: 409 } };
        }
        return undefined;
      },
    });
    calls = rendered.calls;
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email', {}, loading), 'ivy@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog()).toEqual({
      title: 'Error',
      text: expect.stringContaining('Failed to send the invitation: ivy@example.com is already a member of this group'),
    });
    expect(callsTo('POST', '/groupusers')[0].url.searchParams.get('email')).toBe('ivy@example.com');
    expect(screen.queryByRole('heading', { name: 'Invitation sent' })).toBeNull();
  });
});
