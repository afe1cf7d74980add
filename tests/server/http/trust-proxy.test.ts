// TRUST_PROXY (server/config.ts): whom the server believes about the client's address. Each proxy
// appends the address it got the request from to X-Forwarded-For, so only the entries the trusted
// proxies appended are true; what stands left of them the client wrote. Were every hop trusted,
// `X-Forwarded-For: <anything>, <real>` would make <anything> the client's address, so the
// per-address login and sign-up limits would start afresh with every request and a token's IP
// ranges would let anyone in. Requests here carry hand-written headers, as a load
// balancer at 127.0.0.1 would pass them on (light-my-request's default peer). The same through a
// real nginx in front of two server processes: http/proxy-nginx.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { parseTrustProxy } from '../../../server/http/trustProxy';
import { createHarness, fixturePassword, query, uniqueEmail, type Harness } from '../support/harness';
import { day, insertBundle, nowOf } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';
import { meterCall, meterRoutes, meterWorld } from '../support/meter';
import * as E from '../../../contract/users/endpoints';
import { call, msgOf } from '../support/api';

const wrong = 'Wrong-Password-1';
const limits = { LOGIN_MAX_FAILURES_IP: '3', SIGNUP_MAX_PER_IP: '2' };

/** The failures the login throttle holds per source address (its 'ip:<address>' counter). */
async function failuresByAddress(h: Harness): Promise<Record<string, number>> {
  const { rows } = await query<{ key: string; n: number }>(h.db,
    `select key, count(*)::int as n from login_attempts where key like 'ip:%' group by key order by key`);
  return Object.fromEntries(rows.map((r) => [r.key.slice('ip:'.length), r.n]));
}

describe('TRUST_PROXY settings', () => {
  const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy when unset, empty, 0 or false', () => {
    for (const value of [undefined, '', ' ', '0', '00', 'false', 'FALSE', 'no', 'off']) expect(trust(value), String(value)).toBeNull();
  });

  it('reads a whole number as the count of proxies in front of the server', () => {
    expect(trust('1')).toEqual({ hops: 1 });
    expect(trust(' 2 ')).toEqual({ hops: 2 });
  });

  it('reads anything else as the proxies\' addresses, CIDR ranges and proxy-addr\'s range names', () => {
    expect(trust('127.0.0.1,10.0.0.0/8')).toEqual({ addresses: ['127.0.0.1', '10.0.0.0/8'] });
    expect(trust(' 192.168.1.1/255.255.255.0 , 2001:DB8::/32,::1, Loopback,uniquelocal,linklocal,')).toEqual({
      addresses: ['192.168.1.1/255.255.255.0', '2001:db8::/32', '::1', 'loopback', 'uniquelocal', 'linklocal'],
    });
  });

  it('refuses to start with TRUST_PROXY=true, which would trust every hop, and says what to give instead', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on', 'all', '*']) {
      expect(() => trust(value), value).toThrow(`TRUST_PROXY=${value} would trust every X-Forwarded-For hop`);
    }
    expect(() => trust('true')).toThrow(
      'give the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8',
    );
    // A range of every address is the same thing.
    expect(() => trust('10.0.0.1,0.0.0.0/0')).toThrow("TRUST_PROXY: '0.0.0.0/0' is every address");
    expect(() => trust('::/0')).toThrow("TRUST_PROXY: '::/0' is every address");
  });

  it('refuses what is neither a number of proxies nor addresses', () => {
    expect(() => trust('-1')).toThrow('TRUST_PROXY=-1 is not a number of proxies');
    expect(() => trust('1.5')).toThrow('TRUST_PROXY=1.5 is not a number of proxies');
    expect(() => trust('10.0.0.0/33')).toThrow("TRUST_PROXY: '10.0.0.0/33' is neither an IP address, a CIDR range nor one of loopback, linklocal, uniquelocal");
    expect(() => trust('proxy.internal')).toThrow("'proxy.internal' is neither an IP address");
    expect(() => trust('10.0.0.1/8/8')).toThrow("'10.0.0.1/8/8' is neither an IP address");
    expect(parseTrustProxy('fe80::/10')).toEqual({ addresses: ['fe80::/10'] });
  });
});

describe('TRUST_PROXY=1: one load balancer in front', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ ...meterRoutes, env: { ...limits, TRUST_PROXY: '1' } });
  });
  afterAll(() => h?.close());

  // What the one load balancer passes on: whatever the client wrote, then the client's own address.
  const viaProxy = (client: string, forged: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${forged}, ${client}` } });

  it('counts login failures under the address the load balancer appended, so a new forged address per try does not start afresh', async () => {
    const { email } = await h.createUser();
    for (let i = 1; i <= 3; i++) {
      expect((await h.authenticate(uniqueEmail('spray'), wrong, {}, viaProxy('198.51.100.7', `203.0.113.${i}`))).statusCode).toBe(401);
    }
    const refused = await h.authenticate(email, fixturePassword, {}, viaProxy('198.51.100.7', '203.0.113.9'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('Too many failed login attempts. Try again in 15 minutes.');
    // Forging several entries, or none, changes nothing.
    expect((await h.authenticate(email, fixturePassword, {}, viaProxy('198.51.100.7', '10.0.0.1, 203.0.113.10'))).statusCode).toBe(429);
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.7' } })).statusCode).toBe(429);
    // Another client behind the same load balancer is someone else.
    expect((await h.authenticate(email, fixturePassword, {}, viaProxy('198.51.100.8', '203.0.113.9'))).statusCode).toBe(200);
    expect(await failuresByAddress(h)).toEqual({ '198.51.100.7': 3 });
  });

  it('counts sign-ups under the address the load balancer appended', async () => {
    const signUp = (forged: string) => call(h, null, E.signUp, {
      query: {}, ...viaProxy('198.51.100.20', forged),
      body: { email: uniqueEmail('proxied'), password: 'Correct-Horse-9', personalName: 'Behind Proxy', territory: 'uk' },
    });
    expect((await signUp('203.0.113.21')).status).toBe(201);
    expect((await signUp('203.0.113.22')).status).toBe(201);
    const refused = await signUp('203.0.113.23');
    expect(refused.status).toBe(429);
    expect(msgOf(refused)).toMatch(/^Too many sign-ups from your network\./);
  });

  it('checks a token\'s IP ranges against the address the load balancer appended, not one the client wrote', async () => {
    const world = await meterWorld(h);
    const now = nowOf(h);
    await insertBundle(h, { accountId: world.accountId, planId: world.planId, clicks: 100, start: now - day, end: now + 30 * day });
    const tokenId = await insertToken(h, world.accountId, { ipRanges: ['198.51.100.0/24'], services: ['addresslookup'] });
    const { jwt } = await exportToken(h, world.owner, world.accountId, tokenId);
    // From outside the range, naming an address inside it.
    const outside = await meterCall(h, jwt, viaProxy('203.0.113.9', '198.51.100.7'));
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('This API token may not be used from 203.0.113.9');
    // From inside the range, whatever the client wrote before.
    expect((await meterCall(h, jwt, viaProxy('198.51.100.7', '203.0.113.9'))).statusCode).toBe(200);
  });

  it('believes X-Forwarded-Proto from the load balancer (HSTS over TLS)', async () => {
    const tls = await h.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('TRUST_PROXY=<addresses>: the load balancers named', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ env: { ...limits, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
  });
  afterAll(() => h?.close());

  it('walks X-Forwarded-For from the right through the named proxies, and stops at the first address not among them', async () => {
    const { email } = await h.createUser();
    // The client 198.51.100.7 reached a load balancer at 10.0.0.5, which passed it to one at 127.0.0.1.
    const chain = (forged: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `${forged}, 198.51.100.7, 10.0.0.5` } });
    for (let i = 1; i <= 3; i++) expect((await h.authenticate(uniqueEmail('spray'), wrong, {}, chain(`203.0.113.${i}`))).statusCode).toBe(401);
    expect((await h.authenticate(email, fixturePassword, {}, chain('203.0.113.9'))).statusCode).toBe(429);
    expect(await failuresByAddress(h)).toEqual({ '198.51.100.7': 3 });
  });

  it('never believes a client that connects directly, whatever it writes', async () => {
    const { email } = await h.createUser();
    const direct = (forged: string) => ({ remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': forged } });
    for (let i = 1; i <= 3; i++) expect((await h.authenticate(uniqueEmail('spray'), wrong, {}, direct(`203.0.113.${i}, 10.0.0.${i}`))).statusCode).toBe(401);
    expect((await h.authenticate(email, fixturePassword, {}, direct('198.51.100.99'))).statusCode).toBe(429);
    expect(await failuresByAddress(h)).toMatchObject({ '192.0.2.50': 3 });
    const tls = await h.inject({ method: 'GET', url: '/api/config', remoteAddress: '192.0.2.50', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('no TRUST_PROXY', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ env: { ...limits, TRUST_PROXY: '0' } });
  });
  afterAll(() => h?.close());

  it('ignores X-Forwarded-For and X-Forwarded-Proto: the client is the connection\'s peer', async () => {
    const { email } = await h.createUser();
    for (let i = 1; i <= 3; i++) {
      const headers = { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.${i}` };
      expect((await h.authenticate(uniqueEmail('spray'), wrong, {}, { remoteAddress: '10.40.0.1', headers })).statusCode).toBe(401);
    }
    expect((await h.authenticate(email, fixturePassword, {}, { remoteAddress: '10.40.0.1', headers: { 'x-forwarded-for': '198.51.100.200' } })).statusCode).toBe(429);
    expect(await failuresByAddress(h)).toEqual({ '10.40.0.1': 3 });
    const tls = await h.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBeUndefined();
  });
});
