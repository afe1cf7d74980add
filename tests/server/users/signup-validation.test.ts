import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as E from '../../../contract/users/endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { call, msgOf } from '../support/api';
import { request, sendRaw } from '../support/calls';
import { codeIn, createHarness, uniqueEmail, type Harness, query } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { PUBLIC_URL: 'https://uk-portal.example.test' } });
});
afterAll(() => h?.close());

const signupBody = (email: string, extra: Partial<BodyOf<typeof E.signUp>> = {}): BodyOf<typeof E.signUp> =>
  ({ email, password: 'Correct-Horse-9', personalName: 'Nora Newcomer', territory: 'uk', ...extra });
const signup = (email: string, extra: Partial<BodyOf<typeof E.signUp>> = {}) => call(h, null, E.signUp, { query: {}, body: signupBody(email, extra) });

describe('sign up and account validation', () => {
  it('creates an unvalidated account user, mails a code over SMTP, refuses a wrong code, accepts the right one', async () => {
    const email = uniqueEmail('signup');
    // Asks for a role, which the contract does not let a sign-up send: the server must ignore it.
    const created = await sendRaw(h, null, request('POST', '/users', {}, { ...signupBody(email.toUpperCase(), { companyName: 'Nora Ltd' }), roles: ['super'] }));
    expect(created.status).toBe(201);
    // The answer no longer carries the user (it would tell who is registered).
    expect(created.body).toEqual({ msg: 'Check your email: we have sent you what you need to finish signing up' });
    const { rows: [user] } = await query(h.db,
      'select user_name, email, personal_name, company_name, territory, validated, locked, roles from users where user_name = $1', [email]);
    expect(user).toEqual({ user_name: email, email, personal_name: 'Nora Newcomer', company_name: 'Nora Ltd',
      territory: 'uk', validated: false, locked: false, roles: ['account'] });

    const mail = await h.mail.take(email, 'Your validation code');
    const code = codeIn(mail);
    expect(mail.text).toContain('https://uk-portal.example.test/portal/validate');
    expect(mail.html).toContain(code);

    // Unvalidated users can log in: the SPA sends them to /validate.
    const session = await h.login(email, 'Correct-Horse-9');
    expect(session.validated).toBe(false);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call(h, null, E.validate, { body: { code: wrongCode }, headers: h.bearer(session.jwt) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ msg: 'Invalid validation code', statusCode: 400 });

    const right = await call(h, null, E.validate, { body: { code }, headers: h.bearer(session.jwt) });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ validated: true });

    const again = await h.login(email, 'Correct-Horse-9');
    expect(again.validated).toBe(true);
  });

  it('resends a new code that replaces the old one', async () => {
    const email = uniqueEmail('resend');
    expect((await signup(email)).status).toBe(201);
    const first = codeIn(await h.mail.take(email, 'Your validation code'));
    const { jwt } = await h.login(email, 'Correct-Horse-9');

    const resend = await call(h, null, E.resendValidation, { headers: h.bearer(jwt) });
    expect(resend.status).toBe(200);
    const second = codeIn(await h.mail.take(email, 'Your validation code'));

    if (first !== second) {
      const old = await call(h, null, E.validate, { body: { code: first }, headers: h.bearer(jwt) });
      expect(msgOf(old)).toBe('Invalid validation code');
    }
    const ok = await call(h, null, E.validate, { body: { code: second }, headers: h.bearer(jwt) });
    expect(ok.body).toEqual({ validated: true });

    const afterValidation = await call(h, null, E.resendValidation, { headers: h.bearer(jwt) });
    expect(afterValidation.status).toBe(400);
    expect(msgOf(afterValidation)).toBe('This user is already validated');
  });

  it('refuses an expired code and asks for a new one', async () => {
    const email = uniqueEmail('expired');
    await signup(email);
    const code = codeIn(await h.mail.take(email, 'Your validation code'));
    const { jwt } = await h.login(email, 'Correct-Horse-9', { recycleTime: String(3 * 24 * 3600) });
    h.clock.advance(24 * 3600 * 1000 + 1000);
    const late = await call(h, null, E.validate, { body: { code }, headers: h.bearer(jwt) });
    expect(late.status).toBe(400);
    expect(msgOf(late)).toBe('The validation code has expired. Request a new one.');
  });

  it('voids a code after five wrong tries, even for the right code', async () => {
    const email = uniqueEmail('attempts');
    await signup(email);
    const code = codeIn(await h.mail.take(email, 'Your validation code'));
    const { jwt } = await h.login(email, 'Correct-Horse-9');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const wrong = await call(h, null, E.validate, { body: { code: wrongCode }, headers: h.bearer(jwt) });
      expect(wrong.status).toBe(400);
    }
    const right = await call(h, null, E.validate, { body: { code }, headers: h.bearer(jwt) });
    expect(right.status).toBe(400);
    expect(msgOf(right)).toMatch(/Request a new one/);
  });

  it('answers a second signup with the same email exactly like the first, mails the owner instead, and keeps one row', async () => {
    // This answered 409 'A user with this email already exists'.
    const email = uniqueEmail('duplicate');
    const first = await signup(email);
    expect(first.status).toBe(201);
    await h.mail.take(email, 'Your validation code');
    const second = await signup(` ${email.toUpperCase()} `, { password: 'Other-Horse-10' });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const notice = await h.mail.take(email, 'You already have an account');
    expect(notice.text).toContain('https://uk-portal.example.test/portal/resetpassword');
    const { rows } = await query<{ n: number }>(h.db, 'select count(*)::int as n from users where user_name = $1', [email]);
    expect(rows[0].n).toBe(1);
    expect((await h.authenticate(email, 'Other-Horse-10')).statusCode).toBe(401);
  });

  it('throttles sign-ups from one IP address with 429 and Retry-After', async () => {
    const ip = '10.30.0.1';
    const attempt = (email: string) =>
      call(h, null, E.signUp, { query: {}, body: { email, password: 'Correct-Horse-9', personalName: 'Spammer', territory: 'uk' }, remoteAddress: ip });
    const responses = await Promise.all(Array.from({ length: 25 }, () => attempt(uniqueEmail('flood'))));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(msgOf(refused[0])).toMatch(/^Too many sign-ups from your network\. Try again in \d+ minutes?\.$/);
    expect(Number(refused[0].response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the user when the validation email cannot be sent, so they can ask again', async () => {
    const { createMailer } = await import('../../../server/platform/mail');
    const { buildApp } = await import('../../../server/app');
    // Port 9 (discard) on localhost refuses SMTP: sending fails after the user is committed.
    const brokenMailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', db: h.db });
    const app = buildApp({ db: h.db, mailer: brokenMailer, config: h.config, clock: h.clock });
    const email = uniqueEmail('nomail');
    const response = await call({ inject: (request) => app.inject(request) }, null, E.signUp, {
      query: {},
      body: { email, password: 'Correct-Horse-9', personalName: 'Nora', territory: 'australia' },
    });
    await app.close();
    expect(response.status).toBe(201);
    const { rows } = await query(h.db, 'select territory from users where user_name = $1', [email]);
    expect(rows).toEqual([{ territory: 'australia' }]);
  });
});
