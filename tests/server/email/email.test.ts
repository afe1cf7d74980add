// The email validation service over HTTP: POST /api/email/verify through the real meter and the
// engine, its DNS from a real DNS server on 127.0.0.1 (tests/support/dns-server.ts) that the
// production resolver is pointed at (EMAIL_DNS_SERVERS), and GET /verify/{id} reading the result
// back for its account only and free. PGlite by default, PostgreSQL with DATABASE_URL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as Em from '../../../contract/email/endpoints';
import { serviceJwt } from '../../../contract/metering/endpoints';
import { emailMaxInput } from '../../../contract/shared/email';
import { meterRefusals } from '../../../server/platform/meterRules';
import { startDnsServer, testZone, type DnsServer } from '../../support/dns-server';
import { call, msgOf, okBody, urlOf } from '../support/api';
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

const verify = (jwt: string, email: string) => call(h, null, Em.verify, { body: { email }, headers: h.bearer(jwt) });
/** A raw POST, for bodies the contract cannot type (a number, no field, broken or empty JSON). */
const verifyRaw = (jwt: string, payload: string | object) =>
  h.inject({ method: 'POST', url: urlOf(Em.verify, {}), headers: { ...h.bearer(jwt), 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
const reread = (jwt: string | null, id: string) => call(h, null, Em.getVerify, { params: { id }, headers: jwt ? h.bearer(jwt) : {} });

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
    const body = okBody(await verify(w.jwt, email));
    expect(body).toMatchObject({ result, reasons });
    expect(body.notChecked).toContain('smtp_mailbox');
    expect(body.notChecked).toContain('catch_all');
    expect(await remaining(h, w.accountId, w.planId)).toBe(99);
    const { rows } = await query<{ clicks: number; token_id: number }>(h.db, 'select clicks, token_id from usage_daily where account_id = $1', [w.accountId]);
    expect(rows).toEqual([{ clicks: 1, token_id: w.tokenId }]);
  });

  it('suggests the domain a typo meant (gmial.com, bigpond.con)', async () => {
    const w = await world();
    expect(okBody(await verify(w.jwt, 'jane@gmial.com'))).toMatchObject({ suggestion: 'jane@gmail.com', reasons: expect.arrayContaining(['possible_typo']) });
    expect(okBody(await verify(w.jwt, 'fred@bigpond.con'))).toMatchObject({ suggestion: 'fred@bigpond.com' });
  });

  it('GET /verify/{id} returns the same result again, free, and another account gets 404', async () => {
    const w = await world();
    const first = okBody(await verify(w.jwt, 'jane@gmail.com'));
    const again = await reread(w.jwt, first.id);
    expect(again.status).toBe(200);
    expect(okBody(again)).toEqual(first);
    expect(await remaining(h, w.accountId, w.planId)).toBe(99);

    const other = await world();
    const foreign = await reread(other.jwt, first.id);
    expect(foreign.status).toBe(404);
    expect(msgOf(foreign)).toBe('Email validation result not found');
    expect((await reread(w.jwt, 'AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await reread(w.jwt, 'bad id!')).status).toBe(400);
    expect((await reread(null, first.id)).status).toBe(401);
  });

  it("GET /verify/{id} applies the API token's rules though it charges nothing", async () => {
    const w = await world();
    const { id } = okBody(await verify(w.jwt, 'jane@gmail.com'));
    await query(h.db, 'update tokens set locked = true where id = $1', [w.tokenId]);
    const locked = await reread(w.jwt, id);
    expect(locked.status).toBe(403);
    expect(msgOf(locked)).toBe(meterRefusals.tokenLocked);
    await query(h.db, "update tokens set locked = false, services = '{addresslookup}' where id = $1", [w.tokenId]);
    const other = await reread(w.jwt, id);
    expect(other.status).toBe(403);
    expect(msgOf(other)).toBe(meterRefusals.tokenService('email'));
  });

  it('refuses bad input with a clear 400 or 413, never a 500 and never a click', async () => {
    const w = await world();
    const before = await meterState(h);
    const cases: Array<[string | object, number, RegExp]> = [
      [{ email: 'a'.repeat(1000) + '@example.com' }, 400, new RegExp(`at most ${emailMaxInput} characters`)],
      [{}, 400, /email/],
      [{ email: '   ' }, 400, /"email" is empty/],
      [{ email: 42 }, 400, /email/],
      ['{"email": ', 400, /./],
      ['', 400, /./],
      [{ email: 'x'.repeat(10_000) }, 413, /./],
    ];
    for (const [payload, status, text] of cases) {
      const response = await verifyRaw(w.jwt, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(msg(response)).toMatch(text);
    }
    expect(await meterState(h)).toEqual(before);
  });

  it('a 300-character address is checked and answered invalid (address_too_long) for a click', async () => {
    const w = await world();
    const response = await verify(w.jwt, `${'a'.repeat(288)}@example.com`);
    expect(okBody(response)).toMatchObject({ result: 'invalid', reasons: ['address_too_long'], notChecked: ['dns', 'smtp_mailbox', 'catch_all'] });
    expect(await remaining(h, w.accountId, w.planId)).toBe(99);
  });

  it('no clicks left is the meter\'s 402, with nothing stored', async () => {
    const w = await world(1);
    expect((await verify(w.jwt, 'a@example.com')).status).toBe(200);
    const refused = await verify(w.jwt, 'b@example.com');
    expect(refused.status).toBe(402);
    expect(msgOf(refused)).toBe(meterRefusals.noClicks('email'));
    const { rows } = await query<{ n: number }>(h.db, 'select count(*)::int as n from email_results where account_id = $1', [w.accountId]);
    expect(rows[0].n).toBe(1);
  });

  it('a service JWT for the email service calls it; a portal session is refused', async () => {
    const w = await world();
    const { jwt: session } = await h.login(w.owner.email);
    expect((await verify(session, 'a@example.com')).status).toBe(403);
    const serviceId = (await query<{ id: number }>(h.db, "select id from services where name = 'email'")).rows[0].id;
    const { jwt } = okBody(await call(h, null, serviceJwt, { query: { serviceId, groupId: w.accountId }, headers: h.bearer(session) }));
    const response = await verify(jwt, 'a@example.com');
    expect(response.status).toBe(200);
    expect((await reread(jwt, okBody(response).id)).status).toBe(200);
    const { rows } = await query<{ token_id: number | null }>(h.db, 'select token_id from email_results where account_id = $1', [w.accountId]);
    expect(rows).toEqual([{ token_id: null }]);
  });
});
