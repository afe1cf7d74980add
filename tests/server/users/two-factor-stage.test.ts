// A half-signed-in session (the password was right, a second factor is still wanted) goes nowhere
// but the second step: every other call refuses it, renewal keeps it half, and wrong codes count
// toward the login throttle like wrong passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as G from '../../../contract/groups/endpoints';
import * as X from '../../../contract/security/endpoints';
import * as E from '../../../contract/users/endpoints';
import { call, msgOf, okBody, type Answer } from '../support/api';
import { signedIn } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { asCaller, enrolTotp, halfLogin, totpCode } from '../support/twoFactor';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const finishFirst = 'Finish signing in with your second factor first';
/** An answer as its status and message. */
const refused = <E>(answer: Answer<E>) => [answer.status, msgOf(answer)];

describe('a half-signed-in session', () => {
  it('is refused everywhere but the second step, logout and reauth', async () => {
    const user = await signedIn(h);
    const other = await h.createUser();
    const account = await h.createGroup({ name: 'Half Signed In Ltd', type: 'account' });
    await h.addToGroup(account, user.id, 'owner');
    await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    expect(half.auth.secondFactors).toEqual(['totp', 'recovery']);

    const refusals = [
      refused(await call(h, half, E.getUser, { query: { id: other.id } })),
      refused(await call(h, half, E.getUser, { query: { id: user.id } })),
      refused(await call(h, half, G.getGroup, { query: { id: account } })),
      refused(await call(h, half, G.listGroups, { query: {} })),
      refused(await call(h, half, X.getSecurity)),
      refused(await call(h, half, X.startTotp)),
      refused(await call(h, half, X.getGroupTwoFactor, { query: { id: account } })),
    ];
    expect(refusals).toEqual(Array.from({ length: refusals.length }, () => [403, finishFirst]));

    // The second step answers (here: a wrong code), as do reauth and logout.
    const wrong = await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(okBody(await call(h, half, E.reauth, { query: {} })).stage).toBe('secondFactor');
    expect(okBody(await call(h, half, E.logout))).toEqual({ msg: 'Logged out' });
    expect((await call(h, half, E.reauth, { query: {} })).status).toBe(401);
  });

  it('stays half when renewed: reauth signs a token of the session row\'s stage', async () => {
    const user = await signedIn(h);
    const { secret } = await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    const renewed = okBody(await call(h, half, E.reauth, { query: {} }));
    expect(renewed).toMatchObject({ stage: 'secondFactor', secondFactors: ['totp', 'recovery'] });
    const renewedCaller = asCaller(h, renewed, user.email);
    expect((await call(h, renewedCaller, G.listGroups, { query: {} })).status).toBe(403);
    const { rows } = await query<{ stage: string }>(h.db, 'select stage from sessions where user_id = $1 order by created_at desc limit 1', [user.id]);
    expect(rows[0].stage).toBe('secondFactor');

    // Once finished, the session is full and so is its renewal.
    const done = okBody(await call(h, renewedCaller, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret) } }));
    expect(done.stage).toBeUndefined();
    const full = asCaller(h, done, user.email);
    const fullRenewal = okBody(await call(h, full, E.reauth, { query: {} }));
    expect(fullRenewal.stage).toBeUndefined();
    expect(fullRenewal.secondFactors).toBeUndefined();
    expect((await call(h, asCaller(h, fullRenewal, user.email), G.listGroups, { query: {} })).status).toBe(200);
  });

  it('is not what a user without a second factor gets: their session is full, with nothing to finish', async () => {
    const user = await signedIn(h);
    // A user with no second factor signs in fully; the second-step call then has nothing to finish.
    const auth = await h.login(user.email);
    expect(auth.stage).toBeUndefined();
    expect(auth.secondFactors).toBeUndefined();
    const refused = await call(h, asCaller(h, auth, user.email), X.verifySecondFactor, { body: { method: 'totp', code: '123456' } });
    expect([refused.status, msgOf(refused)]).toEqual([400, 'No authenticator app is set up for this account']);
  });
});

describe('wrong second-factor codes and the login throttle', () => {
  it('counts each wrong code like a wrong password, and answers 429 once the account\'s limit is reached', async () => {
    const user = await signedIn(h);
    const { secret } = await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    const limit = h.config.throttle.accountFailures;
    for (let i = 0; i < limit; i++) {
      const wrong = await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret, 5 + i) } });
      expect(wrong.status).toBe(400);
    }
    // Even the right code waits now, as would the right password.
    const blocked = await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret) } });
    expect(blocked.status).toBe(429);
    expect(msgOf(blocked)).toMatch(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/);
    expect((await h.authenticate(user.email, 'Fixture-Password-1')).statusCode).toBe(429);
    // Wrong recovery codes count the same way.
    h.clock.advance(h.config.throttle.windowSeconds * 1000);
    const recoveryWrong = await call(h, half, X.verifySecondFactor, { body: { method: 'recovery', code: 'aaaaa-bbbbb' } });
    expect([recoveryWrong.status, msgOf(recoveryWrong)]).toEqual([400, 'That recovery code is not right, or it has been used already']);
  });

  it('starts the account afresh from this source after a right code', async () => {
    const user = await signedIn(h);
    const { secret } = await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    const limit = h.config.throttle.accountFailures;
    for (let i = 0; i < limit - 1; i++) await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret, 5 + i) } });
    expect((await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret) } })).status).toBe(200);
    const { rows } = await query(h.db, 'select 1 from login_attempts where key like $1', [`src:${user.email}|%`]);
    expect(rows).toHaveLength(0);
  });
});
