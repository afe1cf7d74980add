// Sessions end on the server (password change, reset, logout, lock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createHarness, fixturePassword, type Harness } from '../support/harness';
import * as E from '../../../contract/users/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { call, msgOf, okBody } from '../support/api';
import { request, sendRaw } from '../support/calls';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const me = (jwt: string) => call(h, null, E.reauth, { query: {}, headers: h.bearer(jwt) });
const changePassword = (jwt: string, body: BodyOf<typeof E.setPassword>) => call(h, null, E.setPassword, { body, headers: h.bearer(jwt) });

describe('revocable sessions', () => {
  it('needs the current password to change it, and a wrong one changes nothing', async () => {
    const { email } = await h.createUser();
    const { jwt } = await h.login(email);
    // Without the current password: a body the contract refuses to type.
    const missing = await sendRaw(h, null, { ...request('PUT', '/userpassword', {}, { newPassword: 'Changed-Pass-4' }), headers: h.bearer(jwt) });
    expect(missing.status).toBe(400);
    const wrong = await changePassword(jwt, { currentPassword: 'Not-The-Password-1', newPassword: 'Changed-Pass-4' });
    expect(wrong.status).toBe(400);
    expect(msgOf(wrong)).toBe('The current password is not correct');
    expect((await h.authenticate(email, fixturePassword)).statusCode).toBe(200);
    expect((await me(jwt)).status).toBe(200);
  });

  it('ends every other session on a password change, keeps the caller’s and an exported token', async () => {
    const { email } = await h.createUser();
    const mine = await h.login(email);
    const other = await h.login(email);
    const exported = await h.login(email, fixturePassword, { expiryTime: '31536000' });
    const changed = await changePassword(mine.jwt, { currentPassword: fixturePassword, newPassword: 'Changed-Pass-4' });
    expect(changed.status).toBe(200);
    expect((await me(other.jwt)).status).toBe(401);
    expect((await me(mine.jwt)).status).toBe(200);
    expect((await me(exported.jwt)).status).toBe(200);
    // A renewed token of an ended session is no way back in either.
    const renewed = await me(mine.jwt);
    expect((await me(okBody(renewed).jwt)).status).toBe(200);
  });

  it('ends every session on a password reset', async () => {
    const { email } = await h.createUser();
    const { jwt } = await h.login(email);
    expect((await call(h, null, E.requestPasswordReset, { query: { userId: email } })).status).toBe(200);
    const code = codeIn(await h.mail.take(email, 'Your password reset code'));
    const reset = await call(h, null, E.resetPassword, { body: { userId: email, activationCode: code, password: 'Reset-Pass-5' } });
    expect(reset.status).toBe(200);
    expect((await me(jwt)).status).toBe(401);
  });

  it('ends the session on the server at logout, and only that one', async () => {
    const { email } = await h.createUser();
    const first = await h.login(email);
    const second = await h.login(email);
    const out = await call(h, null, E.logout, { headers: h.bearer(first.jwt) });
    expect(out.status).toBe(200);
    expect((await me(first.jwt)).status).toBe(401);
    expect((await call(h, null, E.getUser, { query: { id: first.id }, headers: h.bearer(first.jwt) })).status).toBe(401);
    expect((await me(second.jwt)).status).toBe(200);
  });

  it('does not revive tokens issued before a lock when the user is unlocked', async () => {
    const admin = await h.createUser({ roles: ['admin'] });
    const adminJwt = (await h.login(admin.email)).jwt;
    const target = await h.createUser();
    const { jwt } = await h.login(target.email);
    const exported = await h.login(target.email, fixturePassword, { expiryTime: '31536000' });
    const lock = (value: boolean) => call(h, null, E.lockUser, { query: { id: target.id }, body: { lock: value }, headers: h.bearer(adminJwt) });
    expect((await lock(true)).status).toBe(200);
    expect((await lock(false)).status).toBe(200);
    expect((await me(jwt)).status).toBe(401);
    expect((await me(exported.jwt)).status).toBe(401);
    expect((await h.authenticate(target.email, fixturePassword)).statusCode).toBe(200);
  });

  it('keeps a one-year exported token valid across renewals until it expires', async () => {
    const { email } = await h.createUser();
    const exported = await h.login(email, fixturePassword, { expiryTime: '31536000' });
    h.clock.advance(200 * 24 * 3600 * 1000);
    expect((await me(exported.jwt)).status).toBe(200);
    h.clock.advance(200 * 24 * 3600 * 1000);
    expect((await me(exported.jwt)).status).toBe(401);
  });
});
