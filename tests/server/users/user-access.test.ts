import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '../../../contract/users/entities';
import * as E from '../../../contract/users/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { call, msgOf, okBody } from '../support/api';
import { createHarness, fixturePassword, type Harness, query } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

async function signedIn(roles: string[] = ['account']) {
  const created = await h.createUser({ roles });
  const { jwt } = await h.login(created.email);
  return { ...created, headers: h.bearer(jwt) };
}

const getUser = (id: number, headers: Record<string, string>) => call(h, null, E.getUser, { query: { id }, headers });
const putUser = (id: number, headers: Record<string, string>, body: BodyOf<typeof E.updateUser>) => call(h, null, E.updateUser, { query: { id }, body, headers });
const deleteUser = (id: number, headers: Record<string, string>) => call(h, null, E.deleteUser, { query: { id }, headers });

describe('GET /user', () => {
  it('lets a user read themselves, in the contract shape without the password hash', async () => {
    const me = await signedIn();
    const response = await getUser(me.id, me.headers);
    expect(response.status).toBe(200);
    const user = userSchema.parse(response.body);
    expect(user).toMatchObject({ id: me.id, name: me.email, email: me.email, roles: ['account'] });
    expect(response.response.body).not.toContain('argon2');
  });

  it('refuses another user with 403', async () => {
    const me = await signedIn();
    const other = await h.createUser();
    const response = await getUser(other.id, me.headers);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ msg: 'You do not have access to this user', statusCode: 403 });
  });

  it('lets every staff role read any user, and answers 404 for an unknown id', async () => {
    const other = await h.createUser();
    for (const role of ['sales', 'admin', 'super']) {
      const staff = await signedIn([role]);
      expect((await getUser(other.id, staff.headers)).status).toBe(200);
      const missing = await getUser(2_000_000_000, staff.headers);
      expect(missing.status).toBe(404);
      expect(msgOf(missing)).toBe('User not found');
    }
  });
});

describe('PUT /users', () => {
  it('lets a user update their own details', async () => {
    const me = await signedIn();
    const response = await putUser(me.id, me.headers, { personalName: 'New Name', town: 'Leeds', postcode: 'LS1 1AA', companyName: '' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ personalName: 'New Name', town: 'Leeds', postcode: 'LS1 1AA', companyName: null });
    expect(okBody(await getUser(me.id, me.headers)).town).toBe('Leeds');
  });

  it('refuses another user, and sales staff, with 403', async () => {
    const target = await h.createUser();
    for (const actor of [await signedIn(), await signedIn(['sales'])]) {
      const response = await putUser(target.id, actor.headers, { town: 'Nowhere' });
      expect(response.status).toBe(403);
    }
    const { rows } = await query<{ town: string | null }>(h.db, 'select town from users where id = $1', [target.id]);
    expect(rows[0].town).toBeNull();
  });

  it('lets admin and super update any user', async () => {
    const target = await h.createUser();
    for (const role of ['admin', 'super']) {
      const staff = await signedIn([role]);
      const response = await putUser(target.id, staff.headers, { town: `Set by ${role}` });
      expect(response.status).toBe(200);
      expect(okBody(response).town).toBe(`Set by ${role}`);
    }
  });
});

describe('DELETE /users', () => {
  it('lets a user delete themselves; their memberships go and they can no longer log in or use their token', async () => {
    const me = await signedIn();
    const group = await h.createGroup({ name: 'Team', type: 'organisation' });
    await h.addToGroup(group, me.id, 'member');
    const response = await deleteUser(me.id, me.headers);
    expect(response.status).toBe(200);
    expect((await query(h.db, 'select 1 from group_users where user_id = $1', [me.id])).rows).toHaveLength(0);
    expect((await h.authenticate(me.email, fixturePassword)).statusCode).toBe(401);
    expect((await call(h, null, E.reauth, { query: {}, headers: me.headers })).status).toBe(401);
  });

  it('refuses another user and sales staff with 403, lets admin delete, then answers 404', async () => {
    const target = await h.createUser();
    expect((await deleteUser(target.id, (await signedIn()).headers)).status).toBe(403);
    expect((await deleteUser(target.id, (await signedIn(['sales'])).headers)).status).toBe(403);
    const admin = await signedIn(['admin']);
    expect((await deleteUser(target.id, admin.headers)).status).toBe(200);
    expect((await deleteUser(target.id, admin.headers)).status).toBe(404);
  });

  it('needs a bearer token', async () => {
    const target = await h.createUser();
    expect((await deleteUser(target.id, {})).status).toBe(401);
  });
});

describe('PUT /userpassword', () => {
  it('changes the caller’s own password', async () => {
    const me = await signedIn();
    const response = await call(h, null, E.setPassword, { body: { currentPassword: fixturePassword, newPassword: 'Changed-Pass-4' }, headers: me.headers });
    expect(response.status).toBe(200);
    expect((await h.authenticate(me.email, fixturePassword)).statusCode).toBe(401);
    expect((await h.authenticate(me.email, 'Changed-Pass-4')).statusCode).toBe(200);
  });

  it('refuses a too-short password and keeps the old one', async () => {
    const me = await signedIn();
    const response = await call(h, null, E.setPassword, { body: { currentPassword: fixturePassword, newPassword: 'short' }, headers: me.headers });
    expect(response.status).toBe(400);
    expect(msgOf(response)).toBe('newPassword: Password must be at least 8 characters');
    expect((await h.authenticate(me.email, fixturePassword)).statusCode).toBe(200);
  });
});
