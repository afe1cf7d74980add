// Test calls (contract/shared/testCalls.ts): on a plan that allows them, a call of every metered
// service sent with X-Test-Call: true costs no clicks, is not refused for want of clicks, is counted
// in usage_daily.test_calls, and answers marked test; on a plan that does not, it is refused; a live
// call still costs a click. Then the meter's rules around them on the test-only metered route.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DqService } from '../../../contract/shared/catalogue';
import { testCallHeader, testCallsPerDay } from '../../../contract/shared/testCalls';
import { meteredRefusals } from '../../../server/http/meteredCaller';
import { meterRefusals } from '../../../server/platform/meterRules';
import { startDnsServer, testZone, type DnsServer } from '../../support/dns-server';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, nowOf, insertDataset, insertPlan, insertSubscription } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';
import { meterCall, meterRoutes, meterState, meterWorld, remaining } from '../support/meter';

import * as P from '../../../contract/plans/endpoints';
import * as U from '../../../contract/usage/endpoints';
import { call, okBody } from '../support/api';

const soapKey = 'soap-key-for-test-calls-41c2';
let dns: DnsServer;
let dataDir: string;
let h: Harness;
beforeAll(async () => {
  dns = await startDnsServer(testZone);
  dataDir = mkdtempSync(join(tmpdir(), 'test-calls-'));
});
afterAll(async () => {
  await dns.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  h = await createHarness({
    ...meterRoutes,
    env: {
      DATA_DIR: dataDir,
      ADDRESS_SAMPLE_SIZE: '3000',
      EMAIL_DNS_SERVERS: dns.address,
      EMAIL_DNS_TIMEOUT_MS: '200',
      EMAIL_DNS_TRIES: '1',
      BANK_SOAP_CREDENTIAL: soapKey,
    },
  });
});
afterEach(() => h?.close());

const testHeader = { [testCallHeader]: 'true' };
type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** One call of each metered service, live or test, and whether its answer is marked test. */
type ServiceCall = {
  service: DqService;
  ref: string;
  call: (jwt: string, headers: Record<string, string>) => Promise<Answer>;
  marked: (r: Answer) => boolean;
};
const bearer = (jwt: string, headers: Record<string, string>) => ({ authorization: `Bearer ${jwt}`, ...headers });
const json = { 'content-type': 'application/json' };
const markedJson = (r: Answer) => (JSON.parse(r.body) as { test?: boolean }).test === true;
const soapEnvelope = `<?xml version="1.0" encoding="UTF-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:b="urn:dataquality:bank"><soap:Body><b:ValidateAccount>
<b:Key>${soapKey}</b:Key><b:SortCode>08-99-99</b:SortCode><b:AccountNumber>66374958</b:AccountNumber><b:Dataset>BANK-UK</b:Dataset>
</b:ValidateAccount></soap:Body></soap:Envelope>`;

// Each service's call as its integrators send it (a SOAP envelope among them), compared on the raw answer
// and its headers: sent as built, not through the contract's typed calls.
const serviceCalls: ServiceCall[] = [
  { service: 'addresslookup', ref: 'PAF', marked: markedJson,
    call: (jwt, headers) => h.inject({ method: 'GET', url: '/api/address/json/uk', query: { q: 'AB10' }, headers: bearer(jwt, headers) }) },
  { service: 'autocomplete', ref: 'AUTOC-UK', marked: markedJson,
    call: (jwt, headers) => h.inject({ method: 'GET', url: '/api/autocomplete/autoc/json', query: { q: 'AB', dataset: 'uk' }, headers: bearer(jwt, headers) }) },
  { service: 'email', ref: 'EMAIL', marked: markedJson,
    call: (jwt, headers) => h.inject({ method: 'POST', url: '/api/email/verify', headers: bearer(jwt, { ...json, ...headers }), payload: JSON.stringify({ email: 'someone@example.com' }) }) },
  { service: 'bankcode', ref: 'BANK-UK', marked: markedJson,
    call: (jwt, headers) => h.inject({ method: 'POST', url: '/api/bank/validate', headers: bearer(jwt, { ...json, ...headers }), payload: JSON.stringify({ sortCode: '08-99-99', accountNumber: '66374958' }) }) },
  { service: 'bankcode', ref: 'BANK-UK', marked: (r) => r.body.includes('<Test>true</Test>'),
    call: (jwt, headers) => h.inject({ method: 'POST', url: '/api/bank/soap', headers: bearer(jwt, { 'content-type': 'text/xml; charset=utf-8', ...headers }), payload: soapEnvelope }) },
  { service: 'name', ref: 'NAME', marked: markedJson,
    call: (jwt, headers) => h.inject({ method: 'POST', url: '/api/name/validate', headers: bearer(jwt, { ...json, ...headers }), payload: JSON.stringify({ name: 'Mr John Smith' }) }) },
];

async function setAllowTest(planId: number, allow: boolean) {
  await query(h.db, 'update plans set allow_test = $1 where id = $2', [allow, planId]);
}

/** Clicks and test calls the account's usage rows hold. */
async function usageOf(accountId: number) {
  const { rows } = await query<{ clicks: number; tests: number }>(h.db,
    'select coalesce(sum(clicks), 0)::int as clicks, coalesce(sum(test_calls), 0)::int as tests from usage_daily where account_id = $1', [accountId]);
  return rows[0];
}

/** The address data loads on first use: wait until both datasets answer. */
async function untilAddressReady(jwt: string) {
  for (let i = 0; i < 600; i++) {
    const r = await h.inject({ method: 'GET', url: '/api/address/countries/json', headers: bearer(jwt, {}) });
    if (r.json<{ datasets: { ready: boolean }[] }>().datasets.every((d) => d.ready)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The address data never became ready');
}

describe('a test call of each metered service', () => {
  for (const s of serviceCalls) {
    const label = `${s.service}${s.marked === markedJson ? '' : ' (SOAP)'}`;
    it(`${label}: costs nothing with no clicks left and answers marked test; refused when the plan does not allow it; a live call still costs`, async () => {
      const owner = await h.createUser({ personalName: 'Test Call Owner' });
      const organisation = await h.createGroup({ name: 'Test Call Org', type: 'organisation' });
      const accountId = await h.createGroup({ name: 'Test Call Account', type: 'account', parentId: organisation });
      await h.addToGroup(organisation, owner.id, 'owner');
      const datasetId = await insertDataset(h, { service: s.service, ref: s.ref });
      const planId = await insertPlan(h, { datasetId, name: `${s.ref} Test Plan` });
      await insertSubscription(h, accountId, planId);
      const now = nowOf(h);
      // Every click of the bundle is spent: a live call is refused for want of clicks.
      await insertBundle(h, { accountId, planId, clicks: 10, used: 10, start: now - day, end: now + 30 * day });
      const tokenId = await insertToken(h, accountId, { services: [s.service], dailyCap: 1 });
      const { jwt } = await exportToken(h, owner, accountId, tokenId);
      if (s.service === 'addresslookup' || s.service === 'autocomplete') await untilAddressReady(jwt);

      const live = await s.call(jwt, {});
      expect(live.statusCode, live.body).toBe(402);

      await setAllowTest(planId, true);
      for (let i = 0; i < 2; i++) {
        const test = await s.call(jwt, testHeader);
        expect(test.statusCode, test.body).toBe(200);
        expect(s.marked(test)).toBe(true);
        expect(test.headers['x-test-call']).toBe('true');
      }
      // No click taken, none needed, the token's daily cap of 1 untouched; two test calls counted.
      expect(await remaining(h, accountId, planId)).toBe(0);
      expect(await usageOf(accountId)).toEqual({ clicks: 0, tests: 2 });
      expect((await query(h.db, 'select * from token_day_usage where token_id = $1', [tokenId])).rows).toEqual([]);

      await setAllowTest(planId, false);
      const before = await meterState(h);
      const refused = await s.call(jwt, testHeader);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain(meterRefusals.testNotAllowed(`${s.ref} Test Plan`).split(':')[0]);
      expect(await meterState(h)).toEqual(before);

      await insertBundle(h, { accountId, planId, clicks: 5, start: now - day, end: now + 30 * day });
      const paid = await s.call(jwt, {});
      expect(paid.statusCode, paid.body).toBe(200);
      expect(s.marked(paid)).toBe(false);
      expect(paid.headers['x-test-call']).toBeUndefined();
      expect(await remaining(h, accountId, planId)).toBe(4);
      expect(await usageOf(accountId)).toEqual({ clicks: 1, tests: 2 });
    }, 60_000);
  }

  it('keeps the mark on an email result read again', async () => {
    const w = await meterWorld(h, { service: 'email' });
    await setAllowTest(w.planId, true);
    const tokenId = await insertToken(h, w.accountId, { services: ['email'] });
    const { jwt } = await exportToken(h, w.owner, w.accountId, tokenId);
    const test = await serviceCalls[2].call(jwt, testHeader);
    expect(test.statusCode, test.body).toBe(200);
    const again = await h.inject({ method: 'GET', url: `/api/email/verify/${(JSON.parse(test.body) as { id: string }).id}`, headers: bearer(jwt, {}) });
    expect(again.json()).toMatchObject({ test: true, email: 'someone@example.com' });
  });
});

describe("the meter's rules for test calls", () => {
  async function world(allowTest = true) {
    const w = await meterWorld(h);
    await setAllowTest(w.planId, allowTest);
    const tokenId = await insertToken(h, w.accountId, { services: ['addresslookup'] });
    const { jwt } = await exportToken(h, w.owner, w.accountId, tokenId);
    return { ...w, tokenId, jwt };
  }

  it('refuses a header that is neither true nor false, before anything is counted', async () => {
    const w = await world();
    const before = await meterState(h);
    const r = await meterCall(h, w.jwt, { headers: { [testCallHeader]: 'maybe' } });
    expect([r.statusCode, r.json().msg]).toEqual([400, meteredRefusals.badTestHeader]);
    const off = await meterCall(h, w.jwt, { headers: { [testCallHeader]: 'false' } });
    expect(off.statusCode).toBe(402);
    expect(await meterState(h)).toEqual(before);
  });

  it(`allows ${testCallsPerDay} test calls a day per service, then 429 until midnight UTC`, async () => {
    const w = await world();
    const today = nowOf(h) - (nowOf(h) % day);
    await query(h.db, 'insert into usage_daily (account_id, plan_id, day, token_id, country, clicks, test_calls) values ($1, $2, $3, null, $4, 0, $5)',
      [w.accountId, w.planId, today, 'GB', testCallsPerDay - 1]);
    expect((await meterCall(h, w.jwt, { headers: testHeader })).statusCode).toBe(200);
    const over = await meterCall(h, w.jwt, { headers: testHeader });
    expect([over.statusCode, over.json().msg]).toEqual([429, meterRefusals.testCallsUsed('addresslookup')]);
    expect(Number(over.headers['retry-after'])).toBe(today + day - nowOf(h));
    // Another service's test calls are counted apart.
    const email = await meterWorld(h, { service: 'email' });
    await setAllowTest(email.planId, true);
    const tokenId = await insertToken(h, email.accountId, { services: ['email'] });
    const { jwt } = await exportToken(h, email.owner, email.accountId, tokenId);
    expect((await meterCall(h, jwt, { service: 'email', headers: testHeader })).statusCode).toBe(200);
  });

  it("takes back a failed test call, and still applies the token's rules and a disabled subscription", async () => {
    const w = await world();
    const before = await meterState(h);
    const failed = await meterCall(h, w.jwt, { fail: true, headers: testHeader });
    expect(failed.statusCode).toBe(502);
    expect(await meterState(h)).toEqual(before);

    await query(h.db, 'update tokens set locked = true where id = $1', [w.tokenId]);
    const locked = await meterCall(h, w.jwt, { headers: testHeader });
    expect([locked.statusCode, locked.json().msg]).toEqual([403, meterRefusals.tokenLocked]);
    await query(h.db, 'update tokens set locked = false where id = $1', [w.tokenId]);

    await query(h.db, 'update subscriptions set enabled = false where account_id = $1', [w.accountId]);
    const disabled = await meterCall(h, w.jwt, { headers: testHeader });
    expect(disabled.statusCode).toBe(402);
    expect(await meterState(h)).toEqual(before);
  });

  it('counts a test call beside the clicks of the same day without touching them', async () => {
    const w = await world();
    const now = nowOf(h);
    await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 3, start: now - day, end: now + day });
    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    const test = await meterCall(h, w.jwt, { headers: testHeader });
    expect(test.json()).toMatchObject({ ok: true, test: true });
    expect(await usageOf(w.accountId)).toEqual({ clicks: 1, tests: 1 });
    expect(await remaining(h, w.accountId, w.planId)).toBe(2);
  });

  it('shows on the services summary and the usage report apart from the clicks', async () => {
    const w = await world();
    const now = nowOf(h);
    await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 3, start: now - day, end: now + day });
    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await meterCall(h, w.jwt, { headers: testHeader })).statusCode).toBe(200);
    const { jwt } = await h.login(w.owner.email);
    const owner = { id: w.owner.id, email: w.owner.email, headers: h.bearer(jwt) };
    const summary = await call(h, owner, P.listAccountPlans, { query: { accountId: w.accountId } });
    expect(okBody(summary)[0]).toMatchObject({ planId: w.planId, allowTest: true, testCallsInPeriod: 2, clicksConsumedInPeriod: 1 });
    const report = await call(h, owner, U.planUsage, { query: { accountId: w.accountId, period: 'daily', fromDate: now - day, toDate: now } });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ clicks: 1, testCalls: 2, plans: [{ planId: w.planId, clicks: 1, testCalls: 2 }] });
  });
});
