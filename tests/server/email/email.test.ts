// The email validation service over HTTP: POST /api/email/verify through the real meter and the
// engine, its DNS from a real DNS server on 127.0.0.1 (tests/support/dns-server.ts) that the
// production resolver is pointed at (EMAIL_DNS_SERVERS), and GET /verify/{id} reading the result
// back for its account only and free. PGlite by default, PostgreSQL with DATABASE_URL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailMaxInput } from '../../../contract/shared/email';
import { meterRefusals } from '../../../server/platform/meterRules';
import { startDnsServer, testZone, type DnsServer } from '../../support/dns-server';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, nowOf } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';
import { meterState, meterWorld, remaining } from '../support/meter';

let dns: DnsServer;
let h: Harness;
beforeAll(async () => {
  dns = await startDnsServer(testZone);
});
afterAll(() => dns.close());
beforeEach(async () => {
  h = await createHarness({ env: { EMAIL_DNS_SERVERS: dns.address, EMAIL_DNS_TIMEOUT_MS: '200', EMAIL_DNS_TRIES: '1' } });
});
afterEach(() => h?.close());

const msg = (response: { body: string }) => (JSON.parse(response.body) as { msg: string }).msg;

async function world(clicks = 100) {
  const w = await meterWorld(h, { service: 'email' });
  const now = nowOf(h);
  await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks, start: now - day, end: now + 30 * day });
  const tokenId = await insertToken(h, w.accountId, { services: ['email'] });
  const { jwt } = await exportToken(h, w.owner, w.accountId, tokenId);
  return { ...w, tokenId, jwt };
}

const verify = (jwt: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.inject({ method: 'POST', url: '/api/email/verify', headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json', ...headers }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
const reread = (jwt: string, id: string) => h.inject({ method: 'GET', url: `/api/email/verify/${id}`, headers: { authorization: `Bearer ${jwt}` } });

describe('POST /api/email/verify', () => {
  it.each([
    ['jane.doe@example.com', 'valid', ['mx_found']],
    ['x@a-only.example', 'valid', ['a_record_fallback']],
    ['info@example.com', 'role', ['mx_found', 'role_account']],
    ['someone@mailinator.com', 'disposable', ['mx_found', 'disposable_domain']],
    ['x@nullmx.example', 'invalid', ['null_mx']],
    ['x@nowhere.example', 'invalid', ['domain_not_found']],
    ['x@empty.example', 'invalid', ['no_mx_or_a_record']],
    ['x@servfail.example', 'unknown', ['dns_failure']],
    ['x@timeout.example', 'unknown', ['dns_timeout']],
    ['not an address', 'invalid', ['bad_syntax']],
  ])('%s is %s, for one click', async (email, result, reasons) => {
    const w = await world();
    const response = await verify(w.jwt, { email });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ id: string; result: string; reasons: string[]; notChecked: string[] }>();
    expect(body).toMatchObject({ result, reasons });
    expect(body.notChecked).toContain('smtp_mailbox');
    expect(body.notChecked).toContain('catch_all');
    expect(await remaining(h, w.accountId, w.planId)).toBe(99);
    const { rows } = await query<{ clicks: number; token_id: number }>(h.db, 'select clicks, token_id from usage_daily where account_id = $1', [w.accountId]);
    expect(rows).toEqual([{ clicks: 1, token_id: w.tokenId }]);
  });

  it('suggests the domain a typo meant (gmial.com, bigpond.con)', async () => {
    const w = await world();
    expect((await verify(w.jwt, { email: 'jane@gmial.com' })).json()).toMatchObject({ suggestion: 'jane@gmail.com', reasons: expect.arrayContaining(['possible_typo']) });
    expect((await verify(w.jwt, { email: 'fred@bigpond.con' })).json()).toMatchObject({ suggestion: 'fred@bigpond.com' });
  });

  it('GET /verify/{id} returns the same result again, free, and another account gets 404', async () => {
    const w = await world();
    const first = (await verify(w.jwt, { email: 'jane@gmail.com' })).json<{ id: string }>();
    const again = await reread(w.jwt, first.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(await remaining(h, w.accountId, w.planId)).toBe(99);

    const other = await world();
    const foreign = await reread(other.jwt, first.id);
    expect(foreign.statusCode).toBe(404);
    expect(msg(foreign)).toBe('Email validation result not found');
    expect((await reread(w.jwt, 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await reread(w.jwt, 'bad id!')).statusCode).toBe(400);
    expect((await h.inject({ method: 'GET', url: `/api/email/verify/${first.id}` })).statusCode).toBe(401);
  });

  it("GET /verify/{id} applies the API token's rules though it charges nothing", async () => {
    const w = await world();
    const { id } = (await verify(w.jwt, { email: 'jane@gmail.com' })).json<{ id: string }>();
    await query(h.db, 'update tokens set locked = true where id = $1', [w.tokenId]);
    const locked = await reread(w.jwt, id);
    expect(locked.statusCode).toBe(403);
    expect(msg(locked)).toBe(meterRefusals.tokenLocked);
    await query(h.db, "update tokens set locked = false, services = '{addresslookup}' where id = $1", [w.tokenId]);
    const other = await reread(w.jwt, id);
    expect(other.statusCode).toBe(403);
    expect(msg(other)).toBe(meterRefusals.tokenService('email'));
  });

  it('refuses bad input with a clear 400 or 413, never a 500 and never a click', async () => {
    const w = await world();
    const before = await meterState(h);
    const cases: Array<[unknown, number, RegExp]> = [
      [{ email: 'a'.repeat(1000) + '@example.com' }, 400, new RegExp(`at most ${emailMaxInput} characters`)],
      [{}, 400, /email/],
      [{ email: '   ' }, 400, /"email" is empty/],
      [{ email: 42 }, 400, /email/],
      ['{"email": ', 400, /./],
      ['', 400, /./],
      [{ email: 'x'.repeat(10_000) }, 413, /./],
    ];
    for (const [payload, status, text] of cases) {
      const response = await verify(w.jwt, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(msg(response)).toMatch(text);
    }
    expect(await meterState(h)).toEqual(before);
  });

  it('a 300-character address is checked and answered invalid (address_too_long) for a click', async () => {
    const w = await world();
    const response = await verify(w.jwt, { email: `${'a'.repeat(288)}@example.com` });
    expect(response.json()).toMatchObject({ result: 'invalid', reasons: ['address_too_long'], notChecked: ['dns', 'smtp_mailbox', 'catch_all'] });
    expect(await remaining(h, w.accountId, w.planId)).toBe(99);
  });

  it('no clicks left is the meter\'s 402, with nothing stored', async () => {
    const w = await world(1);
    expect((await verify(w.jwt, { email: 'a@example.com' })).statusCode).toBe(200);
    const refused = await verify(w.jwt, { email: 'b@example.com' });
    expect(refused.statusCode).toBe(402);
    expect(msg(refused)).toBe(meterRefusals.noClicks('email'));
    const { rows } = await query<{ n: number }>(h.db, 'select count(*)::int as n from email_results where account_id = $1', [w.accountId]);
    expect(rows[0].n).toBe(1);
  });

  it('a service JWT for the email service calls it; a portal session is refused', async () => {
    const w = await world();
    const { jwt: session } = await h.login(w.owner.email);
    expect((await verify(session, { email: 'a@example.com' })).statusCode).toBe(403);
    const serviceId = (await query<{ id: number }>(h.db, "select id from services where name = 'email'")).rows[0].id;
    const jwt = (await h.inject({ method: 'GET', url: '/api/users/tokens/servicejwt', query: { serviceId: String(serviceId), groupId: String(w.accountId) }, headers: h.bearer(session) })).json<{ jwt: string }>().jwt;
    const response = await verify(jwt, { email: 'a@example.com' });
    expect(response.statusCode).toBe(200);
    expect((await reread(jwt, response.json<{ id: string }>().id)).statusCode).toBe(200);
    const { rows } = await query<{ token_id: number | null }>(h.db, 'select token_id from email_results where account_id = $1', [w.accountId]);
    expect(rows).toEqual([{ token_id: null }]);
  });
});
