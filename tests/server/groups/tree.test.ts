// The group tree as GET /group and GET /groups read it: nesting, parents, and access levels passed down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { group as groupSchema } from '../../../contract/groups/entities';
import { groupIn, ids, partnerTree } from './fixtures';
import { signedIn } from '../support/calls';
import { createHarness, type Harness } from '../support/harness';
import * as G from '../../../contract/groups/endpoints';
import { call, okBody, seen } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('the group tree', () => {
  it('nests the whole subtree with recurse, children sorted by id, in the contract shape', async () => {
    const tree = await partnerTree(h, 'Nest');
    const owner = await signedIn(h);
    await h.addToGroup(tree.partner, owner.id, 'owner');
    const body = groupIn(await call(h, owner, G.getGroup, { query: { id: tree.partner, recurse: true } }));
    groupSchema.parse(body);
    expect(ids(body.children)).toEqual([tree.orgA, tree.orgB]);
    const [orgA, orgB] = body.children ?? [];
    expect(ids(orgA.children)).toEqual([Math.min(tree.accountA1, tree.accountA2), Math.max(tree.accountA1, tree.accountA2)]);
    expect(ids(orgB.children)).toEqual([tree.accountB1]);
    expect(orgB.children![0].children).toEqual([]);
    expect(body.parent).toBeNull();
  });

  it('leaves children out without recurse, and gives the parent one level up', async () => {
    const tree = await partnerTree(h, 'Flat');
    const member = await signedIn(h);
    await h.addToGroup(tree.accountB1, member.id, 'member');
    const body = groupIn(await call(h, member, G.getGroup, { query: { id: tree.accountB1 } }));
    expect(body.children).toBeUndefined();
    expect(body).toMatchObject({ type: 'account', territory: 'australia', isMember: true, isOwner: false });
    expect(body.parent).toMatchObject({ id: tree.orgB, name: 'Flat Org B', isMember: false });
    expect(body.parent?.parent).toBeUndefined();
  });

  it('passes an access level down: the partner’s owner owns every organisation and account below it', async () => {
    const tree = await partnerTree(h, 'Inherit');
    const owner = await signedIn(h);
    await h.addToGroup(tree.partner, owner.id, 'owner');
    for (const id of [tree.orgA, tree.accountA1, tree.accountB1]) {
      const body = groupIn(await call(h, owner, G.getGroup, { query: { id } }));
      expect(body).toMatchObject({ isOwner: true, isMember: true, isManager: false });
    }
    const stranger = await signedIn(h);
    expect((await call(h, stranger, G.getGroup, { query: { id: tree.accountA1 } })).status).toBe(403);
  });

  it('does not pass access up: a member of an account cannot read its organisation’s other accounts', async () => {
    const tree = await partnerTree(h, 'Up');
    const member = await signedIn(h);
    await h.addToGroup(tree.accountA1, member.id, 'member');
    expect((await call(h, member, G.getGroup, { query: { id: tree.accountA2 } })).status).toBe(403);
    expect((await call(h, member, G.getGroup, { query: { id: tree.orgA } })).status).toBe(403);
  });

  it('lists the caller’s groups as trees, without repeating a group that sits inside another', async () => {
    const tree = await partnerTree(h, 'Mine');
    const other = await partnerTree(h, 'Other');
    const user = await signedIn(h);
    await h.addToGroup(tree.partner, user.id, 'owner');
    await h.addToGroup(tree.orgA, user.id, 'member');
    await h.addToGroup(other.accountA1, user.id, 'member');
    const body = okBody(await call(h, user, G.listGroups, { query: { recurse: true } }));
    expect(ids(body)).toEqual([tree.partner, other.accountA1]);
    expect(ids(body[0].children)).toEqual([tree.orgA, tree.orgB]);

    const flat = await call(h, user, G.listGroups, { query: {} });
    expect(ids(okBody(flat))).toEqual([tree.partner, tree.orgA, other.accountA1].sort((a, b) => a - b));
    expect(okBody(flat)[0].children).toBeUndefined();
  });

  it('adds the chain of parents with recurseParents', async () => {
    const tree = await partnerTree(h, 'Chain');
    const user = await signedIn(h);
    await h.addToGroup(tree.accountA2, user.id, 'member');
    const body = okBody(await call(h, user, G.listGroups, { query: { recurseParents: true } }));
    expect(ids(body)).toEqual([tree.accountA2]);
    expect(body[0].parent).toMatchObject({ id: tree.orgA, isMember: false });
    expect(body[0].parent?.parent).toMatchObject({ id: tree.partner, parent: null });
  });

  it('lists the children of a parent with parentId, the partner manager managing them too', async () => {
    const tree = await partnerTree(h, 'Kids');
    const user = await signedIn(h);
    await h.addToGroup(tree.partner, user.id, 'manager');
    const body = okBody(await call(h, user, G.listGroups, { query: { parentId: tree.partner, recurse: true } }));
    expect(ids(body)).toEqual([tree.orgA, tree.orgB]);
    expect(body[0]).toMatchObject({ isManager: true, isMember: true, isOwner: false });
    expect(ids(body[1].children)).toEqual([tree.accountB1]);
  });

  it('gives staff without memberships every root group', async () => {
    const tree = await partnerTree(h, 'Roots');
    const sales = await signedIn(h, ['sales']);
    const body = okBody(await call(h, sales, G.listGroups, { query: {} }));
    expect(ids(body)).toContain(tree.partner);
    expect(ids(body)).not.toContain(tree.orgA);
    expect(body.every((g) => g.parent === undefined && !g.isMember)).toBe(true);
  });

  it('answers 404 "Group not found" for an unknown id, and null with returnInvalid', async () => {
    const user = await signedIn(h);
    const missing = await call(h, user, G.getGroup, { query: { id: 1_999_999_999 } });
    expect(seen(missing)).toEqual({ status: 404, body: { msg: 'Group not found', statusCode: 404 } });
    const quiet = await call(h, user, G.getGroup, { query: { id: 1_999_999_999, returnInvalid: true } });
    expect(seen(quiet)).toEqual({ status: 200, body: null });
  });
});
