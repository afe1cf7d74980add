import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as SE from '../../../contract/security/endpoints';
import { depsOf } from '../../../server/app';
import { verifyPasskeySecondFactor } from '../../../server/modules/users/passkeys';
import { call, msgOf, okBody } from '../support/api';
import { signedIn, type Caller } from '../support/calls';
import { createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { softAuthenticator } from '../support/softAuthenticator';

// Passkeys: registration and removal from My Settings, and the check of a passkey as the second
// factor of sign-in, with a software authenticator. Usernameless sign-in: passkeys-login.test.ts.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

/** Requests come to http://localhost (the injected Host), so that is the origin and the RP ID. */
const origin = 'http://localhost';

async function registered(caller: Caller, name = 'Laptop') {
  const authenticator = softAuthenticator();
  const { challengeId, options } = okBody(await call(h, caller, SE.passkeyRegistrationOptions));
  const response = authenticator.register(options, { origin });
  const body = okBody(await call(h, caller, SE.registerPasskey, { body: { challengeId, response, name } }), 201);
  return { authenticator, passkey: body.passkey, body: { challengeId, response, name } };
}

const eventsOf = async (userId: number) =>
  (await query<{ kind: string; detail: string }>(h.db, 'select kind, detail from security_events where user_id = $1 order by id', [userId])).rows;

describe('registering a passkey', () => {
  it('offers a resident-key ceremony for the caller on this host, and stores the passkey the authenticator made', async () => {
    const caller = await signedIn(h);
    const { options } = okBody(await call(h, caller, SE.passkeyRegistrationOptions));
    expect(options).toMatchObject({
      rp: { name: 'Data Quality Portal', id: 'localhost' },
      user: { name: caller.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
    });

    const { passkey } = await registered(caller, 'Work laptop');
    expect(passkey).toEqual({ id: expect.any(String), name: 'Work laptop', createdAt: expect.any(Number), lastUsedAt: null });
    const rows = await query<{ user_id: number; transports: string[] }>(h.db, 'select user_id, transports from passkeys where id = $1', [passkey.id]);
    expect(rows.rows).toEqual([{ user_id: caller.id, transports: ['internal'] }]);
    expect(await eventsOf(caller.id)).toEqual([{ kind: 'passkey.registered', detail: 'Work laptop' }]);
    expect((await h.mail.take(caller.email, 'A change to how you sign in')).text).toContain('A passkey was added: Work laptop.');

    // The next ceremony tells the authenticator not to make a second passkey of the same credential.
    const again = okBody(await call(h, caller, SE.passkeyRegistrationOptions));
    expect(again.options.excludeCredentials).toEqual([{ id: passkey.id, type: 'public-key', transports: ['internal'] }]);
  });

  it('refuses a replayed registration: the challenge is used once', async () => {
    const caller = await signedIn(h);
    const { body } = await registered(caller);
    const replay = await call(h, caller, SE.registerPasskey, { body });
    expect({ status: replay.status, msg: msgOf(replay) }).toEqual({ status: 400, msg: 'This passkey request is unknown or was already used: start again' });
  });

  it('refuses another user\'s challenge without spending it', async () => {
    const [owner, other] = [await signedIn(h), await signedIn(h)];
    const { challengeId, options } = okBody(await call(h, owner, SE.passkeyRegistrationOptions));
    const response = softAuthenticator().register(options, { origin });
    expect(msgOf(await call(h, other, SE.registerPasskey, { body: { challengeId, response, name: 'Stolen' } })))
      .toBe('This passkey request is unknown or was already used: start again');
    okBody(await call(h, owner, SE.registerPasskey, { body: { challengeId, response, name: 'Mine' } }), 201);
  });

  it('refuses an expired challenge (they last 5 minutes), and deletes expired ones when a new one is made', async () => {
    const caller = await signedIn(h);
    const { challengeId, options } = okBody(await call(h, caller, SE.passkeyRegistrationOptions));
    const response = softAuthenticator().register(options, { origin });
    h.clock.advance(300_000);
    const late = await call(h, caller, SE.registerPasskey, { body: { challengeId, response, name: 'Late' } });
    expect({ status: late.status, msg: msgOf(late) }).toEqual({ status: 400, msg: 'This passkey request has expired (they last 5 minutes): start again' });

    const stale = okBody(await call(h, caller, SE.passkeyRegistrationOptions));
    h.clock.advance(300_000);
    okBody(await call(h, caller, SE.passkeyRegistrationOptions));
    const left = await query(h.db, 'select 1 from webauthn_challenges where id = $1', [stale.challengeId]);
    expect(left.rows).toHaveLength(0);
  });

  it('refuses an answer made for another origin or another RP ID', async () => {
    const caller = await signedIn(h);
    for (const [ceremony, msg] of [
      [{ origin: 'http://evil.localhost' }, 'This passkey answer came from another site, not this portal\'s address'],
      [{ origin, rpId: 'evil.localhost' }, 'This passkey was made for another site, not this portal\'s address'],
    ] as const) {
      const { challengeId, options } = okBody(await call(h, caller, SE.passkeyRegistrationOptions));
      const response = softAuthenticator().register(options, ceremony);
      const refused = await call(h, caller, SE.registerPasskey, { body: { challengeId, response, name: 'Phone' } });
      expect({ status: refused.status, msg: msgOf(refused) }).toEqual({ status: 400, msg });
    }
    expect((await query(h.db, 'select 1 from passkeys where user_id = $1', [caller.id])).rows).toHaveLength(0);
  });

  it('makes the passkey of the host it was asked from: uk-portal and aus-portal are different relying parties', async () => {
    const caller = await signedIn(h);
    const uk = { ...caller, headers: { ...caller.headers, host: 'uk-portal.localhost' } };
    const { challengeId, options } = okBody(await call(h, uk, SE.passkeyRegistrationOptions));
    expect(options.rp).toMatchObject({ id: 'uk-portal.localhost' });
    const response = softAuthenticator().register(options, { origin: 'http://uk-portal.localhost' });
    const aus = { ...caller, headers: { ...caller.headers, host: 'aus-portal.localhost' } };
    expect(msgOf(await call(h, aus, SE.registerPasskey, { body: { challengeId, response, name: 'Phone' } })))
      .toBe('This passkey answer came from another site, not this portal\'s address');
  });
});

describe('removing a passkey', () => {
  it('needs the password (a wrong one is counted like a login) and is audited and mailed', async () => {
    const caller = await signedIn(h);
    const { passkey } = await registered(caller, 'Old phone');
    const wrong = await call(h, caller, SE.removePasskey, { query: { id: passkey.id }, body: { password: 'Not-The-Password-1' } });
    expect({ status: wrong.status, msg: msgOf(wrong) }).toEqual({ status: 400, msg: 'The password is not correct' });
    const counted = await query(h.db, 'select 1 from login_attempts where key = $1', [`user:${caller.email}`]);
    expect(counted.rows).toHaveLength(1);

    expect(okBody(await call(h, caller, SE.removePasskey, { query: { id: passkey.id }, body: { password: fixturePassword } }))).toEqual({ msg: 'Passkey removed' });
    expect((await query(h.db, 'select 1 from passkeys where id = $1', [passkey.id])).rows).toHaveLength(0);
    expect(await eventsOf(caller.id)).toEqual([
      { kind: 'passkey.registered', detail: 'Old phone' },
      { kind: 'passkey.removed', detail: 'Old phone' },
    ]);
    await h.mail.take(caller.email, 'A change to how you sign in');
    expect((await h.mail.take(caller.email, 'A change to how you sign in')).text).toContain('A passkey was removed: Old phone.');
  });

  it('does not remove another user\'s passkey', async () => {
    const [owner, other] = [await signedIn(h), await signedIn(h)];
    const { passkey } = await registered(owner);
    const refused = await call(h, other, SE.removePasskey, { query: { id: passkey.id }, body: { password: fixturePassword } });
    expect({ status: refused.status, msg: msgOf(refused) }).toEqual({ status: 404, msg: 'Passkey not found' });
    expect((await query(h.db, 'select 1 from passkeys where id = $1', [passkey.id])).rows).toHaveLength(1);
  });
});

describe('a passkey as the second factor', () => {
  const sessionOf = (caller: Caller) => decodeJwt(caller.headers.authorization.slice('Bearer '.length)).sid as string;
  const check = (input: Omit<Parameters<typeof verifyPasskeySecondFactor>[1], 'origin'> & { origin?: string }) =>
    verifyPasskeySecondFactor(depsOf(h.app), { origin, ...input });

  it('accepts the user\'s own passkey for this session\'s challenge, once', async () => {
    const caller = await signedIn(h);
    const { authenticator, passkey } = await registered(caller);
    const { challengeId, options } = okBody(await call(h, caller, SE.secondFactorPasskeyOptions));
    expect(options.allowCredentials).toEqual([{ id: passkey.id, type: 'public-key', transports: ['internal'] }]);
    const response = authenticator.authenticate(options, { origin });
    const input = { userId: caller.id, sessionId: sessionOf(caller), challengeId, response };
    expect(await check(input)).toEqual({ passkeyId: passkey.id });
    const used = await query<{ counter: number; last_used_at: number }>(h.db, 'select counter, last_used_at from passkeys where id = $1', [passkey.id]);
    expect(used.rows).toEqual([{ counter: 1, last_used_at: Math.floor(h.clock() / 1000) }]);
    await expect(check(input)).rejects.toMatchObject({ statusCode: 400, message: 'This passkey request is unknown or was already used: start again' });
  });

  it('refuses another user\'s passkey, another session\'s challenge, an expired one, a wrong origin or RP ID, and a counter that went backwards', async () => {
    const caller = await signedIn(h);
    const other = await signedIn(h);
    const mine = await registered(caller);
    const theirs = await registered(other);
    const attempt = async (
      make: (options: Record<string, unknown>) => Record<string, unknown>,
      input: { sessionId?: string; beforeAnswer?: () => void } = {},
    ) => {
      const { challengeId, options } = okBody(await call(h, caller, SE.secondFactorPasskeyOptions));
      input.beforeAnswer?.();
      const error = await check({ userId: caller.id, sessionId: input.sessionId ?? sessionOf(caller), challengeId, response: make(options) }).catch((e: unknown) => e);
      return error instanceof Error ? { status: (error as { statusCode?: number }).statusCode, msg: error.message } : error;
    };
    expect(await attempt((options) => theirs.authenticator.authenticate({ ...options, allowCredentials: [] }, { origin })))
      .toEqual({ status: 401, msg: 'This passkey is not one of yours' });
    expect(await attempt((options) => mine.authenticator.authenticate(options, { origin }), { sessionId: sessionOf(other) }))
      .toEqual({ status: 400, msg: 'This passkey request is unknown or was already used: start again' });
    expect(await attempt((options) => mine.authenticator.authenticate(options, { origin }), { beforeAnswer: () => h.clock.advance(300_000) }))
      .toEqual({ status: 400, msg: 'This passkey request has expired (they last 5 minutes): start again' });
    expect(await attempt((options) => mine.authenticator.authenticate(options, { origin: 'http://evil.localhost' })))
      .toEqual({ status: 401, msg: 'This passkey answer came from another site, not this portal\'s address' });
    expect(await attempt((options) => mine.authenticator.authenticate(options, { origin, rpId: 'evil.localhost' })))
      .toEqual({ status: 401, msg: 'This passkey was made for another site, not this portal\'s address' });

    expect(await attempt((options) => mine.authenticator.authenticate(options, { origin, counter: 5 }))).toEqual({ passkeyId: mine.passkey.id });
    expect(await attempt((options) => mine.authenticator.authenticate(options, { origin, counter: 4 })))
      .toEqual({ status: 401, msg: 'This passkey\'s signature counter went backwards, so it may have been copied: it was refused' });
  });
});
