// Creating, editing and deleting groups: POST, PUT and DELETE /groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIn, partnerTree } from './fixtures';
import { request, sendRaw, signedIn } from '../support/calls';
import { createHarness, type Harness, query } from '../support/harness';
import * as G from '../../../contract/groups/endpoints';
import * as P from '../../../contract/plans/endpoints';
import { call, msgOf, okBody, seen } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('POST /groups', () => {
  it(`refuses a call with neither a user nor a group id: 'No user or group id provided'`, async () => {
    const user = await signedIn(h, ['super']);
    const { status, body } = await call(h, user, G.createGroup, { query: {}, body: { type: 'organisation', name: 'Orphan' } });
    expect(status).toBe(400);
    expect(body).toEqual({ msg: 'No user or group id provided', statusCode: 400 });
  });

  it('requires a typed name (spaces are not a name)', async () => {
    const tree = await partnerTree(h, 'Named');
    const owner = await signedIn(h);
    await h.addToGroup(tree.orgA, owner.id, 'owner');
    for (const name of ['', '   ']) {
      const answer = await call(h, owner, G.createGroup, { query: { parentId: tree.orgA }, body: { type: 'account', name } });
      expect(answer.status).toBe(400);
      expect(msgOf(answer)).toBe('name: A name is required');
    }
    const long = await call(h, owner, G.createGroup, { query: { parentId: tree.orgA }, body: { type: 'account', name: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    const { rows } = await query(h.db, 'select 1 from groups where parent_id = $1', [tree.orgA]);
    expect(rows).toHaveLength(2);
  });

  it('makes the creator owner by default, trims the name and takes the parent’s territory', async () => {
    const tree = await partnerTree(h, 'Create');
    const owner = await signedIn(h);
    await h.addToGroup(tree.orgB, owner.id, 'owner');
    const created = await call(h, owner, G.createGroup, { query: { parentId: tree.orgB }, body: { type: 'account', name: '  New Account  ' } });
    expect(created.status).toBe(201);
    const { id } = okBody(created, 201);
    const access = await call(h, owner, G.getGroupUserAccess, { query: { groupId: id, userId: owner.id } });
    expect(access.body).toEqual({ groupId: id, userId: owner.id, accessLevel: 'owner', inherited: false });
    const body = groupIn(await call(h, owner, G.getGroup, { query: { id } }));
    expect(body).toMatchObject({ name: 'New Account', parentId: tree.orgB, pendingOwnership: false, isOwner: true, creationUserId: owner.id });
  });

  it('with owner false makes nobody owner and leaves the group pending ownership', async () => {
    const tree = await partnerTree(h, 'Pending');
    const staff = await signedIn(h, ['admin']);
    const created = await call(h, staff, G.createGroup, { query: { parentId: tree.partner }, body: { type: 'organisation', name: 'For a customer', owner: false, territory: 'australia' } });
    expect(created.status).toBe(201);
    const body = groupIn(await call(h, staff, G.getGroup, { query: { id: okBody(created, 201).id } }));
    expect(body).toMatchObject({ pendingOwnership: true, isOwner: false, territory: 'australia', country: 'Australia' });
    expect((await call(h, staff, G.listGroupUsers, { query: { groupId: okBody(created, 201).id } })).body).toEqual([]);
  });

  it('creates organisations only under partners and accounts only under organisations', async () => {
    const tree = await partnerTree(h, 'Types');
    const staff = await signedIn(h, ['super']);
    const account = await call(h, staff, G.createGroup, { query: { parentId: tree.partner }, body: { type: 'account', name: 'Misplaced' } });
    expect(msgOf(account)).toBe('An account can only be created under an organisation');
    const org = await call(h, staff, G.createGroup, { query: { parentId: tree.orgA }, body: { type: 'organisation', name: 'Misplaced' } });
    expect(msgOf(org)).toBe('An organisation can only be created under a partner');
  });

  it('lets only an owner of the parent (or staff) add a child', async () => {
    const tree = await partnerTree(h, 'Rights');
    const member = await signedIn(h);
    await h.addToGroup(tree.orgA, member.id, 'member');
    const refused = await call(h, member, G.createGroup, { query: { parentId: tree.orgA }, body: { type: 'account', name: 'Sneaky' } });
    expect(seen(refused)).toEqual({ status: 403, body: { msg: 'Only an owner of this group can do this', statusCode: 403 } });
    const sales = await signedIn(h, ['sales']);
    expect((await call(h, sales, G.createGroup, { query: { parentId: tree.orgA }, body: { type: 'account', name: 'By sales' } })).status).toBe(201);
  });

  it('creates a root organisation for another user only for super; a user may create their own', async () => {
    const customer = await signedIn(h);
    const admin = await signedIn(h, ['admin']);
    const refused = await call(h, admin, G.createGroup, { query: { userId: customer.id }, body: { type: 'organisation', name: 'By admin' } });
    expect(refused.status).toBe(403);

    const superUser = await signedIn(h, ['super']);
    const created = await call(h, superUser, G.createGroup, { query: { userId: customer.id }, body: { type: 'organisation', name: 'Customer Ltd' } });
    expect(created.status).toBe(201);
    const body = groupIn(await call(h, customer, G.getGroup, { query: { id: okBody(created, 201).id } }));
    expect(body).toMatchObject({ parentId: null, type: 'organisation', isOwner: true, pendingOwnership: false });

    const own = await call(h, customer, G.createGroup, { query: { userId: customer.id }, body: { type: 'organisation', name: 'My Own Ltd' } });
    expect(own.status).toBe(201);
    const accountForUser = await call(h, superUser, G.createGroup, { query: { userId: customer.id }, body: { type: 'account', name: 'Nope' } });
    expect(accountForUser.status).toBe(400);
  });
});

describe('PUT and DELETE /groups', () => {
  it('lets an owner rename and address a group, clearing fields with empty texts', async () => {
    const tree = await partnerTree(h, 'Edit');
    const owner = await signedIn(h);
    await h.addToGroup(tree.orgA, owner.id, 'sudoowner');
    const body = okBody(await call(h, owner, G.updateGroup, { query: { groupId: tree.orgA }, body: { name: ' Renamed ', town: 'Leeds', postcode: '' } }));
    expect(body).toMatchObject({ name: 'Renamed', town: 'Leeds', postcode: null, updateUserId: owner.id });
    // A field the contract's body does not have.
    const unknownField = await sendRaw(h, owner, request('PUT', '/groups', { groupId: tree.orgA }, { type: 'partner' }));
    expect(unknownField.status).toBe(400);
  });

  it('refuses to delete a group with groups under it (409), deletes a leaf, and /account/candelete agrees', async () => {
    const tree = await partnerTree(h, 'Delete');
    const owner = await signedIn(h);
    await h.addToGroup(tree.orgB, owner.id, 'owner');
    const canDelete = (id: number) => call(h, owner, P.canDeleteAccount, { query: { accountId: id } });
    expect((await canDelete(tree.orgB)).body).toBe(false);
    expect((await canDelete(tree.accountB1)).body).toBe(true);
    const refused = await call(h, owner, G.deleteGroup, { query: { id: tree.orgB } });
    expect(refused.status).toBe(409);
    expect((await call(h, owner, G.deleteGroup, { query: { id: tree.accountB1 } })).status).toBe(200);
    expect((await call(h, owner, G.getGroup, { query: { id: tree.accountB1 } })).status).toBe(404);
    expect((await call(h, owner, G.deleteGroup, { query: { id: tree.orgB } })).status).toBe(200);
    expect((await query(h.db, 'select 1 from group_users where group_id = $1', [tree.orgB])).rows).toHaveLength(0);
  });
});
