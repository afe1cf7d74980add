import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponse } from '../../../contract/search/schemas';
import { sendRaw, request, signedIn, type Caller } from '../support/calls';
import { createHarness, fixturePassword, type Harness, query } from '../support/harness';
import { insertToken } from '../support/tokens';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const get = (caller: Caller, url: string, query = {}) => sendRaw(h, caller, request('GET', url, query));
const put = (caller: Caller, url: string, query = {}, body?: unknown) => sendRaw(h, caller, request('PUT', url, query, body));

describe('GET /search', () => {
  it('finds groups and users by name, email or id for staff, with no tokens yet', async () => {
    const org = await h.createGroup({ name: 'Zebra Crossing Ltd', type: 'organisation' });
    const user = await h.createUser({ personalName: 'Zed Zebra' });
    for (const role of ['sales', 'admin', 'super']) {
      const staff = await signedIn(h, [role]);
      const { status, body } = await get(staff, '/search', { filter: 'zebra' });
      expect(status).toBe(200);
      const result = searchResponse.parse(body);
      expect(result.tokens).toEqual([]);
      expect(result.groups.map((g) => g.id)).toEqual([org]);
      expect(result.users.map((u) => u.id)).toEqual([user.id]);
      expect(body.users[0].passwordHash).toBeUndefined();
    }
    const admin = await signedIn(h, ['admin']);
    // An id of at least two digits, as a filter needs two characters.
    const { rows } = await query<{ id: number }>(h.db,
      "insert into groups (id, name, type, create_timestamp, update_timestamp) values (4242, 'By Number', 'organisation', 0, 0) returning id",
    );
    expect((await get(admin, '/search', { filter: '4242' })).body.groups.map((g: { id: number }) => g.id)).toEqual([rows[0].id]);
    expect((await get(admin, '/search', { filter: user.email })).body.users.map((u: { id: number }) => u.id)).toEqual([user.id]);
  });

  it('treats % and _ as plain characters and returns at most 50 of each kind', async () => {
    const now = Math.floor(h.clock() / 1000);
    await query(h.db,
      `insert into groups (name, type, create_timestamp, update_timestamp)
       select 'Bulk Group ' || n, 'organisation', $1, $1 from generate_series(1, 55) n`,
      [now],
    );
    const sales = await signedIn(h, ['sales']);
    expect((await get(sales, '/search', { filter: 'bulk group' })).body.groups).toHaveLength(50);
    expect((await get(sales, '/search', { filter: '%%' })).body.groups).toEqual([]);
  });

  it('needs at least 2 characters and a staff role', async () => {
    const sales = await signedIn(h, ['sales']);
    const short = await get(sales, '/search', { filter: ' a ' });
    expect(short).toEqual({ status: 400, body: { msg: 'filter: Enter at least 2 characters', statusCode: 400 } });
    const customer = await signedIn(h);
    const refused = await get(customer, '/search', { filter: 'zebra' });
    expect(refused).toEqual({ status: 403, body: { msg: 'Only staff can do this', statusCode: 403 } });
  });
});

describe('GET /users and PUT /userlock', () => {
  it('lists users for staff only', async () => {
    const sales = await signedIn(h, ['sales']);
    const { status, body } = await get(sales, '/users');
    expect(status).toBe(200);
    expect(body.map((u: { id: number }) => u.id)).toContain(sales.id);
    expect((await get(await signedIn(h), '/users')).status).toBe(403);
  });

  it('locks a user out at their next call, and unlocks them', async () => {
    const admin = await signedIn(h, ['admin']);
    const target = await signedIn(h);
    const locked = await put(admin, '/userlock', { id: target.id }, { lock: true });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ id: target.id, locked: true });
    expect((await get(target, '/groups')).status).toBe(401);
    await put(admin, '/userlock', { id: target.id }, { lock: false });
    // An unlock does not revive the tokens issued before the lock; a new login works.
    expect((await get(target, '/groups')).status).toBe(401);
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
    expect((await put(owner, '/userlock', { id: member.id }, { lock: true })).body).toEqual({
      msg: 'Only staff can lock a user; remove the user from your groups instead', statusCode: 403 });

    const stranger = await signedIn(h);
    expect((await put(owner, '/userlock', { id: stranger.id }, { lock: true })).status).toBe(403);
    const sales = await signedIn(h, ['sales']);
    await h.addToGroup(account, sales.id, 'member');
    expect((await put(owner, '/userlock', { id: sales.id }, { lock: true })).status).toBe(403);
    const self = await put(owner, '/userlock', { id: owner.id }, { lock: true });
    expect(self).toEqual({ status: 400, body: { msg: 'You cannot lock yourself', statusCode: 400 } });
    expect((await put(member, '/userlock', { id: owner.id }, { lock: true })).status).toBe(403);
  });
});

describe('services and service permissions', () => {
  it('lists the services', async () => {
    const { body } = await get(await signedIn(h), '/services');
    expect(body.map((s: { name: string }) => s.name)).toEqual(['address', 'email', 'bankcode', 'name', 'cleanse']);
  });

  it('lets an owner give a group user a service, for every token or one, and take it back', async () => {
    const org = await h.createGroup({ name: 'Service Co', type: 'organisation' });
    const account = await h.createGroup({ name: 'Service Co UK', type: 'account', parentId: org });
    const owner = await signedIn(h);
    await h.addToGroup(org, owner.id, 'owner');
    const member = await signedIn(h);
    await h.addToGroup(org, member.id, 'member');
    const tokenId = await insertToken(h, account);
    const { body: services } = await get(owner, '/services');
    const email = services.find((s: { name: string }) => s.name === 'email').id as number;
    const key = { groupId: org, userId: member.id, serviceId: email };
    const onAccount = { ...key, groupId: account };

    expect((await put(owner, '/userservices', key)).body).toEqual([{ serviceId: email, name: 'email', tokenId: null }]);
    await put(owner, '/userservices', key);
    // One token: a token of the group itself (an account; tokens/export-rights.test.ts has the refusals).
    expect((await put(owner, '/userservices', { ...key, tokenId })).body).toEqual({ statusCode: 404, msg: 'Token not found' });
    await put(owner, '/userservices', onAccount);
    await put(owner, '/userservices', { ...onAccount, tokenId });
    expect((await get(member, '/userservices', { groupId: account, userId: member.id })).body).toEqual([
      { serviceId: email, name: 'email', tokenId: null },
      { serviceId: email, name: 'email', tokenId },
    ]);
    const afterDelete = await sendRaw(h, owner, request('DELETE', '/userservices', onAccount));
    expect(afterDelete.body).toEqual([{ serviceId: email, name: 'email', tokenId }]);

    expect((await put(member, '/userservices', key)).status).toBe(403);
    const outsider = await signedIn(h);
    const notInGroup = await put(owner, '/userservices', { ...key, userId: outsider.id });
    expect(notInGroup.body).toEqual({ msg: 'This user has no access to this group', statusCode: 400 });
    expect((await put(owner, '/userservices', { ...key, serviceId: 999_999 })).status).toBe(404);
  });
});

describe('permissions and privacy settings', () => {
  it('lists permissions with their flags: staff roles, notifications, services', async () => {
    const { body } = await get(await signedIn(h), '/permissions');
    const byName = (name: string) => body.find((p: { name: string }) => p.name === name);
    expect(byName('Super')).toMatchObject({ admin: true, isNotification: false, parentId: null });
    expect(byName('Marketing emails')).toMatchObject({ admin: false, isNotification: true, isService: false, parentId: null });
    expect(byName('Low click balance')).toMatchObject({ isNotification: true, parentId: byName('Usage alerts').id });
    expect(body.filter((p: { isService: boolean }) => p.isService)).toHaveLength(5);
  });

  it('gives the notification settings as a tree with defaults, and saves a change', async () => {
    const me = await signedIn(h);
    const { body } = await get(me, '/userpermissions');
    expect(body.map((p: { name: string }) => p.name)).toEqual(['Marketing emails', 'Product updates', 'Usage alerts']);
    const usage = body[2];
    expect(usage.children.map((p: { name: string; enabled: boolean }) => [p.name, p.enabled])).toEqual([
      ['Low click balance', true],
      ['Renewal reminders', true],
    ]);
    expect(body[0]).toMatchObject({ enabled: false, def: false, children: [] });

    const changed = await put(me, '/userpermissions', {}, { permissionId: body[0].id, enabled: true });
    expect(changed.body[0]).toMatchObject({ name: 'Marketing emails', enabled: true, def: false });
    expect((await get(me, '/userpermissions', { userId: me.id })).body[0].enabled).toBe(true);
  });

  it('refuses staff-role permissions and other users’ settings', async () => {
    const me = await signedIn(h);
    const { body: all } = await get(me, '/permissions');
    const superRole = all.find((p: { refId: string }) => p.refId === 'role.super').id;
    const refused = await put(me, '/userpermissions', {}, { permissionId: superRole, enabled: true });
    expect(refused).toEqual({ status: 400, body: { msg: 'Only notification permissions can be changed here', statusCode: 400 } });
    const other = await signedIn(h);
    expect((await get(me, '/userpermissions', { userId: other.id })).status).toBe(403);
    const marketing = all.find((p: { refId: string }) => p.refId === 'notify.marketing').id;
    expect((await put(me, '/userpermissions', {}, { userId: other.id, permissionId: marketing, enabled: true })).status).toBe(403);
  });
});
