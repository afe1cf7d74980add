import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Caller } from '../support/calls';
import { groupIn, inviteJwt } from './fixtures';
import { createHarness, type Harness, query } from '../support/harness';
import * as G from '../../../contract/groups/endpoints';
import { call, okBody, seen } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

async function ownedOrganisation(name: string) {
  const org = await h.createGroup({ name, type: 'organisation' });
  const owner = await signedIn(h, ['account'], { personalName: 'Olive Owner' });
  await h.addToGroup(org, owner.id, 'owner');
  return { org, owner };
}

const invite = (caller: Caller, groupId: number, email: string, body?: Record<string, unknown>) =>
  call(h, caller, G.inviteToGroup, { query: { groupId, email }, body });
const accept = (caller: Caller | null, jwt: string) => call(h, caller, G.acceptInvite, { query: { jwt } });
/** Logs in again: moving the clock also ages the session tokens. */
const relogin = async (caller: Caller): Promise<Caller> => ({ ...caller, headers: h.bearer((await h.login(caller.email)).jwt) });

describe('group invitations', () => {
  it('emails a link that the invitee accepts once, becoming a member', async () => {
    const { org, owner } = await ownedOrganisation('Invite Co');
    const invitee = await signedIn(h);
    const sent = await invite(owner, org, invitee.email.toUpperCase());
    expect(seen(sent)).toEqual({ status: 200, body: { msg: 'Invitation sent' } });

    const mail = await h.mail.take(invitee.email);
    expect(mail.subject).toBe('Invitation to Invite Co');
    expect(mail.text).toContain('Olive Owner has invited you to join Invite Co');
    const jwt = inviteJwt(mail);
    // Spec section 5: invitations last 86400 seconds by default and do not take ownership.
    const claims = decodeJwt(jwt);
    expect(claims.exp! - claims.iat!).toBe(86_400);
    expect(claims).toMatchObject({ groupId: org, email: invitee.email, accessLevel: 'member', takeOwnership: false });

    const accepted = await accept(invitee, jwt);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: org, isMember: true, isOwner: false });
    const members = await call(h, owner, G.listGroupUsers, { query: { groupId: org } });
    expect(okBody(members).map((u) => [u.id, u.accessLevel])).toEqual([
      [owner.id, 'owner'],
      [invitee.id, 'member'],
    ]);

    const reused = await accept(invitee, jwt);
    expect(seen(reused)).toEqual({ status: 400, body: { msg: 'This invitation has already been used', statusCode: 400 } });
  });

  it('refuses an expired invitation once the clock has moved past its expiry', async () => {
    const { org, owner } = await ownedOrganisation('Slow Co');
    let invitee = await signedIn(h);
    await invite(owner, org, invitee.email, { expiry: 3600 });
    const jwt = inviteJwt(await h.mail.take(invitee.email));
    h.clock.advance(3601 * 1000);
    invitee = await relogin(invitee);
    const late = await accept(invitee, jwt);
    expect(seen(late)).toEqual({ status: 400, body: { msg: 'This invitation has expired', statusCode: 400 } });
    expect((await query(h.db, 'select 1 from group_users where group_id = $1 and user_id = $2', [org, invitee.id])).rows).toHaveLength(0);
  });

  it('refuses a tampered invitation', async () => {
    const { org, owner } = await ownedOrganisation('Tamper Co');
    const invitee = await signedIn(h);
    await invite(owner, org, invitee.email);
    const jwt = inviteJwt(await h.mail.take(invitee.email));
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const raised = Buffer.from(JSON.stringify({ ...claims, accessLevel: 'owner', takeOwnership: true })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    for (const forged of [`${header}.${raised}.${signature}`, `${header}.${payload}.${flipped}`, 'not-a-jwt', invitee.headers.authorization.slice(7)]) {
      const result = await accept(invitee, forged);
      expect(seen(result)).toEqual({ status: 400, body: { msg: 'Invalid invitation', statusCode: 400 } });
    }
    expect((await accept(invitee, jwt)).status).toBe(200);
  });

  it('is for the invited email only, and stays usable by its owner after someone else tried', async () => {
    const { org, owner } = await ownedOrganisation('Other Co');
    const invitee = await signedIn(h);
    const someoneElse = await signedIn(h);
    await invite(owner, org, invitee.email);
    const jwt = inviteJwt(await h.mail.take(invitee.email));
    const wrong = await accept(someoneElse, jwt);
    expect(seen(wrong)).toEqual({ status: 403, body: { msg: 'This invitation is for another user', statusCode: 403 } });
    expect((await accept(null, jwt)).status).toBe(401);
    expect((await accept(invitee, jwt)).status).toBe(200);
  });

  it('with takeOwnership makes the invitee owner and ends pending ownership', async () => {
    const staff = await signedIn(h, ['super']);
    const org = await h.createGroup({ name: 'Handover Co', type: 'organisation' });
    const created = await call(h, staff, G.createGroup, { query: { parentId: org }, body: { type: 'account', name: 'Handover UK', owner: false } });
    const accountId = okBody(created, 201).id;
    expect(groupIn(await call(h, staff, G.getGroup, { query: { id: accountId } })).pendingOwnership).toBe(true);

    const customer = await signedIn(h);
    await invite(staff, accountId, customer.email, { takeOwnership: true });
    const mail = await h.mail.take(customer.email);
    expect(mail.text).toContain('take ownership of Handover UK');
    const accepted = await accept(customer, inviteJwt(mail));
    expect(accepted.body).toMatchObject({ id: accountId, isOwner: true, pendingOwnership: false });
  });

  it('never lowers a level the invitee was given after the invitation went out', async () => {
    const { org, owner } = await ownedOrganisation('Keep Co');
    const invitee = await signedIn(h);
    await invite(owner, org, invitee.email, { accessLevel: 'member' });
    await h.addToGroup(org, invitee.id, 'sudoowner');
    await accept(invitee, inviteJwt(await h.mail.take(invitee.email)));
    const access = await call(h, owner, G.getGroupUserAccess, { query: { groupId: org, userId: invitee.id } });
    expect(okBody(access).accessLevel).toBe('sudoowner');
  });

  it('refuses with 409 to invite someone who already has that access, on the group or above it, and sends nothing', async () => {
    const { org, owner } = await ownedOrganisation('Full Co');
    const account = await h.createGroup({ name: 'Full Co UK', type: 'account', parentId: org });
    const member = await signedIn(h);
    await h.addToGroup(org, member.id, 'member');
    const sudo = await signedIn(h);
    await h.addToGroup(account, sudo.id, 'sudoowner');
    const refusals = [
      // A member of the group itself, whatever the case of the address typed.
      await invite(owner, org, member.email.toUpperCase()),
      // A member of the organisation is already a member of its account.
      await invite(owner, account, member.email),
      // A stronger level covers a weaker one.
      await invite(owner, account, sudo.email, { accessLevel: 'member' }),
      // The owner inviting themselves.
      await invite(owner, account, owner.email, { accessLevel: 'sudoowner' }),
    ];
    expect(refusals.map(seen)).toEqual([
      { status: 409, body: { msg: `${member.email} is already a member of this group`, statusCode: 409 } },
      { status: 409, body: { msg: `${member.email} is already a member of this group`, statusCode: 409 } },
      { status: 409, body: { msg: `${sudo.email} is already a member of this group`, statusCode: 409 } },
      { status: 409, body: { msg: `${owner.email} is already a member of this group`, statusCode: 409 } },
    ]);
    expect((await query(h.db, 'select 1 from invites where group_id in ($1, $2)', [org, account])).rows).toHaveLength(0);
    expect(h.mail.messages.filter((m) => [member.email, sudo.email, owner.email].some((e) => m.to.includes(e)))).toHaveLength(0);
  });

  it('still invites a member to a stronger level, and the owner above to take ownership of a group waiting for one', async () => {
    const { org, owner } = await ownedOrganisation('Raise Co');
    const member = await signedIn(h);
    await h.addToGroup(org, member.id, 'member');
    expect((await invite(owner, org, member.email, { accessLevel: 'sudoowner' })).status).toBe(200);
    await accept(member, inviteJwt(await h.mail.take(member.email)));
    const access = await call(h, owner, G.getGroupUserAccess, { query: { groupId: org, userId: member.id } });
    expect(okBody(access).accessLevel).toBe('sudoowner');

    // Owner of the organisation, so owner of the account by inheritance, but not its direct owner.
    const account = await h.createGroup({ name: 'Raise Co Events', type: 'account', parentId: org });
    await query(h.db, 'update groups set pending_ownership = true where id = $1', [account]);
    expect((await invite(owner, account, owner.email, { takeOwnership: true })).status).toBe(200);
    const accepted = await accept(owner, inviteJwt(await h.mail.take(owner.email)));
    expect(accepted.body).toMatchObject({ id: account, isOwner: true, pendingOwnership: false });
  });

  it('refuses a malformed email, a manager outside partners, and callers who do not own the group', async () => {
    const { org, owner } = await ownedOrganisation('Strict Co');
    const badEmail = await invite(owner, org, 'not-an-email');
    expect(seen(badEmail)).toEqual({ status: 400, body: { msg: 'email: Enter a valid email address', statusCode: 400 } });
    const manager = await invite(owner, org, 'someone@example.com', { accessLevel: 'manager' });
    expect(manager.body.msg).toBe('The manager access level is only for partners');
    const member = await signedIn(h);
    await h.addToGroup(org, member.id, 'member');
    expect((await invite(member, org, 'friend@example.com')).status).toBe(403);
    expect((await query(h.db, 'select 1 from invites where group_id = $1', [org])).rows).toHaveLength(0);
    expect(h.mail.messages.filter((m) => m.to.includes('someone@example.com') || m.to.includes('friend@example.com'))).toHaveLength(0);
  });

  it('lets an owner invite a manager to a partner', async () => {
    const partner = await h.createGroup({ name: 'Managed Partner', type: 'partner' });
    const owner = await signedIn(h);
    await h.addToGroup(partner, owner.id, 'owner');
    const invitee = await signedIn(h);
    expect((await invite(owner, partner, invitee.email, { accessLevel: 'manager' })).status).toBe(200);
    const accepted = await accept(invitee, inviteJwt(await h.mail.take(invitee.email)));
    expect(accepted.body).toMatchObject({ isManager: true, isOwner: false });
  });
});
