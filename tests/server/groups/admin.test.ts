import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponse } from '../../../contract/search/schemas';
import { signedIn } from '../support/calls';
import { createHarness, fixturePassword, type Harness, query } from '../support/harness';
import { insertToken } from '../support/tokens';
import * as E from '../../../contract/users/endpoints';
import * as G from '../../../contract/groups/endpoints';
import * as S from '../../../contract/search/endpoints';
import { call, okBody, seen } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());


describe('GET /search', () => {
  it('finds groups and users by name, email or id for staff, with no tokens yet', async () => {
    const org = await h.createGroup({ name: 'Zebra Crossing Ltd', type: 'organisation' });
    const user = await h.createUser({ personalName: 'Zed Zebra' });
    for (const role of ['sales', 'admin', 'super']) {
      const staff = await signedIn(h, [role]);
      const body = okBody(await call(h, staff, S.search, { query: { filter: 'zebra' } }));
      const result = searchResponse.parse(body);
      expect(result.tokens).toEqual([]);
      expect(result.groups.map((g) => g.id)).toEqual([org]);
      expect(result.users.map((u) => u.id)).toEqual([user.id]);
      expect(body.users[0]).not.toHaveProperty('passwordHash');
    }
    const admin = await signedIn(h, ['admin']);
    // An id of at least two digits, as a filter needs two characters.
    const { rows } = await query<{ id: number }>(h.db,
      "insert into groups (id, name, type, create_timestamp, update_timestamp) values (4242, 'By Number', 'organisation', 0, 0) returning id",
    );
    expect(okBody(await call(h, admin, S.search, { query: { filter: '4242' } })).groups.map((g) => g.id)).toEqual([rows[0].id]);
    expect(okBody(await call(h, admin, S.search, { query: { filter: user.email } })).users.map((u) => u.id)).toEqual([user.id]);
  });

  it('treats % and _ as plain characters and returns at most 50 of each kind', async () => {
    const now = Math.floor(h.clock() / 1000);
    await query(h.db,
      `insert into groups (name, type, create_timestamp, update_timestamp)
       select 'Bulk Group ' || n, 'organisation', $1, $1 from generate_series(1, 55) n`,
      [now],
    );
    const sales = await signedIn(h, ['sales']);
    expect(okBody(await call(h, sales, S.search, { query: { filter: 'bulk group' } })).groups).toHaveLength(50);
    expect(okBody(await call(h, sales, S.search, { query: { filter: '%%' } })).groups).toEqual([]);
  });

  it('needs at least 2 characters and a staff role', async () => {
    const sales = await signedIn(h, ['sales']);
    const short = await call(h, sales, S.search, { query: { filter: ' a ' } });
    expect(seen(short)).toEqual({ status: 400, body: { msg: 'filter: Enter at least 2 characters', statusCode: 400 } });
    const customer = await signedIn(h);
    const refused = await call(h, customer, S.search, { query: { filter: 'zebra' } });
    expect(seen(refused)).toEqual({ status: 403, body: { msg: 'Only staff can do this', statusCode: 403 } });
  });
});

describe('GET /users and PUT /userlock', () => {
  it('lists users for staff only', async () => {
    const sales = await signedIn(h, ['sales']);
    const body = okBody(await call(h, sales, E.listUsers));
    expect(body.map((u) => u.id)).toContain(sales.id);
    expect((await call(h, await signedIn(h), E.listUsers)).status).toBe(403);
  });

  it('locks a user out at their next call, and unlocks them', async () => {
    const admin = await signedIn(h, ['admin']);
    const target = await signedIn(h);
    const locked = await call(h, admin, E.lockUser, { query: { id: target.id }, body: { lock: true } });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ id: target.id, locked: true });
    expect((await call(h, target, G.listGroups, { query: {} })).status).toBe(401);
    await call(h, admin, E.lockUser, { query: { id: target.id }, body: { lock: false } });
    // An unlock does not revive the tokens issued before the lock; a new login works.
    expect((await call(h, target, G.listGroups, { query: {} })).status).toBe(401);
    expect((await h.authenticate(target.email, fixturePassword)).statusCode).toBe(200);
  });

  it('refuses an owner who locks a member of their groups (a lock holds everywhere), strangers, staff or themselves', async () => {
    const org = await h.createGroup({ name: 'Lock Co', type: 'organisation' });
    const account = await h.createGroup({ name: 'Lock Co UK', type: 'account', parentId: org });
    const owner = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    const member = await signedIn(h);
    await h.addToGroup(account, member.id, 'member');
    // A lock holds in every tenant, so it is staff's; the owner removes the user instead.
    expect((await call(h, owner, E.lockUser, { query: { id: member.id }, body: { lock: true } })).body).toEqual({
      msg: 'Only staff can lock a user; remove the user from your groups instead', statusCode: 403 });

    const stranger = await signedIn(h);
    expect((await call(h, owner, E.lockUser, { query: { id: stranger.id }, body: { lock: true } })).status).toBe(403);
    const sales = await signedIn(h, ['sales']);
    await h.addToGroup(account, sales.id, 'member');
    expect((await call(h, owner, E.lockUser, { query: { id: sales.id }, body: { lock: true } })).status).toBe(403);
    const self = await call(h, owner, E.lockUser, { query: { id: owner.id }, body: { lock: true } });
    expect(seen(self)).toEqual({ status: 400, body: { msg: 'You cannot lock yourself', statusCode: 400 } });
    expect((await call(h, member, E.lockUser, { query: { id: owner.id }, body: { lock: true } })).status).toBe(403);
  });
});

describe('services and service permissions', () => {
  it('lists the services', async () => {
    const body = okBody(await call(h, await signedIn(h), E.listServices));
    expect(body.map((s) => s.name)).toEqual(['address', 'email', 'bankcode', 'name', 'cleanse']);
  });

  it('lets an owner give a group user a service, for every token or one, and take it back', async () => {
    const org = await h.createGroup({ name: 'Service Co', type: 'organisation' });
    const account = await h.createGroup({ name: 'Service Co UK', type: 'account', parentId: org });
    const owner = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    const member = await signedIn(h);
    await h.addToGroup(org, member.id, 'member');
    const tokenId = await insertToken(h, account);
    const services = okBody(await call(h, owner, E.listServices));
    const email = services.find((s) => s.name === 'email')?.id;
    if (email === undefined) throw new Error('No email service');
    const key = { groupId: org, userId: member.id, serviceId: email };
    const onAccount = { ...key, groupId: account };

    expect((await call(h, owner, E.grantUserService, { query: key })).body).toEqual([{ serviceId: email, name: 'email', tokenId: null }]);
    await call(h, owner, E.grantUserService, { query: key });
    // One token: a token of the group itself (an account; tokens/export-rights.test.ts has the refusals).
    expect((await call(h, owner, E.grantUserService, { query: { ...key, tokenId } })).body).toEqual({ statusCode: 404, msg: 'Token not found' });
    await call(h, owner, E.grantUserService, { query: onAccount });
    await call(h, owner, E.grantUserService, { query: { ...onAccount, tokenId } });
    expect((await call(h, member, E.userServices, { query: { groupId: account, userId: member.id } })).body).toEqual([
      { serviceId: email, name: 'email', tokenId: null },
      { serviceId: email, name: 'email', tokenId },
    ]);
    const afterDelete = await call(h, owner, E.revokeUserService, { query: onAccount });
    expect(afterDelete.body).toEqual([{ serviceId: email, name: 'email', tokenId }]);

    expect((await call(h, member, E.grantUserService, { query: key })).status).toBe(403);
    const outsider = await signedIn(h);
    const notInGroup = await call(h, owner, E.grantUserService, { query: { ...key, userId: outsider.id } });
    expect(notInGroup.body).toEqual({ msg: 'This user has no access to this group', statusCode: 400 });
    expect((await call(h, owner, E.grantUserService, { query: { ...key, serviceId: 999_999 } })).status).toBe(404);
  });
});

describe('permissions and privacy settings', () => {
  it('lists permissions with their flags: staff roles, notifications, services', async () => {
    const body = okBody(await call(h, await signedIn(h), E.listPermissions));
    const byName = (name: string) => body.find((p) => p.name === name);
    expect(byName('Super')).toMatchObject({ admin: true, isNotification: false, parentId: null });
    expect(byName('Marketing emails')).toMatchObject({ admin: false, isNotification: true, isService: false, parentId: null });
    expect(byName('Low click balance')).toMatchObject({ isNotification: true, parentId: byName('Usage alerts')?.id });
    expect(body.filter((p) => p.isService)).toHaveLength(5);
  });

  it('gives the notification settings as a tree with defaults, and saves a change', async () => {
    const me = await signedIn(h);
    const body = okBody(await call(h, me, E.userPermissions, { query: {} }));
    expect(body.map((p) => p.name)).toEqual(['Marketing emails', 'Product updates', 'Usage alerts']);
    const usage = body[2];
    expect(usage.children.map((p: { name: string; enabled: boolean }) => [p.name, p.enabled])).toEqual([
      ['Low click balance', true],
      ['Renewal reminders', true],
    ]);
    expect(body[0]).toMatchObject({ enabled: false, def: false, children: [] });

    const changed = await call(h, me, E.setUserPermission, { body: { permissionId: body[0].id, enabled: true } });
    expect(okBody(changed)[0]).toMatchObject({ name: 'Marketing emails', enabled: true, def: false });
    expect(okBody(await call(h, me, E.userPermissions, { query: { userId: me.id } }))[0].enabled).toBe(true);
  });

  it('refuses staff-role permissions and other users’ settings', async () => {
    const me = await signedIn(h);
    const all = okBody(await call(h, me, E.listPermissions));
    const idOf = (refId: string) => {
      const found = all.find((p) => p.refId === refId);
      if (!found) throw new Error(`No permission ${refId}`);
      return found.id;
    };
    const superRole = idOf('role.super');
    const refused = await call(h, me, E.setUserPermission, { body: { permissionId: superRole, enabled: true } });
    expect(seen(refused)).toEqual({ status: 400, body: { msg: 'Only notification permissions can be changed here', statusCode: 400 } });
    const other = await signedIn(h);
    expect((await call(h, me, E.userPermissions, { query: { userId: other.id } })).status).toBe(403);
    const marketing = idOf('notify.marketing');
    expect((await call(h, me, E.setUserPermission, { body: { userId: other.id, permissionId: marketing, enabled: true } })).status).toBe(403);
  });
});
