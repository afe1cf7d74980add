// An authenticator app (TOTP): enrolment from My Settings, the second step of sign-in with its codes
// (wrong, malformed, reused and expired ones each refused in their own words), and its removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as X from '../../../contract/security/endpoints';
import { call, msgOf, okBody } from '../support/api';
import { signedIn } from '../support/calls';
import { createHarness, fixturePassword, query, type Harness } from '../support/harness';
import { enrolTotp, halfLogin, nextStep, totpCode } from '../support/twoFactor';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('enrolling an authenticator app', () => {
  it('gives a secret and its QR code, confirms it with a code from it, and shows ten recovery codes once', async () => {
    const user = await signedIn(h);
    const started = okBody(await call(h, user, X.startTotp));
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Data%20Quality%20Portal:/);
    expect(started.otpauthUrl).toContain(encodeURIComponent(user.email));
    expect(started.otpauthUrl).toContain(`secret=${started.secret}`);
    expect(started.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(okBody(await call(h, user, X.getSecurity)).totp).toBe(false);

    const confirmed = okBody(await call(h, user, X.confirmTotp, { body: { code: totpCode(h, started.secret) } }));
    expect(confirmed.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.recoveryCodes!) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    // Kept hashed, never as shown.
    const { rows } = await query<{ code_hash: string }>(h.db, 'select code_hash from recovery_codes where user_id = $1', [user.id]);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash)).not.toContain(confirmed.recoveryCodes![0]);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);

    const status = okBody(await call(h, user, X.getSecurity));
    expect(status).toMatchObject({ totp: true, recoveryCodesLeft: 10, required: false, requiredBy: [], passkeys: [] });
    const events = okBody(await call(h, user, X.securityEvents));
    expect(events[0]).toMatchObject({ kind: 'totp.enrolled' });
    expect((await h.mail.take(user.email, 'A change to how you sign in')).text).toContain('An authenticator app was added');
  });

  it('refuses a second app while one is set up, and a confirmation replayed', async () => {
    const user = await signedIn(h);
    const { secret } = okBody(await call(h, user, X.startTotp));
    const code = totpCode(h, secret);
    expect((await call(h, user, X.confirmTotp, { body: { code } })).status).toBe(200);
    const replayed = await call(h, user, X.confirmTotp, { body: { code } });
    expect(replayed.status).toBe(409);
    expect(msgOf(replayed)).toBe('An authenticator app is already set up. Remove it before adding another.');
    const again = await call(h, user, X.startTotp);
    expect(again.status).toBe(409);
    expect(msgOf(again)).toBe('An authenticator app is already set up. Remove it before adding another.');
  });

  it('refuses a wrong or malformed confirmation and leaves the app unconfirmed; a new start replaces the secret', async () => {
    const user = await signedIn(h);
    const first = okBody(await call(h, user, X.startTotp));
    const wrong = await call(h, user, X.confirmTotp, { body: { code: totpCode(h, first.secret, 5) } });
    expect(wrong.status).toBe(400);
    expect(msgOf(wrong)).toBe('That code is not right. Type the 6 digits your authenticator app shows now.');
    const malformed = await call(h, user, X.confirmTotp, { body: { code: '12345' } });
    expect(malformed.status).toBe(400);
    expect(msgOf(malformed)).toContain('The code is the 6 digits your authenticator app shows');
    const second = okBody(await call(h, user, X.startTotp));
    expect(second.secret).not.toBe(first.secret);
    const stale = await call(h, user, X.confirmTotp, { body: { code: totpCode(h, first.secret) } });
    expect(stale.status).toBe(400);
    expect(okBody(await call(h, user, X.getSecurity)).totp).toBe(false);
    expect((await query(h.db, 'select 1 from recovery_codes where user_id = $1', [user.id])).rows).toHaveLength(0);
  });
});

describe('the second step with an authenticator code', () => {
  it('asks for the code after the password, and a right code gives a full session', async () => {
    const user = await signedIn(h);
    const { secret } = await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    expect(half.auth.secondFactors).toEqual(['totp', 'recovery']);
    const done = okBody(await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret) } }));
    expect(done.stage).toBeUndefined();
    expect(done.id).toBe(user.id);
    expect(done.recoveryCodesLeft).toBeUndefined();
    const full = { ...half, headers: h.bearer(done.jwt) };
    expect((await call(h, full, X.securityEvents)).status).toBe(200);
    // The half token stays half: only its stage's calls.
    expect((await call(h, half, X.securityEvents)).status).toBe(403);
  });

  it('refuses wrong, malformed, reused and expired codes, each in its own words', async () => {
    const user = await signedIn(h);
    const { secret } = await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    const verify = (code: string) => call(h, half, X.verifySecondFactor, { body: { method: 'totp', code } });

    const wrong = await verify(totpCode(h, secret, 4));
    expect([wrong.status, msgOf(wrong)]).toEqual([400, 'That code is not right. Type the 6 digits your authenticator app shows now.']);
    const malformed = await verify('12a456');
    expect(malformed.status).toBe(400);
    expect(msgOf(malformed)).toContain('The code is the 6 digits your authenticator app shows');
    const expired = await verify(totpCode(h, secret, -3));
    expect([expired.status, msgOf(expired)]).toEqual([400, 'That code has expired. Type the code your authenticator app shows now.']);

    const code = totpCode(h, secret);
    expect((await verify(code)).status).toBe(200);
    // Signed in again within the same step: the code just used is refused.
    const again = await halfLogin(h, user.email, 'secondFactor');
    const reused = await call(h, again, X.verifySecondFactor, { body: { method: 'totp', code } });
    expect([reused.status, msgOf(reused)]).toEqual([400, 'That code has already been used. Wait for the next one.']);
    // So is the previous step's code, still within the window but older than the one accepted.
    const older = await call(h, again, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret, -1) } });
    expect(msgOf(older)).toBe('That code has already been used. Wait for the next one.');
    nextStep(h);
    expect((await call(h, again, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret) } })).status).toBe(200);
  });

  it('accepts a code one step either side of now', async () => {
    const user = await signedIn(h);
    const { secret } = await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    expect((await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret, 1) } })).status).toBe(200);
  });

  it('finishes a half session once: a second success on the same half token is refused', async () => {
    const user = await signedIn(h);
    const { secret } = await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    expect((await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret) } })).status).toBe(200);
    nextStep(h);
    const twice = await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret) } });
    expect([twice.status, msgOf(twice)]).toEqual([409, 'This sign-in is already finished: sign in again']);
  });
});

describe('removing the authenticator app', () => {
  it('needs the password, and removing the last factor removes the recovery codes too', async () => {
    const user = await signedIn(h);
    const { secret } = await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    const full = { ...half, headers: h.bearer(okBody(await call(h, half, X.verifySecondFactor, { body: { method: 'totp', code: totpCode(h, secret) } })).jwt) };

    const wrong = await call(h, full, X.removeTotp, { body: { password: 'not-the-password' } });
    expect([wrong.status, msgOf(wrong)]).toEqual([400, 'The password is not correct']);
    expect(okBody(await call(h, full, X.removeTotp, { body: { password: fixturePassword } }))).toEqual({ msg: 'Authenticator app removed' });
    expect(okBody(await call(h, full, X.getSecurity))).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect((await h.login(user.email)).stage).toBeUndefined();
    expect(okBody(await call(h, full, X.securityEvents)).map((e) => e.kind)).toEqual(['totp.removed', 'totp.enrolled']);
  });
});
