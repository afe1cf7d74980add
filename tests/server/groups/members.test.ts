// The users of a group and their access levels: GET, PUT and DELETE /groupusers and /groupuseraccess.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLevel } from '../../../contract/shared/access';
import { groupIn, partnerTree } from './fixtures';
import { request, sendRaw, signedIn } from '../support/calls';
import { createHarness, type Harness } from '../support/harness';
import * as G from '../../../contract/groups/endpoints';
import { call, okBody } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('group users and access levels', () => {
  async function team() {
    const tree = await partnerTree(h, 'Team');
    const partnerOwner = await signedIn(h, ['account'], { personalName: 'Pat' });
    const orgOwner = await signedIn(h, ['account'], { personalName: 'Olive' });
    const accountMember = await signedIn(h, ['account'], { personalName: 'Max' });
    await h.addToGroup(tree.partner, partnerOwner.id, 'owner');
    await h.addToGroup(tree.orgA, orgOwner.id, 'owner');
    await h.addToGroup(tree.accountA1, accountMember.id, 'member');
    return { tree, partnerOwner, orgOwner, accountMember };
  }

  it('lists everyone with access to a group, marking levels that come from above as inherited', async () => {
    const { tree, partnerOwner, orgOwner, accountMember } = await team();
    const { body } = await call(h, accountMember, G.listGroupUsers, { query: { groupId: tree.accountA1 } });
    expect(body).toEqual(
      [
        { id: partnerOwner.id, name: partnerOwner.email, email: partnerOwner.email, personalName: 'Pat', accessLevel: 'owner', inherited: true },
        { id: orgOwner.id, name: orgOwner.email, email: orgOwner.email, personalName: 'Olive', accessLevel: 'owner', inherited: true },
        { id: accountMember.id, name: accountMember.email, email: accountMember.email, personalName: 'Max', accessLevel: 'member', inherited: false },
      ].sort((a, b) => a.id - b.id),
    );
    const direct = await call(h, accountMember, G.listGroupUsers, { query: { groupId: tree.accountA1, excludeParents: true } });
    expect(direct.body).toEqual([{ id: accountMember.id, name: accountMember.email, email: accountMember.email, personalName: 'Max', accessLevel: 'member' }]);
    const owners = await call(h, accountMember, G.listGroupUsers, { query: { groupId: tree.accountA1, accessLevel: 'owner' } });
    expect(okBody(owners).map((u) => u.id).sort()).toEqual([partnerOwner.id, orgOwner.id].sort());
  });

  it('reads a user’s effective level, and null for a user without any', async () => {
    const { tree, partnerOwner, accountMember } = await team();
    const inherited = await call(h, accountMember, G.getGroupUserAccess, { query: { groupId: tree.accountA1, userId: partnerOwner.id } });
    expect(inherited.body).toEqual({ groupId: tree.accountA1, userId: partnerOwner.id, accessLevel: 'owner', inherited: true });
    const none = await call(h, partnerOwner, G.getGroupUserAccess, { query: { groupId: tree.accountB1, userId: accountMember.id } });
    expect(none.body).toEqual({ groupId: tree.accountB1, userId: accountMember.id, accessLevel: null, inherited: false });
  });

  it(`changes a member's level; 'manager' only on partners; an unknown level is a 400`, async () => {
    const { tree, partnerOwner, orgOwner, accountMember } = await team();
    const set = (groupId: number, userId: number, accessLevel: AccessLevel) =>
      call(h, partnerOwner, G.setGroupUserAccess, { query: { groupId, userId, accessLevel } });
    const promoted = await set(tree.accountA1, accountMember.id, 'sudoowner');
    expect(promoted.body).toEqual({ groupId: tree.accountA1, userId: accountMember.id, accessLevel: 'sudoowner', inherited: false });
    expect(groupIn(await call(h, accountMember, G.getGroup, { query: { id: tree.accountA1 } })).isOwner).toBe(true);

    const manager = await set(tree.orgA, orgOwner.id, 'manager');
    expect([manager.status, manager.body]).toEqual([400, { msg: 'The manager access level is only for partners', statusCode: 400 }]);
    await h.addToGroup(tree.partner, accountMember.id, 'member');
    const onPartner = await set(tree.partner, accountMember.id, 'manager');
    expect(okBody(onPartner).accessLevel).toBe('manager');
    expect((await call(h, accountMember, G.getGroup, { query: { id: tree.partner } })).body).toMatchObject({ isManager: true, isOwner: false });

    // A level the contract does not know.
    const invalid = await sendRaw(h, partnerOwner, request('PUT', '/groupuseraccess', { groupId: tree.accountA1, userId: accountMember.id, accessLevel: 'boss' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toBe('accessLevel: Must be one of owner, sudoowner, member, manager');

    const stranger = await signedIn(h);
    expect((await set(tree.accountA1, stranger.id, 'member')).status).toBe(404);
  });

  it('keeps at least one owner, and lets a member leave or an owner remove them', async () => {
    const { tree, orgOwner, accountMember } = await team();
    const root = await h.createGroup({ name: 'Solo', type: 'organisation' });
    await h.addToGroup(root, orgOwner.id, 'owner');
    const demote = await call(h, orgOwner, G.setGroupUserAccess, { query: { groupId: root, userId: orgOwner.id, accessLevel: 'member' } });
    expect(demote.status).toBe(409);
    expect((await call(h, orgOwner, G.removeGroupUser, { query: { groupId: root, userId: orgOwner.id } })).status).toBe(409);

    const colleague = await signedIn(h);
    await h.addToGroup(tree.accountA1, colleague.id, 'member');
    expect((await call(h, colleague, G.removeGroupUser, { query: { groupId: tree.accountA1, userId: colleague.id } })).status).toBe(200);
    expect((await call(h, accountMember, G.removeGroupUser, { query: { groupId: tree.accountA1, userId: orgOwner.id } })).status).toBe(403);
    expect((await call(h, orgOwner, G.removeGroupUserAccess, { query: { groupId: tree.accountA1, userId: accountMember.id } })).status).toBe(200);
    expect((await call(h, accountMember, G.getGroup, { query: { id: tree.accountA1 } })).status).toBe(403);
    expect((await call(h, orgOwner, G.removeGroupUser, { query: { groupId: tree.accountA1, userId: accountMember.id } })).body.msg).toBe(
      'This user is not a member of this group',
    );
  });
});
