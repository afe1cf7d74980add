// Sessions end on the server (password change, reset, logout, lock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createHarness, fixturePassword, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const me = (jwt: string) => h.inject({ method: 'GET', url: '/api/users/reauth', headers: h.bearer(jwt) });
const changePassword = (jwt: string, payload: Record<string, string>) =>
  h.inject({ method: 'PUT', url: '/api/users/userpassword', headers: h.bearer(jwt), payload });

describe('revocable sessions', () => {
  it('needs the current password to change it, and a wrong one changes nothing', async () => {
    const { email } = await h.createUser();
    const { jwt } = await h.login(email);
    const missing = await changePassword(jwt, { newPassword: 'Changed-Pass-4' });
    expect(missing.statusCode).toBe(400);
    const wrong = await changePassword(jwt, { currentPassword: 'Not-The-Password-1', newPassword: 'Changed-Pass-4' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('The current password is not correct');
    expect((await h.authenticate(email, fixturePassword)).statusCode).toBe(200);
    expect((await me(jwt)).statusCode).toBe(200);
  });

  it('ends every other session on a password change, keeps the caller’s and an exported token', async () => {
    const { email } = await h.createUser();
    const mine = await h.login(email);
    const other = await h.login(email);
    const exported = await h.login(email, fixturePassword, { expiryTime: '31536000' });
    const changed = await changePassword(mine.jwt, { currentPassword: fixturePassword, newPassword: 'Changed-Pass-4' });
    expect(changed.statusCode).toBe(200);
    expect((await me(other.jwt)).statusCode).toBe(401);
    expect((await me(mine.jwt)).statusCode).toBe(200);
    expect((await me(exported.jwt)).statusCode).toBe(200);
    // A renewed token of an ended session is no way back in either.
    const renewed = await me(mine.jwt);
    expect((await me(renewed.json().jwt)).statusCode).toBe(200);
  });

  it('ends every session on a password reset', async () => {
    const { email } = await h.createUser();
    const { jwt } = await h.login(email);
    expect((await h.inject({ method: 'GET', url: '/api/users/resetpassword', query: { userId: email } })).statusCode).toBe(200);
    const code = codeIn(await h.mail.take(email, 'Your password reset code'));
    const reset = await h.inject({ method: 'PUT', url: '/api/users/resetpassword',
      payload: { userId: email, activationCode: code, password: 'Reset-Pass-5' } });
    expect(reset.statusCode).toBe(200);
    expect((await me(jwt)).statusCode).toBe(401);
  });

  it('ends the session on the server at logout, and only that one', async () => {
    const { email } = await h.createUser();
    const first = await h.login(email);
    const second = await h.login(email);
    const out = await h.inject({ method: 'DELETE', url: '/api/users/auth', headers: h.bearer(first.jwt) });
    expect(out.statusCode).toBe(200);
    expect((await me(first.jwt)).statusCode).toBe(401);
    expect((await h.inject({ method: 'GET', url: '/api/users/user', query: { id: String(first.id) }, headers: h.bearer(first.jwt) })).statusCode).toBe(401);
    expect((await me(second.jwt)).statusCode).toBe(200);
  });

  it('does not revive tokens issued before a lock when the user is unlocked', async () => {
    const admin = await h.createUser({ roles: ['admin'] });
    const adminJwt = (await h.login(admin.email)).jwt;
    const target = await h.createUser();
    const { jwt } = await h.login(target.email);
    const exported = await h.login(target.email, fixturePassword, { expiryTime: '31536000' });
    const lock = (value: boolean) => h.inject({ method: 'PUT', url: '/api/users/userlock', query: { id: String(target.id) },
      headers: h.bearer(adminJwt), payload: { lock: value } });
    expect((await lock(true)).statusCode).toBe(200);
    expect((await lock(false)).statusCode).toBe(200);
    expect((await me(jwt)).statusCode).toBe(401);
    expect((await me(exported.jwt)).statusCode).toBe(401);
    expect((await h.authenticate(target.email, fixturePassword)).statusCode).toBe(200);
  });

  it('keeps a one-year exported token valid across renewals until it expires', async () => {
    const { email } = await h.createUser();
    const exported = await h.login(email, fixturePassword, { expiryTime: '31536000' });
    h.clock.advance(200 * 24 * 3600 * 1000);
    expect((await me(exported.jwt)).statusCode).toBe(200);
    h.clock.advance(200 * 24 * 3600 * 1000);
    expect((await me(exported.jwt)).statusCode).toBe(401);
  });
});
