import { jwtVerify, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '../../../contract/users/entities';
import { authErrorStatusHeader } from '../../../contract/shared/http';
import * as E from '../../../contract/users/endpoints';
import { call, msgOf, okBody } from '../support/api';
import { createHarness, fixturePassword, uniqueEmail, type Harness, query } from '../support/harness';

const secret = 'test-secret-that-is-long-enough-for-hs256';
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { JWT_SECRET: secret, SESSION_RECYCLE_SECONDS: '1800' } });
});
afterAll(() => h?.close());

const nowSeconds = () => Math.floor(h.clock() / 1000);
const reauthAs = (jwt: string, accId?: number) => call(h, null, E.reauth, { query: { accId }, headers: h.bearer(jwt) });

describe('GET /auth (login)', () => {
  it('returns the auth user with a JWT that verifies and carries the auth user fields', async () => {
    const { id, email } = await h.createUser({ roles: ['account'], territory: 'australia' });
    const response = await h.authenticate(email.toUpperCase(), fixturePassword, { recycleTime: '7200' });
    expect(response.statusCode).toBe(200);
    const user = authUser.parse(response.json());
    expect(user).toMatchObject({ id, userName: email, roles: ['account'], territory: 'australia', validated: true });
    expect(user.accountId).toBeUndefined();
    expect(user.recycleDate).toBe(nowSeconds() + 7200);

    const { payload } = await jwtVerify(user.jwt, new TextEncoder().encode(secret), { currentDate: new Date(h.clock()) });
    expect(payload).toMatchObject({ sub: String(id), userName: email, roles: ['account'], territory: 'australia',
      validated: true, recycleDate: user.recycleDate, exp: nowSeconds() + 7200 });
  });

  it('defaults the recycle time to the configured session length and the expiry to the recycle time', async () => {
    const { email } = await h.createUser();
    const user = await h.login(email);
    expect(user.recycleDate).toBe(nowSeconds() + 1800);
    expect(decodeJwt(user.jwt).exp).toBe(nowSeconds() + 1800);
    const longer = await h.login(email, fixturePassword, { recycleTime: '600', expiryTime: '31536000' });
    expect(longer.recycleDate).toBe(nowSeconds() + 600);
    expect(decodeJwt(longer.jwt).exp).toBe(nowSeconds() + 31_536_000);
  });

  it('gives the same 401 message for a wrong password and an unknown user', async () => {
    const { email } = await h.createUser();
    const wrongPassword = await h.authenticate(email, 'Not-The-Password-1', {}, { remoteAddress: '10.1.0.1' });
    const unknownUser = await h.authenticate(uniqueEmail('nobody'), fixturePassword, {}, { remoteAddress: '10.1.0.1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ msg: 'Invalid user name or password', statusCode: 401 });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it('answers 400 instead of 401 when the call asks for it with the auth-error header', async () => {
    const { email } = await h.createUser();
    const response = await h.authenticate(email, 'Not-The-Password-1', {}, {
      headers: { [authErrorStatusHeader]: '400' },
      remoteAddress: '10.1.0.2',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: 'Invalid user name or password', statusCode: 400 });
  });

  it('refuses a locked user who knows the password with "This user is locked"', async () => {
    const { email } = await h.createUser({ locked: true });
    const response = await h.authenticate(email, fixturePassword);
    expect(response.statusCode).toBe(401);
    expect(response.json().msg).toBe('This user is locked');
  });

  it('refuses a login without basic credentials', async () => {
    const response = await call(h, null, E.login, { query: {} });
    expect(response.status).toBe(401);
    expect(msgOf(response)).toBe('Invalid user name or password');
  });
});

describe('account id in the token', () => {
  it('attaches accId only for an account the user owns, directly or through its organisation', async () => {
    const owner = await h.createUser();
    const member = await h.createUser();
    const stranger = await h.createUser();
    const organisation = await h.createGroup({ name: 'Owned Org', type: 'organisation' });
    const account = await h.createGroup({ name: 'Owned Account', type: 'account', parentId: organisation });
    const otherAccount = await h.createGroup({ name: 'Other Account', type: 'account' });
    await h.addToGroup(organisation, owner.id, 'owner');
    await h.addToGroup(organisation, member.id, 'member');

    expect((await h.login(owner.email, fixturePassword, { accId: String(account) })).accountId).toBe(account);
    expect((await h.login(owner.email, fixturePassword, { accId: String(otherAccount) })).accountId).toBeUndefined();
    expect((await h.login(member.email, fixturePassword, { accId: String(account) })).accountId).toBeUndefined();
    expect((await h.login(stranger.email, fixturePassword, { accId: String(account) })).accountId).toBeUndefined();
    // An organisation is not an account.
    expect((await h.login(owner.email, fixturePassword, { accId: String(organisation) })).accountId).toBeUndefined();
  });

  it('attaches any existing account for staff', async () => {
    const sales = await h.createUser({ roles: ['sales'] });
    const account = await h.createGroup({ name: 'Someone Else', type: 'account' });
    const user = await h.login(sales.email, fixturePassword, { accId: String(account) });
    expect(user.accountId).toBe(account);
    expect(decodeJwt(user.jwt).accountId).toBe(account);
  });
});

describe('GET /reauth', () => {
  it('returns a fresh token with a new recycleDate and the lengths chosen at login', async () => {
    const { email } = await h.createUser();
    const first = await h.login(email, fixturePassword, { recycleTime: '900', expiryTime: '1200' });
    h.clock.advance(300_000);
    const response = await reauthAs(first.jwt);
    expect(response.status).toBe(200);
    const second = authUser.parse(response.body);
    expect(second.jwt).not.toBe(first.jwt);
    expect(second.recycleDate).toBe(nowSeconds() + 900);
    expect(decodeJwt(second.jwt).exp).toBe(nowSeconds() + 1200);
  });

  it('reflects changes made in the database since login', async () => {
    const { id, email } = await h.createUser({ validated: false });
    const first = await h.login(email);
    expect(first.validated).toBe(false);
    await query(h.db, "update users set validated = true, roles = '{account,admin}' where id = $1", [id]);
    const second = okBody(await reauthAs(first.jwt));
    expect(second).toMatchObject({ validated: true, roles: ['account', 'admin'] });

    await query(h.db, 'update users set locked = true where id = $1', [id]);
    const locked = await reauthAs(second.jwt);
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ msg: 'Authentication Failure', statusCode: 401 });
  });

  it('attaches the account only when asked for and owned, and switches to another owned account on accId', async () => {
    const owner = await h.createUser();
    const organisation = await h.createGroup({ name: 'Org', type: 'organisation' });
    const a = await h.createGroup({ name: 'A', type: 'account', parentId: organisation });
    const b = await h.createGroup({ name: 'B', type: 'account', parentId: organisation, territory: 'australia' });
    await h.addToGroup(organisation, owner.id, 'sudoowner');
    const first = await h.login(owner.email, fixturePassword, { accId: String(a) });
    expect(first.accountId).toBe(a);
    const kept = okBody(await reauthAs(first.jwt, a));
    expect(kept.accountId).toBe(a);
    // Selecting an account the user does not own sends no accId: the old account must not stick.
    const none = okBody(await reauthAs(first.jwt));
    expect(none.accountId).toBeUndefined();
    const switched = okBody(await reauthAs(kept.jwt, b));
    expect(switched.accountId).toBe(b);
  });
});

describe('bearer authentication', () => {
  it('refuses an expired JWT with 401 "Authentication Failure"', async () => {
    const { email } = await h.createUser();
    const { jwt } = await h.login(email, fixturePassword, { recycleTime: '600' });
    h.clock.advance(601_000);
    const response = await reauthAs(jwt);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ msg: 'Authentication Failure', statusCode: 401 });
  });

  it('refuses a tampered JWT with 401 "Authentication Failure"', async () => {
    const { email } = await h.createUser();
    const { jwt } = await h.login(email);
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['super'] })).toString('base64url');
    for (const token of [`${header}.${forged}.${signature}`, `${jwt.slice(0, -2)}xx`, 'not-a-jwt']) {
      const response = await reauthAs(token);
      expect(response.status).toBe(401);
      expect(msgOf(response)).toBe('Authentication Failure');
    }
  });

  it('refuses a token signed with another secret', async () => {
    const { SignJWT } = await import('jose');
    const { id, email } = await h.createUser();
    const token = await new SignJWT({ userName: email, roles: ['super'], territory: 'uk', validated: true, recycleDate: 0, rt: 60, et: 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setExpirationTime(nowSeconds() + 60)
      .sign(new TextEncoder().encode('some-other-secret-of-sufficient-length'));
    const response = await reauthAs(token);
    expect(response.status).toBe(401);
  });

  it('answers 401 with no token at all', async () => {
    const response = await call(h, null, E.reauth, { query: {} });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ msg: 'Authentication Failure', statusCode: 401 });
  });
});

describe('bot check', () => {
  it('requires a token the verifier accepts when BOT_CHECK_SECRET is set', async () => {
    const seen: string[] = [];
    const guarded = await createHarness({
      env: { BOT_CHECK_SECRET: 'bot-secret' },
      botVerifier: async (token) => {
        seen.push(token);
        return token === 'human';
      },
    });
    try {
      const { email } = await guarded.createUser();
      const missing = await guarded.authenticate(email, fixturePassword);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toBe('The bot check failed. Please try again.');
      expect((await guarded.authenticate(email, fixturePassword, { token: 'robot' })).statusCode).toBe(400);
      expect((await guarded.authenticate(email, fixturePassword, { token: 'human' })).statusCode).toBe(200);
      const signup = await call(guarded, null, E.signUp, {
        query: {},
        body: { email: uniqueEmail(), password: 'Correct-Horse-9', personalName: 'Bot?', territory: 'uk' },
      });
      expect(signup.status).toBe(400);
      expect(seen).toEqual(['robot', 'human']);
    } finally {
      await guarded.close();
    }
  });
});
