import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, fixturePassword, uniqueEmail, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const minute = 60_000;
const wrong = 'Wrong-Password-1';

describe('login throttling', () => {
  it('refuses even the right password with 429 after 5 failures from that source, and lets the user in once the window passes', async () => {
    const { email } = await h.createUser();
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await h.authenticate(email, wrong, {}, { remoteAddress: ip })).statusCode).toBe(401);
      h.clock.advance(1000);
    }
    const refused = await h.authenticate(email, fixturePassword, {}, { remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ msg: 'Too many failed login attempts. Try again in 15 minutes.', statusCode: 429 });
    expect(refused.headers['retry-after']).toBe(String(15 * 60 - 5));

    h.clock.advance(10 * minute);
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: ip })).json().msg).toBe(
      'Too many failed login attempts. Try again in 5 minutes.',
    );

    h.clock.advance(5 * minute);
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('does not extend the wait for tries refused while throttled, so the user gets in when the attack stops', async () => {
    const { email } = await h.createUser();
    for (let i = 0; i < 5; i++) await h.authenticate(email, wrong, {}, { remoteAddress: '10.3.0.1' });
    for (let i = 0; i < 10; i++) {
      h.clock.advance(minute);
      expect((await h.authenticate(email, wrong, {}, { remoteAddress: '10.3.0.1' })).statusCode).toBe(429);
    }
    h.clock.advance(5 * minute);
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.3.0.2' })).statusCode).toBe(200);
  });

  it('clears the account counter on a successful login', async () => {
    const { email } = await h.createUser();
    for (let i = 0; i < 4; i++) await h.authenticate(email, wrong, {}, { remoteAddress: '10.4.0.1' });
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.4.0.1' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await h.authenticate(email, wrong, {}, { remoteAddress: '10.4.0.2' })).statusCode).toBe(401);
    }
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.4.0.2' })).statusCode).toBe(200);
  });

  it('throttles an IP address after 20 failures across different user names', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 20; i++) {
      expect((await h.authenticate(uniqueEmail('spray'), wrong, {}, { remoteAddress: ip })).statusCode).toBe(401);
    }
    const { email } = await h.createUser();
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: ip })).statusCode).toBe(429);
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.5.0.2' })).statusCode).toBe(200);
    h.clock.advance(15 * minute);
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('answers 429 regardless of the auth-error header', async () => {
    const { email } = await h.createUser();
    for (let i = 0; i < 5; i++) await h.authenticate(email, wrong, {}, { remoteAddress: '10.6.0.1' });
    const response = await h.authenticate(email, fixturePassword, {}, { headers: { 'x-auth-error-status': '400' }, remoteAddress: '10.6.0.1' });
    expect(response.statusCode).toBe(429);
  });

  it('checks at most the limit of 1,000 concurrent wrong passwords for one account from one IP', async () => {
    const { email } = await h.createUser();
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () => h.authenticate(email, wrong, {}, { remoteAddress: '10.7.0.1' })),
    );
    const counts = tally(responses.map((r) => r.statusCode));
    expect(counts[401]).toBe(5);
    expect(counts[429]).toBe(995);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks at most the IP limit when 10 accounts are tried 30 times each at once from one IP', async () => {
    const emails = await Promise.all(Array.from({ length: 10 }, async () => (await h.createUser()).email));
    const responses = await Promise.all(
      emails.flatMap((email) => Array.from({ length: 30 }, () => h.authenticate(email, wrong, {}, { remoteAddress: '10.8.0.1' }))),
    );
    expect(tally(responses.map((r) => r.statusCode))[401]).toBe(20);
  });
});

describe('one place cannot lock out the real user', () => {
  it('lets the user in from another IP while one IP is throttled, and mails the owner once', async () => {
    const { email } = await h.createUser();
    for (let i = 0; i < 5; i++) {
      expect((await h.authenticate(email, wrong, {}, { remoteAddress: '10.9.0.1' })).statusCode).toBe(401);
    }
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.9.0.1' })).statusCode).toBe(429);
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.9.0.2' })).statusCode).toBe(200);
    // A spread attack (5 each from more places) reaches the alert: the owner hears of it once.
    for (let ip = 3; ip < 6; ip++) {
      for (let i = 0; i < 5; i++) await h.authenticate(email, wrong, {}, { remoteAddress: `10.9.0.${ip}` });
    }
    const alert = await h.mail.take(email, 'Failed sign-in attempts on your account');
    expect(alert.text).toContain('10 failed attempts');
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.9.0.2' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.mail.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  it('still stops the account from everywhere at a much higher limit', async () => {
    const local = await createHarness({ env: { LOGIN_MAX_FAILURES_ACCOUNT_WIDE: '12' } });
    try {
      const { email } = await local.createUser();
      for (let i = 0; i < 12; i++) {
        expect((await local.authenticate(email, wrong, {}, { remoteAddress: `10.10.0.${i}` })).statusCode).toBe(401);
      }
      expect((await local.authenticate(email, fixturePassword, {}, { remoteAddress: '10.10.1.1' })).statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });
});

function tally(codes: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}
