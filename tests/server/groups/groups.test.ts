import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { group as groupSchema } from '../../../contract/groups/entities';
import { sendRaw, request, signedIn, type Caller } from '../support/calls';
import { createHarness, type Harness, query } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

type Tree = { partner: number; orgA: number; orgB: number; accountA1: number; accountA2: number; accountB1: number };

/** A partner with two organisations and three accounts, created in an order that is not id order. */
async function partnerTree(prefix: string): Promise<Tree> {
  const partner = await h.createGroup({ name: `${prefix} Partner`, type: 'partner' });
  const orgA = await h.createGroup({ name: `${prefix} Org A`, type: 'organisation', parentId: partner });
  const orgB = await h.createGroup({ name: `${prefix} Org B`, type: 'organisation', parentId: partner });
  const accountB1 = await h.createGroup({ name: `${prefix} Account B1`, type: 'account', parentId: orgB, territory: 'australia' });
  const accountA2 = await h.createGroup({ name: `${prefix} Account A2`, type: 'account', parentId: orgA });
  const accountA1 = await h.createGroup({ name: `${prefix} Account A1`, type: 'account', parentId: orgA });
  return { partner, orgA, orgB, accountA1, accountA2, accountB1 };
}

const get = (caller: Caller, url: string, query = {}) => sendRaw(h, caller, request('GET', url, query));
const put = (caller: Caller, url: string, query = {}, body?: unknown) => sendRaw(h, caller, request('PUT', url, query, body));
const post = (caller: Caller, url: string, query = {}, body?: unknown) => sendRaw(h, caller, request('POST', url, query, body));
const del = (caller: Caller, url: string, query = {}) => sendRaw(h, caller, request('DELETE', url, query));

type Node = { id: number; name: string; children?: Node[]; parent?: Node | null; isOwner: boolean; isMember: boolean };
const ids = (nodes: Node[] | undefined) => (nodes ?? []).map((node) => node.id);

describe('the group tree', () => {
  it('nests the whole subtree with recurse, children sorted by id, in the contract shape', async () => {
    const tree = await partnerTree('Nest');
    const owner = await signedIn(h);
    await h.addToGroup(tree.partner, owner.id, 'owner');
    const { status, body } = await get(owner, '/group', { id: tree.partner, recurse: true });
    expect(status).toBe(200);
    groupSchema.parse(body);
    expect(ids(body.children)).toEqual([tree.orgA, tree.orgB]);
    const [orgA, orgB] = body.children as Node[];
    expect(ids(orgA.children)).toEqual([Math.min(tree.accountA1, tree.accountA2), Math.max(tree.accountA1, tree.accountA2)]);
    expect(ids(orgB.children)).toEqual([tree.accountB1]);
    expect(orgB.children![0].children).toEqual([]);
    expect(body.parent).toBeNull();
  });

  it('leaves children out without recurse, and gives the parent one level up', async () => {
    const tree = await partnerTree('Flat');
    const member = await signedIn(h);
    await h.addToGroup(tree.accountB1, member.id, 'member');
    const { body } = await get(member, '/group', { id: tree.accountB1 });
    expect(body.children).toBeUndefined();
    expect(body).toMatchObject({ type: 'account', territory: 'australia', isMember: true, isOwner: false });
    expect(body.parent).toMatchObject({ id: tree.orgB, name: 'Flat Org B', isMember: false });
    expect(body.parent.parent).toBeUndefined();
  });

  it('passes an access level down: the partner’s owner owns every organisation and account below it', async () => {
    const tree = await partnerTree('Inherit');
    const owner = await signedIn(h);
    await h.addToGroup(tree.partner, owner.id, 'owner');
    for (const id of [tree.orgA, tree.accountA1, tree.accountB1]) {
      const { status, body } = await get(owner, '/group', { id });
      expect(status).toBe(200);
      expect(body).toMatchObject({ isOwner: true, isMember: true, isManager: false });
    }
    const stranger = await signedIn(h);
    expect((await get(stranger, '/group', { id: tree.accountA1 })).status).toBe(403);
  });

  it('does not pass access up: a member of an account cannot read its organisation’s other accounts', async () => {
    const tree = await partnerTree('Up');
    const member = await signedIn(h);
    await h.addToGroup(tree.accountA1, member.id, 'member');
    expect((await get(member, '/group', { id: tree.accountA2 })).status).toBe(403);
    expect((await get(member, '/group', { id: tree.orgA })).status).toBe(403);
  });

  it('lists the caller’s groups as trees, without repeating a group that sits inside another', async () => {
    const tree = await partnerTree('Mine');
    const other = await partnerTree('Other');
    const user = await signedIn(h);
    await h.addToGroup(tree.partner, user.id, 'owner');
    await h.addToGroup(tree.orgA, user.id, 'member');
    await h.addToGroup(other.accountA1, user.id, 'member');
    const { status, body } = await get(user, '/groups', { recurse: true });
    expect(status).toBe(200);
    expect(ids(body)).toEqual([tree.partner, other.accountA1]);
    expect(ids(body[0].children)).toEqual([tree.orgA, tree.orgB]);

    const flat = await get(user, '/groups');
    expect(ids(flat.body)).toEqual([tree.partner, tree.orgA, other.accountA1].sort((a, b) => a - b));
    expect(flat.body[0].children).toBeUndefined();
  });

  it('adds the chain of parents with recurseParents', async () => {
    const tree = await partnerTree('Chain');
    const user = await signedIn(h);
    await h.addToGroup(tree.accountA2, user.id, 'member');
    const { body } = await get(user, '/groups', { recurseParents: true });
    expect(ids(body)).toEqual([tree.accountA2]);
    expect(body[0].parent).toMatchObject({ id: tree.orgA, isMember: false });
    expect(body[0].parent.parent).toMatchObject({ id: tree.partner, parent: null });
  });

  it('lists the children of a parent with parentId, the partner manager managing them too', async () => {
    const tree = await partnerTree('Kids');
    const user = await signedIn(h);
    await h.addToGroup(tree.partner, user.id, 'manager');
    const { body } = await get(user, '/groups', { parentId: tree.partner, recurse: true });
    expect(ids(body)).toEqual([tree.orgA, tree.orgB]);
    expect(body[0]).toMatchObject({ isManager: true, isMember: true, isOwner: false });
    expect(ids(body[1].children)).toEqual([tree.accountB1]);
  });

  it('gives staff without memberships every root group', async () => {
    const tree = await partnerTree('Roots');
    const sales = await signedIn(h, ['sales']);
    const { body } = await get(sales, '/groups');
    expect(ids(body)).toContain(tree.partner);
    expect(ids(body)).not.toContain(tree.orgA);
    expect((body as Node[]).every((g) => g.parent === undefined && !g.isMember)).toBe(true);
  });

  it('answers 404 "Group not found" for an unknown id, and null with returnInvalid', async () => {
    const user = await signedIn(h);
    const missing = await get(user, '/group', { id: 1_999_999_999 });
    expect(missing).toEqual({ status: 404, body: { msg: 'Group not found', statusCode: 404 } });
    const quiet = await get(user, '/group', { id: 1_999_999_999, returnInvalid: true });
    expect(quiet).toEqual({ status: 200, body: null });
  });
});

describe('POST /groups', () => {
  it(`refuses a call with neither a user nor a group id: 'No user or group id provided'`, async () => {
    const user = await signedIn(h, ['super']);
    const { status, body } = await post(user, '/groups', {}, { type: 'organisation', name: 'Orphan' });
    expect(status).toBe(400);
    expect(body).toEqual({ msg: 'No user or group id provided', statusCode: 400 });
  });

  it('requires a typed name (spaces are not a name)', async () => {
    const tree = await partnerTree('Named');
    const owner = await signedIn(h);
    await h.addToGroup(tree.orgA, owner.id, 'owner');
    for (const name of ['', '   ']) {
      const { status, body } = await post(owner, '/groups', { parentId: tree.orgA }, { type: 'account', name });
      expect(status).toBe(400);
      expect(body.msg).toBe('name: A name is required');
    }
    const long = await post(owner, '/groups', { parentId: tree.orgA }, { type: 'account', name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    const { rows } = await query(h.db, 'select 1 from groups where parent_id = $1', [tree.orgA]);
    expect(rows).toHaveLength(2);
  });

  it('makes the creator owner by default, trims the name and takes the parent’s territory', async () => {
    const tree = await partnerTree('Create');
    const owner = await signedIn(h);
    await h.addToGroup(tree.orgB, owner.id, 'owner');
    const created = await post(owner, '/groups', { parentId: tree.orgB }, { type: 'account', name: '  New Account  ' });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: number };
    const access = await get(owner, '/groupuseraccess', { groupId: id, userId: owner.id });
    expect(access.body).toEqual({ groupId: id, userId: owner.id, accessLevel: 'owner', inherited: false });
    const { body } = await get(owner, '/group', { id });
    expect(body).toMatchObject({ name: 'New Account', parentId: tree.orgB, pendingOwnership: false, isOwner: true, creationUserId: owner.id });
  });

  it('with owner false makes nobody owner and leaves the group pending ownership', async () => {
    const tree = await partnerTree('Pending');
    const staff = await signedIn(h, ['admin']);
    const created = await post(staff, '/groups', { parentId: tree.partner }, { type: 'organisation', name: 'For a customer', owner: false, territory: 'australia' });
    expect(created.status).toBe(201);
    const { body } = await get(staff, '/group', { id: created.body.id });
    expect(body).toMatchObject({ pendingOwnership: true, isOwner: false, territory: 'australia', country: 'Australia' });
    expect((await get(staff, '/groupusers', { groupId: created.body.id })).body).toEqual([]);
  });

  it('creates organisations only under partners and accounts only under organisations', async () => {
    const tree = await partnerTree('Types');
    const staff = await signedIn(h, ['super']);
    const account = await post(staff, '/groups', { parentId: tree.partner }, { type: 'account', name: 'Misplaced' });
    expect(account.body.msg).toBe('An account can only be created under an organisation');
    const org = await post(staff, '/groups', { parentId: tree.orgA }, { type: 'organisation', name: 'Misplaced' });
    expect(org.body.msg).toBe('An organisation can only be created under a partner');
  });

  it('lets only an owner of the parent (or staff) add a child', async () => {
    const tree = await partnerTree('Rights');
    const member = await signedIn(h);
    await h.addToGroup(tree.orgA, member.id, 'member');
    const refused = await post(member, '/groups', { parentId: tree.orgA }, { type: 'account', name: 'Sneaky' });
    expect(refused).toEqual({ status: 403, body: { msg: 'Only an owner of this group can do this', statusCode: 403 } });
    const sales = await signedIn(h, ['sales']);
    expect((await post(sales, '/groups', { parentId: tree.orgA }, { type: 'account', name: 'By sales' })).status).toBe(201);
  });

  it('creates a root organisation for another user only for super; a user may create their own', async () => {
    const customer = await signedIn(h);
    const admin = await signedIn(h, ['admin']);
    const refused = await post(admin, '/groups', { userId: customer.id }, { type: 'organisation', name: 'By admin' });
    expect(refused.status).toBe(403);

    const superUser = await signedIn(h, ['super']);
    const created = await post(superUser, '/groups', { userId: customer.id }, { type: 'organisation', name: 'Customer Ltd' });
    expect(created.status).toBe(201);
    const { body } = await get(customer, '/group', { id: created.body.id });
    expect(body).toMatchObject({ parentId: null, type: 'organisation', isOwner: true, pendingOwnership: false });

    const own = await post(customer, '/groups', { userId: customer.id }, { type: 'organisation', name: 'My Own Ltd' });
    expect(own.status).toBe(201);
    const accountForUser = await post(superUser, '/groups', { userId: customer.id }, { type: 'account', name: 'Nope' });
    expect(accountForUser.status).toBe(400);
  });
});

describe('PUT and DELETE /groups', () => {
  it('lets an owner rename and address a group, clearing fields with empty texts', async () => {
    const tree = await partnerTree('Edit');
    const owner = await signedIn(h);
    await h.addToGroup(tree.orgA, owner.id, 'sudoowner');
    const { status, body } = await put(owner, '/groups', { groupId: tree.orgA }, { name: ' Renamed ', town: 'Leeds', postcode: '' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Renamed', town: 'Leeds', postcode: null, updateUserId: owner.id });
    const unknownField = await put(owner, '/groups', { groupId: tree.orgA }, { type: 'partner' });
    expect(unknownField.status).toBe(400);
  });

  it('refuses to delete a group with groups under it (409), deletes a leaf, and /account/candelete agrees', async () => {
    const tree = await partnerTree('Delete');
    const owner = await signedIn(h);
    await h.addToGroup(tree.orgB, owner.id, 'owner');
    const canDelete = (id: number) => get(owner, '/api/plans/account/candelete', { accountId: id });
    expect((await canDelete(tree.orgB)).body).toBe(false);
    expect((await canDelete(tree.accountB1)).body).toBe(true);
    const refused = await del(owner, '/groups', { id: tree.orgB });
    expect(refused.status).toBe(409);
    expect((await del(owner, '/groups', { id: tree.accountB1 })).status).toBe(200);
    expect((await get(owner, '/group', { id: tree.accountB1 })).status).toBe(404);
    expect((await del(owner, '/groups', { id: tree.orgB })).status).toBe(200);
    expect((await query(h.db, 'select 1 from group_users where group_id = $1', [tree.orgB])).rows).toHaveLength(0);
  });
});

describe('group users and access levels', () => {
  async function team() {
    const tree = await partnerTree('Team');
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
    const { body } = await get(accountMember, '/groupusers', { groupId: tree.accountA1 });
    expect(body).toEqual(
      [
        { id: partnerOwner.id, name: partnerOwner.email, email: partnerOwner.email, personalName: 'Pat', accessLevel: 'owner', inherited: true },
        { id: orgOwner.id, name: orgOwner.email, email: orgOwner.email, personalName: 'Olive', accessLevel: 'owner', inherited: true },
        { id: accountMember.id, name: accountMember.email, email: accountMember.email, personalName: 'Max', accessLevel: 'member', inherited: false },
      ].sort((a, b) => a.id - b.id),
    );
    const direct = await get(accountMember, '/groupusers', { groupId: tree.accountA1, excludeParents: true });
    expect(direct.body).toEqual([{ id: accountMember.id, name: accountMember.email, email: accountMember.email, personalName: 'Max', accessLevel: 'member' }]);
    const owners = await get(accountMember, '/groupusers', { groupId: tree.accountA1, accessLevel: 'owner' });
    expect(owners.body.map((u: { id: number }) => u.id).sort()).toEqual([partnerOwner.id, orgOwner.id].sort());
  });

  it('reads a user’s effective level, and null for a user without any', async () => {
    const { tree, partnerOwner, accountMember } = await team();
    const inherited = await get(accountMember, '/groupuseraccess', { groupId: tree.accountA1, userId: partnerOwner.id });
    expect(inherited.body).toEqual({ groupId: tree.accountA1, userId: partnerOwner.id, accessLevel: 'owner', inherited: true });
    const none = await get(partnerOwner, '/groupuseraccess', { groupId: tree.accountB1, userId: accountMember.id });
    expect(none.body).toEqual({ groupId: tree.accountB1, userId: accountMember.id, accessLevel: null, inherited: false });
  });

  it(`changes a member's level; 'manager' only on partners; an unknown level is a 400`, async () => {
    const { tree, partnerOwner, orgOwner, accountMember } = await team();
    const set = (groupId: number, userId: number, accessLevel: string) =>
      put(partnerOwner, '/groupuseraccess', { groupId, userId, accessLevel });
    const promoted = await set(tree.accountA1, accountMember.id, 'sudoowner');
    expect(promoted.body).toEqual({ groupId: tree.accountA1, userId: accountMember.id, accessLevel: 'sudoowner', inherited: false });
    expect((await get(accountMember, '/group', { id: tree.accountA1 })).body.isOwner).toBe(true);

    const manager = await set(tree.orgA, orgOwner.id, 'manager');
    expect(manager).toEqual({ status: 400, body: { msg: 'The manager access level is only for partners', statusCode: 400 } });
    await h.addToGroup(tree.partner, accountMember.id, 'member');
    const onPartner = await set(tree.partner, accountMember.id, 'manager');
    expect(onPartner.body.accessLevel).toBe('manager');
    expect((await get(accountMember, '/group', { id: tree.partner })).body).toMatchObject({ isManager: true, isOwner: false });

    const invalid = await set(tree.accountA1, accountMember.id, 'boss');
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toBe('accessLevel: Must be one of owner, sudoowner, member, manager');

    const stranger = await signedIn(h);
    expect((await set(tree.accountA1, stranger.id, 'member')).status).toBe(404);
  });

  it('keeps at least one owner, and lets a member leave or an owner remove them', async () => {
    const { tree, orgOwner, accountMember } = await team();
    const root = await h.createGroup({ name: 'Solo', type: 'organisation' });
    await h.addToGroup(root, orgOwner.id, 'owner');
    const demote = await put(orgOwner, '/groupuseraccess', { groupId: root, userId: orgOwner.id, accessLevel: 'member' });
    expect(demote.status).toBe(409);
    expect((await del(orgOwner, '/groupusers', { groupId: root, userId: orgOwner.id })).status).toBe(409);

    const colleague = await signedIn(h);
    await h.addToGroup(tree.accountA1, colleague.id, 'member');
    expect((await del(colleague, '/groupusers', { groupId: tree.accountA1, userId: colleague.id })).status).toBe(200);
    expect((await del(accountMember, '/groupusers', { groupId: tree.accountA1, userId: orgOwner.id })).status).toBe(403);
    expect((await del(orgOwner, '/groupuseraccess', { groupId: tree.accountA1, userId: accountMember.id })).status).toBe(200);
    expect((await get(accountMember, '/group', { id: tree.accountA1 })).status).toBe(403);
    expect((await del(orgOwner, '/groupusers', { groupId: tree.accountA1, userId: accountMember.id })).body.msg).toBe(
      'This user is not a member of this group',
    );
  });
});

describe('corporate status (spec section 5 messages)', () => {
  it('enables and disables it on organisations only, in the right order', async () => {
    const tree = await partnerTree('Corp');
    const owner = await signedIn(h);
    await h.addToGroup(tree.partner, owner.id, 'owner');
    const enable = (groupId: number) => put(owner, '/group/enablecorporate', { groupId });
    const disable = (groupId: number) => put(owner, '/group/disablecorporate', { groupId });
    const error = (msg: string) => ({ status: 400, body: { msg, statusCode: 400 } });

    expect(await enable(tree.partner)).toEqual(error('Invalid group type. Only organisations can have their corporate status changed'));
    expect(await disable(tree.accountA1)).toEqual(error('Invalid group type. Only organisations can have their corporate status changed'));
    expect(await disable(tree.orgA)).toEqual(
      error('Invalid group subtype. Only corporate organisations can have their corporate status disabled'),
    );
    const enabled = await enable(tree.orgA);
    expect(enabled.status).toBe(200);
    expect(enabled.body.subtype).toBe('corporate');
    expect(await enable(tree.orgA)).toEqual(
      error('Invalid group subtype. Only non corporate organisations can have their corporate status enabled'),
    );
    const disabled = await disable(tree.orgA);
    expect(disabled.body.subtype).toBeNull();
  });
});

describe('charity status', () => {
  it('goes from a number in verification to confirmed by staff, and can be disabled', async () => {
    const org = await h.createGroup({ name: 'Kind Hearts', type: 'organisation' });
    const owner = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    const admin = await signedIn(h, ['admin']);

    const notYet = await put(admin, '/group/confirmcharity', { groupId: org }, { charityPSLNumber: '1', isValid: true });
    expect(notYet).toEqual({ status: 400, body: { msg: 'The charity is not in verification', statusCode: 400 } });

    const set = await put(owner, '/group/updatecharity', { groupId: org }, { charityPSLNumber: ' 1180456 ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ charityPSLNumber: '1180456', isInVerifyProcess: true, isRoyalMailDiscount: false, isOSDiscount: false, charityValid: null });

    const byOwner = await put(owner, '/group/confirmcharity', { groupId: org }, { charityPSLNumber: '1180456', isValid: true });
    expect(byOwner.status).toBe(403);

    const confirmed = await put(admin, '/group/confirmcharity', { groupId: org }, {
      charityPSLNumber: '1180456', isInVerifyProcess: false, isRoyalMailDiscount: true, isOSDiscount: true, isValid: true,
    });
    expect(confirmed.body).toMatchObject({ isInVerifyProcess: false, charityValid: true, isRoyalMailDiscount: true, isOSDiscount: true });
    const again = await put(admin, '/group/confirmcharity', { groupId: org }, { charityPSLNumber: '1180456', isValid: false });
    expect(again.body.msg).toBe('The charity is not in verification');

    const disabled = await put(owner, '/group/disablecharity', { groupId: org });
    expect(disabled.body).toMatchObject({ charityPSLNumber: null, isInVerifyProcess: false, charityValid: null, isRoyalMailDiscount: false });
  });

  it('gives an invalid charity no discount', async () => {
    const org = await h.createGroup({ name: 'Dubious Trust', type: 'organisation' });
    const admin = await signedIn(h, ['super']);
    await put(admin, '/group/updatecharity', { groupId: org }, { charityPSLNumber: '42', isOSDiscount: true });
    const { body } = await put(admin, '/group/confirmcharity', { groupId: org }, { charityPSLNumber: '42', isOSDiscount: true, isValid: false });
    expect(body).toMatchObject({ charityValid: false, isOSDiscount: false });
  });

  it('is for organisations only', async () => {
    const tree = await partnerTree('CharityType');
    const admin = await signedIn(h, ['admin']);
    const { body } = await put(admin, '/group/updatecharity', { groupId: tree.accountA1 }, { charityPSLNumber: '7' });
    expect(body.msg).toBe('Only organisations can be charities');
  });
});

describe('migrations between organisation and partner', () => {
  it('turns a root organisation into a partner of the given type, keeping its children', async () => {
    const org = await h.createGroup({ name: 'Growing Ltd', type: 'organisation' });
    const account = await h.createGroup({ name: 'Growing UK', type: 'account', parentId: org });
    const admin = await signedIn(h, ['admin']);
    const { status, body } = await put(admin, '/migrate/orgToPartner', { groupId: org }, { partnerType: 'Referrer' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ type: 'partner', subtype: 'referrer', parentId: null });
    expect(ids((await get(admin, '/group', { id: org, recurse: true })).body.children)).toEqual([account]);

    const again = await put(admin, '/migrate/orgToPartner', { groupId: org }, { partnerType: '' });
    expect(again.body.msg).toBe('Only organisations can be migrated to partners');
  });

  it('refuses an organisation that already has a partner, and detaches one with removeFromPartner', async () => {
    const tree = await partnerTree('Detach');
    const partnerOwner = await signedIn(h);
    await h.addToGroup(tree.partner, partnerOwner.id, 'owner');
    const superUser = await signedIn(h, ['super']);
    const refused = await put(superUser, '/migrate/orgToPartner', { groupId: tree.orgA }, { partnerType: 'corporate' });
    expect(refused.body.msg).toBe('Only an organisation without a partner can become a partner');

    const notOrg = await put(superUser, '/migrate/removeFromPartner', { groupId: tree.accountA1 });
    expect(notOrg.status).toBe(400);
    const detached = await put(superUser, '/migrate/removeFromPartner', { groupId: tree.orgA });
    expect(detached.body).toMatchObject({ id: tree.orgA, parentId: null, type: 'organisation' });
    // The partner's owner held the organisation only through the partner.
    expect((await get(partnerOwner, '/group', { id: tree.orgA })).status).toBe(403);
    expect((await put(superUser, '/migrate/removeFromPartner', { groupId: tree.orgA })).status).toBe(400);
  });
});
