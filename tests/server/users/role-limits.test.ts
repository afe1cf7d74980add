// Role limits the server enforces (charity discounts, owners of groups,
// access levels, locks, validation, staff ranks). Every refusal is a 4xx with a message and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as E from '../../../contract/users/endpoints';
import * as G from '../../../contract/groups/endpoints';
import { call, msgOf, okBody, type Answer } from '../support/api';
import { signedIn, type Caller } from '../support/calls';
import { dumpGroupState } from '../support/rows';
import { createHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

/** Expects the call to be refused with `status` and `msg`, leaving every record as it was. */
async function refusedUnchanged<E>(run: () => Promise<Answer<E>>, status: number, msg: string | RegExp) {
  const before = await dumpGroupState(h);
  const answer = await run();
  expect(answer.status).toBe(status);
  if (typeof msg === 'string') expect(msgOf(answer)).toBe(msg);
  else expect(msgOf(answer)).toMatch(msg);
  expect(await dumpGroupState(h)).toEqual(before);
}

describe('charity discounts', () => {
  it('refuses an owner who asks for a discount, and gives discounts only through staff', async () => {
    const org = await h.createGroup({ name: 'Discount Seekers', type: 'organisation' });
    const owner = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    await refusedUnchanged(() => call(h, owner, G.updateCharity, { query: { groupId: org }, body: { charityPSLNumber: '77', isRoyalMailDiscount: true } }),
      403, 'Only staff can grant charity discounts');
    await refusedUnchanged(() => call(h, owner, G.updateCharity, { query: { groupId: org }, body: { charityPSLNumber: '77', isOSDiscount: true } }),
      403, 'Only staff can grant charity discounts');
    const asked = await call(h, owner, G.updateCharity, { query: { groupId: org }, body: { charityPSLNumber: '77', isInVerifyProcess: false } });
    expect(okBody(asked)).toMatchObject({ isInVerifyProcess: true, isRoyalMailDiscount: false, isOSDiscount: false, charityValid: null });
    await refusedUnchanged(() => call(h, owner, G.confirmCharity, { query: { groupId: org }, body: { charityPSLNumber: '77', isValid: true } }),
      403, 'Only staff can do this');
    const admin = await signedIn(h, ['admin']);
    const confirmed = await call(h, admin, G.confirmCharity, { query: { groupId: org }, body: { charityPSLNumber: '77', isValid: true, isOSDiscount: true } });
    expect(okBody(confirmed)).toMatchObject({ charityValid: true, isOSDiscount: true });
  });
});

describe('deleting a user', () => {
  it('refuses to delete the only owner of groups, naming them, and deletes once another owner is there', async () => {
    const alpha = await h.createGroup({ name: 'Alpha Only', type: 'organisation' });
    const beta = await h.createGroup({ name: 'Beta Only', type: 'organisation' });
    const shared = await h.createGroup({ name: 'Shared Owners', type: 'organisation' });
    const owner = await signedIn(h);
    const other = await signedIn(h);
    await h.addToGroup(alpha, owner.id, 'owner');
    await h.addToGroup(beta, owner.id, 'owner');
    await h.addToGroup(shared, owner.id, 'owner');
    await h.addToGroup(shared, other.id, 'owner');
    const admin = await signedIn(h, ['admin']);
    const message = 'This user is the only owner of Alpha Only, Beta Only. Make someone else an owner of those groups first.';
    await refusedUnchanged(() => call(h, owner, E.deleteUser, { query: { id: owner.id } }), 409, message);
    await refusedUnchanged(() => call(h, admin, E.deleteUser, { query: { id: owner.id } }), 409, message);
    await h.addToGroup(alpha, other.id, 'owner');
    await h.addToGroup(beta, other.id, 'sudoowner');
    await refusedUnchanged(() => call(h, admin, E.deleteUser, { query: { id: owner.id } }), 409,
      'This user is the only owner of Beta Only. Make someone else an owner of that group first.');
    await call(h, admin, G.setGroupUserAccess, { query: { groupId: beta, userId: other.id, accessLevel: 'owner' } });
    expect((await call(h, admin, E.deleteUser, { query: { id: owner.id } })).status).toBe(200);
  });
});

describe('locks and staff ranks', () => {
  it('lets only admin and super lock, tells an owner to remove the user instead', async () => {
    const org = await h.createGroup({ name: 'Lock Tenant', type: 'organisation' });
    const owner = await signedIn(h);
    const member = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    await h.addToGroup(org, member.id, 'member');
    await refusedUnchanged(() => call(h, owner, E.lockUser, { query: { id: member.id }, body: { lock: true } }), 403,
      'Only staff can lock a user; remove the user from your groups instead');
    const removed = await call(h, owner, G.removeGroupUser, { query: { groupId: org, userId: member.id } });
    expect(removed.status).toBe(200);
  });

  it('refuses an admin who locks, renames or deletes a super, and allows super on admin', async () => {
    const admin = await signedIn(h, ['admin']);
    const superUser = await signedIn(h, ['super']);
    const otherAdmin = await signedIn(h, ['admin']);
    const msg = 'You cannot act on a user with a higher role than yours';
    await refusedUnchanged(() => call(h, admin, E.lockUser, { query: { id: superUser.id }, body: { lock: true } }), 403, msg);
    await refusedUnchanged(() => call(h, admin, E.updateUser, { query: { id: superUser.id }, body: { personalName: 'Renamed' } }), 403, msg);
    await refusedUnchanged(() => call(h, admin, E.deleteUser, { query: { id: superUser.id } }), 403, msg);
    expect((await call(h, superUser, E.updateUser, { query: { id: otherAdmin.id }, body: { personalName: 'Renamed' } })).status).toBe(200);
    expect(okBody(await call(h, superUser, E.lockUser, { query: { id: otherAdmin.id }, body: { lock: true } })).locked).toBe(true);
  });
});

describe('access levels: only owners manage owners', () => {
  it('refuses a sudoowner who promotes itself, demotes or removes an owner, or invites an owner', async () => {
    const org = await h.createGroup({ name: 'Takeover Target', type: 'organisation' });
    const owner = await signedIn(h);
    const sudo = await signedIn(h);
    const member = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    await h.addToGroup(org, sudo.id, 'sudoowner');
    await h.addToGroup(org, member.id, 'member');
    const msg = 'Only an owner can grant, change or remove the owner level';
    await refusedUnchanged(() => call(h, sudo, G.setGroupUserAccess, { query: { groupId: org, userId: sudo.id, accessLevel: 'owner' } }), 403, msg);
    await refusedUnchanged(() => call(h, sudo, G.setGroupUserAccess, { query: { groupId: org, userId: owner.id, accessLevel: 'member' } }), 403, msg);
    await refusedUnchanged(() => call(h, sudo, G.setGroupUserAccess, { query: { groupId: org, userId: member.id, accessLevel: 'owner' } }), 403, msg);
    await refusedUnchanged(() => call(h, sudo, G.removeGroupUser, { query: { groupId: org, userId: owner.id } }), 403, msg);
    await refusedUnchanged(() => call(h, sudo, G.inviteToGroup, { query: { groupId: org, email: 'new-owner@example.com' }, body: { accessLevel: 'owner' } }), 403, msg);
    await refusedUnchanged(() => call(h, sudo, G.inviteToGroup, { query: { groupId: org, email: 'new-owner@example.com' }, body: { takeOwnership: true } }), 403, msg);
    // What a sudoowner may do: manage the levels below owner.
    expect((await call(h, sudo, G.setGroupUserAccess, { query: { groupId: org, userId: member.id, accessLevel: 'sudoowner' } })).status).toBe(200);
    expect((await call(h, sudo, G.setGroupUserAccess, { query: { groupId: org, userId: member.id, accessLevel: 'member' } })).status).toBe(200);
    // And the owner manages owners.
    expect((await call(h, owner, G.setGroupUserAccess, { query: { groupId: org, userId: sudo.id, accessLevel: 'owner' } })).status).toBe(200);
    expect((await call(h, owner, G.setGroupUserAccess, { query: { groupId: org, userId: sudo.id, accessLevel: 'sudoowner' } })).status).toBe(200);
  });
});

describe('validation first', () => {
  it('lets an unvalidated user only validate, resend, reauth, log out and read themselves', async () => {
    const created = await h.createUser({ validated: false });
    const { jwt } = await h.login(created.email);
    const me: Caller = { id: created.id, email: created.email, headers: h.bearer(jwt) };
    const other = await h.createUser();
    const msg = /^Validate your email address first/;
    await refusedUnchanged(() => call(h, me, G.createGroup, { query: {}, body: { name: 'Sneaky Org', type: 'organisation', owner: true } }), 403, msg);
    const org = await h.createGroup({ name: 'Unvalidated Owned', type: 'organisation' });
    await h.addToGroup(org, created.id, 'owner');
    await refusedUnchanged(() => call(h, me, G.inviteToGroup, { query: { groupId: org, email: 'victim@example.com' }, body: {} }), 403, msg);
    await refusedUnchanged(() => call(h, me, G.listGroups, { query: {} }), 403, msg);
    await refusedUnchanged(() => call(h, me, E.getUser, { query: { id: other.id } }), 403, msg);
    expect((await call(h, me, E.getUser, { query: { id: created.id } })).status).toBe(200);
    expect((await call(h, me, E.reauth, { query: {} })).status).toBe(200);
    expect((await call(h, me, E.resendValidation)).status).toBe(200);
    expect((await call(h, me, E.validate, { body: { code: '000000' } })).status).toBe(400);
    expect(h.mail.messages.some((m) => m.to.includes('victim@example.com'))).toBe(false);
    expect((await call(h, me, E.logout)).status).toBe(200);
  });
});
