import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createHarness, fixturePassword, fixtureHash, uniqueEmail, type Harness, query } from '../support/harness';
import * as E from '../../../contract/users/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { call, msgOf } from '../support/api';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const requestReset = (userId: string) =>
  call(h, null, E.requestPasswordReset, { query: { userId }, headers: { host: 'aus-portal.localhost:5173' } });
const reset = (body: BodyOf<typeof E.resetPassword>) => call(h, null, E.resetPassword, { body });

describe('password reset', () => {
  it('emails a code, sets the new password with it, and the code works only once', async () => {
    const { email } = await h.createUser();
    const requested = await requestReset(email.toUpperCase());
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ msg: 'If the user exists, a reset code has been sent' });

    const mail = await h.mail.take(email, 'Your password reset code');
    const code = codeIn(mail);
    // Without PUBLIC_URL the link points back to where the request came from.
    expect(mail.text).toContain(`http://aus-portal.localhost:5173/portal/resetpassword?userId=${encodeURIComponent(email)}`);

    const done = await reset({ userId: email, activationCode: code, password: 'Brand-New-Pass-2' });
    expect(done.status).toBe(200);
    expect((await h.authenticate(email, fixturePassword)).statusCode).toBe(401);
    expect((await h.authenticate(email, 'Brand-New-Pass-2')).statusCode).toBe(200);

    const replay = await reset({ userId: email, activationCode: code, password: 'Another-Pass-3' });
    expect(replay.status).toBe(400);
    expect(msgOf(replay)).toBe('Invalid or expired reset code');
  });

  it('answers the same for an unknown user and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const response = await requestReset(nobody);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ msg: 'If the user exists, a reset code has been sent' });
    await expect(h.mail.take(nobody, undefined, 300)).rejects.toThrow('No mail');
  });

  it('refuses a wrong code with 400 and changes nothing', async () => {
    const { id, email } = await h.createUser();
    await requestReset(email);
    const code = codeIn(await h.mail.take(email, 'Your password reset code'));
    const wrongCode = code === '123456' ? '654321' : '123456';
    const response = await reset({ userId: email, activationCode: wrongCode, password: 'Brand-New-Pass-2' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ msg: 'Invalid or expired reset code', statusCode: 400 });
    const { rows } = await query<{ password_hash: string }>(h.db, 'select password_hash from users where id = $1', [id]);
    expect(rows[0].password_hash).toBe(fixtureHash);
    expect((await h.authenticate(email, fixturePassword)).statusCode).toBe(200);
  });

  it('refuses a code after its hour is up', async () => {
    const { email } = await h.createUser();
    await requestReset(email);
    const code = codeIn(await h.mail.take(email, 'Your password reset code'));
    h.clock.advance(3601_000);
    const response = await reset({ userId: email, activationCode: code, password: 'Brand-New-Pass-2' });
    expect(response.status).toBe(400);
    expect(msgOf(response)).toBe('Invalid or expired reset code');
  });

  it('refuses a code for an unknown user with the same message', async () => {
    const response = await reset({ userId: uniqueEmail('ghost'), activationCode: '123456', password: 'Brand-New-Pass-2' });
    expect(response.status).toBe(400);
    expect(msgOf(response)).toBe('Invalid or expired reset code');
  });

  it('lets a throttled user back in after a reset', async () => {
    const { email } = await h.createUser();
    for (let i = 0; i < 5; i++) await h.authenticate(email, 'Wrong-Password-1', {}, { remoteAddress: '10.7.0.1' });
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.7.0.1' })).statusCode).toBe(429);
    await requestReset(email);
    const code = codeIn(await h.mail.take(email, 'Your password reset code'));
    expect((await reset({ userId: email, activationCode: code, password: 'Brand-New-Pass-2' })).status).toBe(200);
    expect((await h.authenticate(email, 'Brand-New-Pass-2', {}, { remoteAddress: '10.7.0.1' })).statusCode).toBe(200);
  });
});
