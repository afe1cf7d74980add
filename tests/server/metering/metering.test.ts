// The meter (server/platform/metering.ts) through the test-only metered route: clicks taken
// atomically from the bundle that expires first, each refusal with its status and words, and a
// refused or failing call leaving the meter as it was. PGlite by default, PostgreSQL with DATABASE_URL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meterRefusals } from '../../../server/platform/meterRules';
import { meteredRefusals } from '../../../server/http/meteredCaller';
import { testWorkFailed } from '../support/meterTestRoute';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, nowOf } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';
import { meterCall, meterRoutes, meterState, meterWorld, remaining, usageClicks } from '../support/meter';

let h: Harness;
beforeEach(async () => {
  h = await createHarness(meterRoutes);
});
afterEach(() => h?.close());

const msg = (response: { body: string }) => (JSON.parse(response.body) as { msg: string }).msg;

async function tokenWorld(tokenFields: Parameters<typeof insertToken>[2] = {}, clicks = 1000) {
  const world = await meterWorld(h);
  const now = nowOf(h);
  const bundleId = await insertBundle(h, { accountId: world.accountId, planId: world.planId, clicks, start: now - day, end: now + 30 * day });
  const tokenId = await insertToken(h, world.accountId, { services: ['addresslookup'], ...tokenFields });
  const { jwt, sessionId } = await exportToken(h, world.owner, world.accountId, tokenId);
  return { ...world, bundleId, tokenId, jwt, sessionId };
}

describe('clicks under concurrency', () => {
  it('serves exactly 50 of 100 concurrent calls against 50 remaining clicks, refuses 50 with 402, and records 50 clicks', async () => {
    const w = await tokenWorld({}, 50);
    const responses = await Promise.all(Array.from({ length: 100 }, () => meterCall(h, w.jwt)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 402)).toHaveLength(50);
    expect(msg(responses.find((r) => r.statusCode === 402)!)).toBe('No clicks remain on your Address lookup subscription: buy more in the shop');
    expect(await remaining(h, w.accountId, w.planId)).toBe(0);
    // usage_daily is one row per account, plan, UTC day, token and country: the 50 calls are 50 clicks on one row.
    expect(await usageClicks(h, w.accountId)).toEqual({ clicks: 50, rows: 1 });
    const { rows } = await query<{ clicks: number }>(h.db, 'select clicks from token_day_usage where token_id = $1', [w.tokenId]);
    expect(rows).toEqual([{ clicks: 50 }]);
  });

  it('spends the bundle that expires first, then the next, never one not started or ended', async () => {
    const w = await meterWorld(h);
    const now = nowOf(h);
    const later = await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 10, start: now - 5 * day, end: now + 60 * day });
    const sooner = await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 3, start: now - 5 * day, end: now + 10 * day });
    const ended = await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 100, start: now - 50 * day, end: now - day });
    const future = await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 100, start: now + day, end: now + 90 * day });
    const tokenId = await insertToken(h, w.accountId, { services: ['addresslookup'] });
    const { jwt } = await exportToken(h, w.owner, w.accountId, tokenId);
    const used = async () =>
      Object.fromEntries((await query<{ id: number; used_clicks: number }>(h.db, 'select id, used_clicks from bundles')).rows.map((r) => [r.id, r.used_clicks]));

    expect((await meterCall(h, jwt)).statusCode).toBe(200);
    expect(await used()).toEqual({ [later]: 0, [sooner]: 1, [ended]: 0, [future]: 0 });
    // Five clicks at once: the two left on the sooner bundle, then three of the later one.
    expect((await meterCall(h, jwt, { clicks: 5 })).statusCode).toBe(200);
    expect(await used()).toEqual({ [later]: 3, [sooner]: 3, [ended]: 0, [future]: 0 });
    // More than remain (7): refused whole, nothing taken.
    const refused = await meterCall(h, jwt, { clicks: 8 });
    expect(refused.statusCode).toBe(402);
    expect(await used()).toEqual({ [later]: 3, [sooner]: 3, [ended]: 0, [future]: 0 });
  });

  it('takes the same id order when two bundles end together', async () => {
    const w = await meterWorld(h);
    const now = nowOf(h);
    const first = await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 5, start: now - day, end: now + 9 * day });
    const second = await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 5, start: now - day, end: now + 9 * day });
    const tokenId = await insertToken(h, w.accountId, { services: ['addresslookup'] });
    const { jwt } = await exportToken(h, w.owner, w.accountId, tokenId);
    expect((await meterCall(h, jwt, { clicks: 6 })).statusCode).toBe(200);
    const { rows } = await query<{ id: number; used_clicks: number }>(h.db, 'select id, used_clicks from bundles order by id');
    expect(rows).toEqual([{ id: first, used_clicks: 5 }, { id: second, used_clicks: 1 }]);
  });
});

describe('refusals leave the meter unchanged', () => {
  const refusedWith = async (w: { jwt: string }, status: number, words: string, options: Parameters<typeof meterCall>[2] = {}) => {
    const before = await meterState(h);
    const response = await meterCall(h, w.jwt, options);
    expect(response.statusCode).toBe(status);
    expect(msg(response)).toBe(words);
    expect(await meterState(h)).toEqual(before);
    return response;
  };

  it('refuses a locked token with 403', async () => {
    await refusedWith(await tokenWorld({ locked: true }), 403, meterRefusals.tokenLocked);
  });

  it('refuses an expired token with 403 naming the day it expired', async () => {
    const expiry = nowOf(h) - 60;
    await refusedWith(await tokenWorld({ expiry }), 403, 'This API token expired on 01/01/2030');
  });

  it('serves a token whose expiry is still ahead, and one with the default 1970-01-01 (none)', async () => {
    expect((await meterCall(h, (await tokenWorld({ expiry: nowOf(h) + 60 })).jwt)).statusCode).toBe(200);
    expect((await meterCall(h, (await tokenWorld({ expiry: 0 })).jwt)).statusCode).toBe(200);
  });

  it('refuses a deleted token with 403', async () => {
    await refusedWith(await tokenWorld({ deleted: true }), 403, meterRefusals.tokenDeleted);
  });

  it('refuses a service the token may not call with 403', async () => {
    const w = await tokenWorld({ services: ['email'] });
    await refusedWith(w, 403, 'This API token may not call Address lookup');
  });

  it('refuses calls from outside the IP ranges with 403, IPv4, IPv6 and IPv4-mapped IPv6 alike', async () => {
    const w = await tokenWorld({ ipRanges: ['10.1.0.0/16', '2001:db8::/32'] });
    await refusedWith(w, 403, 'This API token may not be used from 10.2.0.1', { remoteAddress: '10.2.0.1' });
    await refusedWith(w, 403, 'This API token may not be used from 2001:db9::1', { remoteAddress: '2001:db9::1' });
    await refusedWith(w, 403, 'This API token may not be used from ::ffff:10.3.0.1', { remoteAddress: '::ffff:10.3.0.1' });
    expect((await meterCall(h, w.jwt, { remoteAddress: '10.1.200.3' })).statusCode).toBe(200);
    expect((await meterCall(h, w.jwt, { remoteAddress: '::ffff:10.1.0.9' })).statusCode).toBe(200);
    expect((await meterCall(h, w.jwt, { remoteAddress: '2001:db8:5::1' })).statusCode).toBe(200);
  });

  it('refuses a page on another host with 403, and serves the pattern, its subdomains and its apex', async () => {
    const w = await tokenWorld({ type: 'browser', referrer: '*.example.com' });
    await refusedWith(w, 403, 'This API token may not be used from pages on evil.com', { headers: { origin: 'https://evil.com' } });
    await refusedWith(w, 403, 'This API token may not be used from pages on example.com.evil.com', { headers: { referer: 'https://example.com.evil.com/page' } });
    await refusedWith(w, 403, meterRefusals.tokenReferrer(null));
    const pages: Array<Record<string, string>> = [{ origin: 'https://shop.example.com' }, { referer: 'https://a.b.example.com:8443/x?y' }, { origin: 'https://EXAMPLE.com' }];
    for (const headers of pages) {
      expect((await meterCall(h, w.jwt, { headers })).statusCode).toBe(200);
    }
  });

  it('refuses with 402 when no clicks remain, when the only subscription is disabled, and when there is none', async () => {
    const empty = await tokenWorld({}, 1);
    expect((await meterCall(h, empty.jwt)).statusCode).toBe(200);
    await refusedWith(empty, 402, 'No clicks remain on your Address lookup subscription: buy more in the shop');

    const disabled = await tokenWorld({}, 100);
    await query(h.db, 'update subscriptions set enabled = false where account_id = $1', [disabled.accountId]);
    const { rows } = await query<{ name: string }>(h.db, 'select name from plans where id = $1', [disabled.planId]);
    await refusedWith(disabled, 402, `Your ${rows[0].name} subscription is disabled: an owner can enable it on the services page`);

    const w = await tokenWorld({ services: ['email'] }, 100);
    await refusedWith(w, 402, 'Your account has no Email validation subscription: buy one in the shop', { service: 'email' });
  });

  it('refuses past the daily cap with 429 and Retry-After until midnight UTC, and serves again the next day', async () => {
    const w = await tokenWorld({ dailyCap: 3 });
    for (let i = 0; i < 3; i++) expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    const refused = await refusedWith(w, 429, 'This API token has used its 3 clicks for today (UTC): try again after midnight UTC');
    // The test clock reads 09:00 UTC: 15 hours to midnight.
    expect(refused.headers['retry-after']).toBe(String(15 * 3600));
    await refusedWith(w, 429, meterRefusals.dailyCap(3), { clicks: 4 });
    h.clock.advance(15 * 3600 * 1000);
    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
  });

  it('holds the cap under 20 concurrent calls', async () => {
    const w = await tokenWorld({ dailyCap: 7 });
    const codes = (await Promise.all(Array.from({ length: 20 }, () => meterCall(h, w.jwt)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 429)).toHaveLength(13);
    expect(await remaining(h, w.accountId, w.planId)).toBe(1000 - 7);
  });

  it('refunds a call whose work fails: the error goes on and bundles, usage and the day count are as before', async () => {
    const w = await tokenWorld({ dailyCap: 10 });
    // The first call of the day fails: no usage row and no day count is left behind.
    await refusedWith(w, 502, testWorkFailed, { fail: true });
    expect(await usageClicks(h, w.accountId)).toEqual({ clicks: 0, rows: 0 });
    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    await refusedWith(w, 502, testWorkFailed, { fail: true });
    await refusedWith(w, 502, testWorkFailed, { fail: true, clicks: 5 });
    expect(await remaining(h, w.accountId, w.planId)).toBe(999);
  });
});

describe('who may call a metered route', () => {
  it('refuses an ordinary portal session with 403 and a missing or forged token with 401', async () => {
    const w = await tokenWorld();
    const { jwt } = await h.login(w.owner.email);
    const portal = await meterCall(h, jwt);
    expect(portal.statusCode).toBe(403);
    expect(msg(portal)).toBe(meteredRefusals.portalSession);
    // No authorization header at all, on the test-only metered route (no contract entry).
    expect((await h.inject({ method: 'POST', url: '/api/metertest/addresslookup' })).statusCode).toBe(401);
    expect((await meterCall(h, `${w.jwt.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });

  it('ends an API token at once when its session is revoked or its user locked', async () => {
    const w = await tokenWorld();
    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    await query(h.db, 'update sessions set revoked_at = $1 where id = $2', [nowOf(h), w.sessionId]);
    expect((await meterCall(h, w.jwt)).statusCode).toBe(401);
    const other = await exportToken(h, w.owner, w.accountId, w.tokenId);
    expect((await meterCall(h, other.jwt)).statusCode).toBe(200);
    await query(h.db, 'update users set locked = true where id = $1', [w.owner.id]);
    expect((await meterCall(h, other.jwt)).statusCode).toBe(401);
  });

  it('charges the account of the token and reports its usage under the account territory', async () => {
    const w = await tokenWorld();
    const response = await meterCall(h, w.jwt);
    expect(response.json()).toEqual({ ok: true, service: 'addresslookup', accountId: w.accountId, tokenId: w.tokenId });
    const { rows } = await query(h.db, 'select plan_id, token_id, country, clicks from usage_daily where account_id = $1', [w.accountId]);
    expect(rows).toEqual([{ plan_id: w.planId, token_id: w.tokenId, country: 'GB', clicks: 1 }]);
  });

  it('does not meter the unmetered twin of the test route', async () => {
    const w = await tokenWorld();
    expect((await meterCall(h, w.jwt, { unmetered: true })).statusCode).toBe(200);
    expect(await remaining(h, w.accountId, w.planId)).toBe(1000);
  });
});
