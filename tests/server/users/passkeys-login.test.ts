import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as SE from '../../../contract/security/endpoints';
import * as E from '../../../contract/users/endpoints';
import { authUser } from '../../../contract/users/entities';
import { call, msgOf, okBody } from '../support/api';
import { signedIn, type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { softAuthenticator, type Ceremony } from '../support/softAuthenticator';

// Signing in with a passkey alone (usernameless): the browser is offered no credential list, the
// authenticator answers with the passkey it holds for this host, and the server opens a full session
// of its owner.

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { SESSION_RECYCLE_SECONDS: '1800' } });
});
afterAll(() => h?.close());

const origin = 'http://localhost';
const nowSeconds = () => Math.floor(h.clock() / 1000);

async function withPasskey(caller: Caller) {
  const authenticator = softAuthenticator();
  const { challengeId, options } = okBody(await call(h, caller, SE.passkeyRegistrationOptions));
  const response = authenticator.register(options, { origin });
  const { passkey } = okBody(await call(h, caller, SE.registerPasskey, { body: { challengeId, response, name: 'Phone' } }), 201);
  return { authenticator, passkey };
}

/** Asks for sign-in options (from `remoteAddress`) and answers them with the authenticator as `ceremony` says. */
async function signInWith(authenticator: ReturnType<typeof softAuthenticator>, ceremony: Partial<Ceremony> = {}, remoteAddress = '10.9.0.1') {
  const { challengeId, options } = okBody(await call(h, null, SE.passkeyLoginOptions, { remoteAddress }));
  const response = authenticator.authenticate(options, { origin, ...ceremony });
  const answer = await call(h, null, SE.passkeyLogin, { query: {}, body: { challengeId, response }, remoteAddress });
  return { answer, challengeId, response };
}

/** An authenticator holding a passkey for this host that was never registered here. */
function unknownPasskey() {
  const authenticator = softAuthenticator();
  authenticator.register({ challenge: 'never-sent', rp: { id: 'localhost' }, user: { id: 'MA' } }, { origin });
  return authenticator;
}

const refusal = (answer: { status: number; ok: boolean; body: unknown }) => ({ status: answer.status, msg: msgOf(answer as Parameters<typeof msgOf>[0]) });

describe('GET and PUT /auth/passkey (usernameless sign-in)', () => {
  it('offers no credential list and asks the authenticator to verify the user', async () => {
    const { options } = okBody(await call(h, null, SE.passkeyLoginOptions));
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it('signs the passkey\'s owner in with a full session, and records the use', async () => {
    const caller = await signedIn(h);
    const { authenticator, passkey } = await withPasskey(caller);
    const { answer } = await signInWith(authenticator, {}, '10.9.1.1');
    const user = authUser.parse(okBody(answer));
    expect(user).toMatchObject({ id: caller.id, userName: caller.email, recycleDate: nowSeconds() + 1800 });

    // The token opens the portal's calls.
    okBody(await call(h, null, E.getUser, { query: { id: caller.id }, headers: h.bearer(user.jwt) }));
    const used = await query<{ counter: number; last_used_at: number }>(h.db, 'select counter, last_used_at from passkeys where id = $1', [passkey.id]);
    expect(used.rows).toEqual([{ counter: 1, last_used_at: nowSeconds() }]);
    const session = await query<{ user_id: number; stage: string; kind: string; ip: string }>(h.db,
      'select user_id, stage, kind, ip from sessions where id = $1', [decodeJwt(user.jwt).sid]);
    expect(session.rows).toEqual([{ user_id: caller.id, stage: 'full', kind: 'session', ip: '10.9.1.1' }]);
  });

  it('refuses a replayed answer: the challenge is used once', async () => {
    const caller = await signedIn(h);
    const { authenticator } = await withPasskey(caller);
    const { answer, challengeId, response } = await signInWith(authenticator, {}, '10.9.2.1');
    okBody(answer);
    const replay = await call(h, null, SE.passkeyLogin, { query: {}, body: { challengeId, response }, remoteAddress: '10.9.2.1' });
    expect(refusal(replay)).toEqual({ status: 400, msg: 'This passkey request is unknown or was already used: start again' });
  });

  it('refuses an expired challenge', async () => {
    const caller = await signedIn(h);
    const { authenticator } = await withPasskey(caller);
    const { challengeId, options } = okBody(await call(h, null, SE.passkeyLoginOptions));
    const response = authenticator.authenticate(options, { origin });
    h.clock.advance(300_000);
    const late = await call(h, null, SE.passkeyLogin, { query: {}, body: { challengeId, response }, remoteAddress: '10.9.3.1' });
    expect(refusal(late)).toEqual({ status: 400, msg: 'This passkey request has expired (they last 5 minutes): start again' });
  });

  it('refuses an answer for another origin or RP ID, without user verification, or with a counter that went backwards', async () => {
    const caller = await signedIn(h);
    const { authenticator } = await withPasskey(caller);
    const cases: [Partial<Ceremony>, string][] = [
      [{ origin: 'http://evil.localhost' }, 'This passkey answer came from another site, not this portal\'s address'],
      [{ rpId: 'aus-portal.localhost' }, 'This passkey was made for another site, not this portal\'s address'],
      [{ userVerified: false }, 'The passkey did not confirm that it was you (no user presence or verification)'],
    ];
    for (const [ceremony, msg] of cases) {
      expect(refusal((await signInWith(authenticator, ceremony, '10.9.4.1')).answer)).toEqual({ status: 401, msg });
    }
    okBody((await signInWith(authenticator, { counter: 7 }, '10.9.4.2')).answer);
    expect(refusal((await signInWith(authenticator, { counter: 7 }, '10.9.4.2')).answer))
      .toEqual({ status: 401, msg: 'This passkey\'s signature counter went backwards, so it may have been copied: it was refused' });
  });

  it('refuses a passkey the portal does not hold, and a locked user', async () => {
    const stranger = unknownPasskey();
    expect(refusal((await signInWith(stranger, {}, '10.9.5.1')).answer))
      .toEqual({ status: 401, msg: 'This passkey is not registered with this portal (it may have been removed)' });

    const caller = await signedIn(h);
    const { authenticator } = await withPasskey(caller);
    await query(h.db, 'update users set locked = true where id = $1', [caller.id]);
    expect(refusal((await signInWith(authenticator, {}, '10.9.5.2')).answer)).toEqual({ status: 401, msg: 'This user is locked' });
  });

  it('counts failures against the address, like failed logins', async () => {
    const stranger = unknownPasskey();
    const limit = h.config.throttle.accountFailures;
    for (let i = 0; i < limit; i++) expect((await signInWith(stranger, {}, '10.9.6.1')).answer.status).toBe(401);
    const throttled = (await signInWith(stranger, {}, '10.9.6.1')).answer;
    expect(throttled.status).toBe(429);
    // Another address is not slowed.
    expect((await signInWith(stranger, {}, '10.9.6.2')).answer.status).toBe(401);
  });
});
