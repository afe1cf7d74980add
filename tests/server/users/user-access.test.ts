import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '../../../contract/users/entities';
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

const getUser = (id: number, headers: Record<string, string>) => h.inject({ method: 'GET', url: '/api/users/user', query: { id: String(id) }, headers });
const putUser = (id: number, headers: Record<string, string>, payload: Record<string, unknown>) =>
  h.inject({ method: 'PUT', url: '/api/users/users', query: { id: String(id) }, headers, payload });
const deleteUser = (id: number, headers: Record<string, string>) => h.inject({ method: 'DELETE', url: '/api/users/users', query: { id: String(id) }, headers });

describe('GET /user', () => {
  it('lets a user read themselves, in the contract shape without the password hash', async () => {
    const me = await signedIn();
    const response = await getUser(me.id, me.headers);
    expect(response.statusCode).toBe(200);
    const user = userSchema.parse(response.json());
    expect(user).toMatchObject({ id: me.id, name: me.email, email: me.email, roles: ['account'] });
    expect(response.body).not.toContain('argon2');
  });

  it('refuses another user with 403', async () => {
    const me = await signedIn();
    const other = await h.createUser();
    const response = await getUser(other.id, me.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ msg: 'You do not have access to this user', statusCode: 403 });
  });

  it('lets every staff role read any user, and answers 404 for an unknown id', async () => {
    const other = await h.createUser();
    for (const role of ['sales', 'admin', 'super']) {
      const staff = await signedIn([role]);
      expect((await getUser(other.id, staff.headers)).statusCode).toBe(200);
      const missing = await getUser(2_000_000_000, staff.headers);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().msg).toBe('User not found');
    }
  });
});

describe('PUT /users', () => {
  it('lets a user update their own details', async () => {
    const me = await signedIn();
    const response = await putUser(me.id, me.headers, { personalName: 'New Name', town: 'Leeds', postcode: 'LS1 1AA', companyName: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ personalName: 'New Name', town: 'Leeds', postcode: 'LS1 1AA', companyName: null });
    expect((await getUser(me.id, me.headers)).json().town).toBe('Leeds');
  });

  it('refuses another user, and sales staff, with 403', async () => {
    const target = await h.createUser();
    for (const actor of [await signedIn(), await signedIn(['sales'])]) {
      const response = await putUser(target.id, actor.headers, { town: 'Nowhere' });
      expect(response.statusCode).toBe(403);
    }
    const { rows } = await query<{ town: string | null }>(h.db, 'select town from users where id = $1', [target.id]);
    expect(rows[0].town).toBeNull();
  });

  it('lets admin and super update any user', async () => {
    const target = await h.createUser();
    for (const role of ['admin', 'super']) {
      const staff = await signedIn([role]);
      const response = await putUser(target.id, staff.headers, { town: `Set by ${role}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().town).toBe(`Set by ${role}`);
    }
  });
});

describe('DELETE /users', () => {
  it('lets a user delete themselves; their memberships go and they can no longer log in or use their token', async () => {
    const me = await signedIn();
    const group = await h.createGroup({ name: 'Team', type: 'organisation' });
    await h.addToGroup(group, me.id, 'member');
    const response = await deleteUser(me.id, me.headers);
    expect(response.statusCode).toBe(200);
    expect((await query(h.db, 'select 1 from group_users where user_id = $1', [me.id])).rows).toHaveLength(0);
    expect((await h.authenticate(me.email, fixturePassword)).statusCode).toBe(401);
    expect((await h.inject({ method: 'GET', url: '/api/users/reauth', headers: me.headers })).statusCode).toBe(401);
  });

  it('refuses another user and sales staff with 403, lets admin delete, then answers 404', async () => {
    const target = await h.createUser();
    expect((await deleteUser(target.id, (await signedIn()).headers)).statusCode).toBe(403);
    expect((await deleteUser(target.id, (await signedIn(['sales'])).headers)).statusCode).toBe(403);
    const admin = await signedIn(['admin']);
    expect((await deleteUser(target.id, admin.headers)).statusCode).toBe(200);
    expect((await deleteUser(target.id, admin.headers)).statusCode).toBe(404);
  });

  it('needs a bearer token', async () => {
    const target = await h.createUser();
    expect((await deleteUser(target.id, {})).statusCode).toBe(401);
  });
});

describe('PUT /userpassword', () => {
  it('changes the caller’s own password', async () => {
    const me = await signedIn();
    const response = await h.inject({ method: 'PUT', url: '/api/users/userpassword', headers: me.headers, payload: { currentPassword: fixturePassword, newPassword: 'Changed-Pass-4' } });
    expect(response.statusCode).toBe(200);
    expect((await h.authenticate(me.email, fixturePassword)).statusCode).toBe(401);
    expect((await h.authenticate(me.email, 'Changed-Pass-4')).statusCode).toBe(200);
  });

  it('refuses a too-short password and keeps the old one', async () => {
    const me = await signedIn();
    const response = await h.inject({ method: 'PUT', url: '/api/users/userpassword', headers: me.headers, payload: { currentPassword: fixturePassword, newPassword: 'short' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('newPassword: Password must be at least 8 characters');
    expect((await h.authenticate(me.email, fixturePassword)).statusCode).toBe(200);
  });
});
