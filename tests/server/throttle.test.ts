import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, fixturePassword, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const minute = 60_000;
const wrong = 'Wrong-Password-1';

describe('login throttling', () => {
  it('refuses even the right password with 429 after 5 failures, and lets the user in once the window passes', async () => {
    const { email } = await h.createUser();
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await h.authenticate(email, wrong, {}, { remoteAddress: ip })).statusCode).toBe(401);
      h.clock.advance(1000);
    }
    const refused = await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.2.0.99' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ msg: 'Too many failed login attempts. Try again in 15 minutes.', statusCode: 429 });
    expect(refused.headers['retry-after']).toBe(String(15 * 60 - 5));

    h.clock.advance(10 * minute);
    expect((await h.authenticate(email, fixturePassword)).json().msg).toBe(
      'Too many failed login attempts. Try again in 5 minutes.',
    );

    h.clock.advance(5 * minute);
    expect((await h.authenticate(email, fixturePassword)).statusCode).toBe(200);
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
    const response = await h.authenticate(email, fixturePassword, {}, { headers: { 'x-auth-error-status': '400' } });
    expect(response.statusCode).toBe(429);
  });
});
