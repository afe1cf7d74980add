// Recovery codes: usable once instead of the second factor (saying how many are left and mailing
// the user), replaced by new ones given the password, and on PostgreSQL one code used twice at once
// signs in exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as G from '../../../contract/groups/endpoints';
import * as X from '../../../contract/security/endpoints';
import { call, msgOf, okBody } from '../support/api';
import { signedIn } from '../support/calls';
import { createHarness, fixturePassword, type Harness } from '../support/harness';
import { asCaller, enrolTotp, halfLogin } from '../support/twoFactor';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const useCode = (caller: Parameters<typeof call>[1], code: string) => call(h, caller, X.verifySecondFactor, { body: { method: 'recovery', code } });

describe('a recovery code', () => {
  it('finishes signing in once, says how many are left, records it and mails the user', async () => {
    const user = await signedIn(h);
    const { recoveryCodes } = await enrolTotp(h, user);
    await h.mail.take(user.email, 'A change to how you sign in');
    const half = await halfLogin(h, user.email, 'secondFactor');
    // Typed in capitals, with spaces and without the dash: forgiven.
    const typed = ` ${recoveryCodes[0].replace('-', '').toUpperCase()} `;
    const done = okBody(await useCode(half, typed));
    expect(done.recoveryCodesLeft).toBe(9);
    expect(done.stage).toBeUndefined();
    const full = asCaller(h, done, user.email);
    expect((await call(h, full, G.listGroups, { query: {} })).status).toBe(200);
    expect(okBody(await call(h, full, X.getSecurity)).recoveryCodesLeft).toBe(9);
    expect(okBody(await call(h, full, X.securityEvents))[0]).toMatchObject({ kind: 'recovery.used', detail: '9 recovery codes left' });
    const mail = await h.mail.take(user.email, 'A change to how you sign in');
    expect(mail.text).toContain('A recovery code was used to sign in: 9 recovery codes left.');

    const again = await halfLogin(h, user.email, 'secondFactor');
    const reused = await useCode(again, recoveryCodes[0]);
    expect([reused.status, msgOf(reused)]).toEqual([400, 'That recovery code is not right, or it has been used already']);
    expect(okBody(await useCode(again, recoveryCodes[1])).recoveryCodesLeft).toBe(8);
  });

  it('is refused when malformed, with the format in the message', async () => {
    const user = await signedIn(h);
    await enrolTotp(h, user);
    const half = await halfLogin(h, user.email, 'secondFactor');
    const malformed = await useCode(half, 'abc-12');
    expect(malformed.status).toBe(400);
    expect(msgOf(malformed)).toContain('A recovery code is 10 letters and digits, like abcde-12345');
  });

  it('is never another user\'s', async () => {
    const owner = await signedIn(h);
    const { recoveryCodes } = await enrolTotp(h, owner);
    const other = await signedIn(h);
    await enrolTotp(h, other);
    const half = await halfLogin(h, other.email, 'secondFactor');
    expect((await useCode(half, recoveryCodes[0])).status).toBe(400);
  });
});

describe('new recovery codes', () => {
  it('replace the unused ones, given the password, and are recorded and mailed', async () => {
    const user = await signedIn(h);
    const { recoveryCodes: old } = await enrolTotp(h, user);
    await h.mail.take(user.email, 'A change to how you sign in');
    const wrong = await call(h, user, X.newRecoveryCodes, { body: { password: 'wrong-password' } });
    expect([wrong.status, msgOf(wrong)]).toEqual([400, 'The password is not correct']);
    const fresh = okBody(await call(h, user, X.newRecoveryCodes, { body: { password: fixturePassword } })).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    expect(okBody(await call(h, user, X.securityEvents))[0]).toMatchObject({ kind: 'recovery.generated' });
    expect((await h.mail.take(user.email, 'A change to how you sign in')).text).toContain('New recovery codes were made');

    const half = await halfLogin(h, user.email, 'secondFactor');
    expect((await useCode(half, old[0])).status).toBe(400);
    expect(okBody(await useCode(half, fresh[0])).recoveryCodesLeft).toBe(9);
  });

  it('are refused without a second factor to stand in for', async () => {
    const user = await signedIn(h);
    const refused = await call(h, user, X.newRecoveryCodes, { body: { password: fixturePassword } });
    expect([refused.status, msgOf(refused)]).toEqual([409, 'Recovery codes stand in for a second factor: add an authenticator app or a passkey first']);
  });
});

describe.runIf(process.env.DATABASE_URL)('one recovery code used twice at once (PostgreSQL)', () => {
  it('signs in exactly once', async () => {
    const user = await signedIn(h);
    const { recoveryCodes } = await enrolTotp(h, user);
    const sessions = await Promise.all(Array.from({ length: 4 }, () => halfLogin(h, user.email, 'secondFactor')));
    const answers = await Promise.all(sessions.map((half) => useCode(half, recoveryCodes[0])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    const won = okBody(answers.find((a) => a.status === 200)!);
    expect(won.recoveryCodesLeft).toBe(9);
    expect(okBody(await call(h, asCaller(h, won, user.email), X.getSecurity)).recoveryCodesLeft).toBe(9);
  });
});
