// Validation mails, validation guesses and reset codes are capped over
// time, and the caps hold under concurrent requests on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as E from '../../../contract/users/endpoints';
import { call, msgOf } from '../support/api';
import { createHarness, query, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const hour = 3600_000;
const resendAs = (jwt: string) => call(h, null, E.resendValidation, { headers: h.bearer(jwt) });
const mailsTo = (email: string) => h.mail.messages.filter((m) => m.to.includes(email));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const codesOf = async (userId: number, purpose: string) =>
  (await query<{ n: number }>(h.db, 'select count(*)::int as n from user_codes where user_id = $1 and purpose = $2', [userId, purpose])).rows[0].n;

describe('validation codes', () => {
  it('sends at most 5 validation mails an hour however many resends arrive at once, then 429 with Retry-After', async () => {
    const user = await h.createUser({ validated: false });
    const { jwt } = await h.login(user.email);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => resendAs(jwt)),
    );
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect(msgOf(refused[0])).toBe('Too many validation codes have been sent. Try again in 60 minutes.');
    expect(Number(refused[0].response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await codesOf(user.id, 'validate')).toBe(5);
    await settle();
    expect(mailsTo(user.email)).toHaveLength(5);
    h.clock.advance(hour);
    const again = await h.login(user.email);
    expect((await resendAs(again.jwt)).status).toBe(200);
  });

  it('limits wrong guesses over every code to 10 an hour, answering 429 without spending a try', async () => {
    const user = await h.createUser({ validated: false });
    const { jwt } = await h.login(user.email);
    const guess = () => call(h, null, E.validate, { body: { code: '000000' }, headers: h.bearer(jwt) });
    const resend = () => resendAs(jwt);
    expect((await resend()).status).toBe(200);
    const attempts = async () =>
      (await query<{ n: number }>(h.db, "select coalesce(sum(attempts), 0)::int as n from user_codes where user_id = $1 and purpose = 'validate'", [user.id])).rows[0].n;
    await Promise.all(Array.from({ length: 20 }, guess));
    expect(await attempts()).toBe(5);
    expect((await resend()).status).toBe(200);
    await Promise.all(Array.from({ length: 20 }, guess));
    expect(await attempts()).toBe(10);
    expect((await resend()).status).toBe(200);
    const third = await guess();
    expect(third.status).toBe(429);
    expect(msgOf(third)).toBe('Too many wrong validation codes. Try again in an hour.');
    expect(third.response.headers['retry-after']).toBe('3600');
    const { rows } = await query<{ attempts: number }>(h.db,
      'select attempts from user_codes where user_id = $1 and used_at is null', [user.id]);
    expect(rows).toEqual([{ attempts: 0 }]);
  });
});

describe('reset codes', () => {
  it('mails at most 5 reset codes an hour for 50 concurrent requests', async () => {
    const user = await h.createUser();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call(h, null, E.requestPasswordReset, { query: { userId: user.email } })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await codesOf(user.id, 'reset')).toBe(5);
    await settle();
    expect(mailsTo(user.email)).toHaveLength(5);
  });
});
