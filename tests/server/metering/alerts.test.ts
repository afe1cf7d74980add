// Usage alerts: the thresholds an owner sets per subscription (GET and PUT /account/plans/alerts),
// mailed to the account's owners once per crossing (real SMTP), and again after more clicks are bought.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meter } from '../../../server/platform/meter';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, nowOf } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';
import { meterCall, meterRoutes, meterState, meterWorld } from '../support/meter';
import * as M from '../../../contract/metering/endpoints';
import { call, msgOf, okBody } from '../support/api';

let h: Harness;
beforeEach(async () => {
  h = await createHarness(meterRoutes);
});
afterEach(() => h?.close());

type Key = { accountId: number; planId: number };
const getAlerts = (session: string, query: Key) => call(h, null, M.getUsageAlerts, { query, headers: h.bearer(session) });
const putAlerts = (session: string, query: Key, thresholds: number[]) => call(h, null, M.putUsageAlerts, { query, body: { thresholds }, headers: h.bearer(session) });

async function world(clicks = 10) {
  const w = await meterWorld(h);
  const now = nowOf(h);
  await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks, start: now - day, end: now + 30 * day });
  const tokenId = await insertToken(h, w.accountId, { services: ['addresslookup'] });
  const { jwt } = await exportToken(h, w.owner, w.accountId, tokenId);
  const { jwt: session } = await h.login(w.owner.email);
  const plan = (await query<{ name: string }>(h.db, 'select name from plans where id = $1', [w.planId])).rows[0].name;
  return { ...w, jwt, session, plan, key: { accountId: w.accountId, planId: w.planId } };
}

/** No further mail arrives to `to` within a short wait. */
async function noMoreMail(to: string) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(h.mail.messages.filter((m) => m.to.includes(to))).toEqual([]);
}

describe('usage alert settings', () => {
  it('reads none, sets them sorted, and turns them off with an empty list', async () => {
    const w = await world();
    expect(okBody(await getAlerts(w.session, w.key))).toEqual({ ...w.key, thresholds: [], sent: [] });
    const put = await putAlerts(w.session, w.key, [80, 50, 100]);
    expect(put.status).toBe(200);
    expect(okBody(put)).toEqual({ ...w.key, thresholds: [50, 80, 100], sent: [] });
    expect(okBody(await getAlerts(w.session, w.key))).toMatchObject({ thresholds: [50, 80, 100] });
    expect(okBody(await putAlerts(w.session, w.key, []))).toMatchObject({ thresholds: [] });
  });

  it('refuses thresholds outside 1-100, repeated, or more than ten with 400, and writes nothing', async () => {
    const w = await world();
    await putAlerts(w.session, w.key, [50]);
    for (const [thresholds, words] of [
      [[0], 'A threshold is at least 1%'],
      [[101], 'A threshold is at most 100%'],
      [[50.5], 'A threshold is a whole percentage'],
      [[50, 50], 'Each threshold may be given once'],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'At most 10 thresholds'],
    ] as const) {
      const response = await putAlerts(w.session, w.key, [...thresholds]);
      expect(response.status, JSON.stringify(thresholds)).toBe(400);
      expect(msgOf(response)).toContain(words);
    }
    expect(okBody(await getAlerts(w.session, w.key))).toMatchObject({ thresholds: [50] });
  });

  it('is for owners and staff: a member gets 403, a plan the account does not hold 404', async () => {
    const w = await world();
    const member = await h.createUser();
    await h.addToGroup(w.accountId, member.id, 'member');
    const { jwt } = await h.login(member.email);
    expect((await putAlerts(jwt, w.key, [50])).status).toBe(403);
    expect((await getAlerts(jwt, w.key)).status).toBe(403);
    const missing = await getAlerts(w.session, { accountId: w.accountId, planId: w.planId + 1000 });
    expect(missing.status).toBe(404);
    const staff = await h.createUser({ roles: ['sales'] });
    const { jwt: sales } = await h.login(staff.email);
    expect((await putAlerts(sales, w.key, [90])).status).toBe(200);
  });
});

describe('usage alert mails', () => {
  it('mails the owners once per crossing, and again after more clicks are bought', async () => {
    const w = await world(10);
    await putAlerts(w.session, w.key, [50, 80]);
    for (let i = 0; i < 4; i++) expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    await noMoreMail(w.owner.email);

    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    const fifty = await h.mail.take(w.owner.email);
    expect(fifty.subject).toBe(`${w.plan}: 50% of your clicks used`);
    expect(fifty.text).toContain('Meter Account has used 5 of the 10 clicks');
    expect(fifty.text).toContain('5 clicks remain.');
    for (let i = 0; i < 2; i++) expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    await noMoreMail(w.owner.email);

    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    expect((await h.mail.take(w.owner.email)).subject).toBe(`${w.plan}: 80% of your clicks used`);
    for (let i = 0; i < 2; i++) expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    await noMoreMail(w.owner.email);
    expect(okBody(await getAlerts(w.session, w.key)).sent.map((s) => s.threshold)).toEqual([50, 80]);

    // Ten more clicks: 10 of 20 used is 50% of the new total, mailed again at the next call.
    const now = nowOf(h);
    await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 10, start: now - day, end: now + 60 * day });
    expect(okBody(await getAlerts(w.session, w.key)).sent).toEqual([]);
    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    const again = await h.mail.take(w.owner.email);
    expect(again.subject).toBe(`${w.plan}: 50% of your clicks used`);
    expect(again.text).toContain('used 11 of the 20 clicks');
  });

  it('mails a crossing once when concurrent calls cross it together, and not owners who turned usage alerts off', async () => {
    const w = await world(40);
    const quiet = await h.createUser();
    await h.addToGroup(w.accountId, quiet.id, 'owner');
    await query(h.db, `insert into user_permissions (user_id, permission_id, enabled, update_timestamp)
                       select $1, id, false, 0 from permissions where ref_id = 'notify.usage'`, [quiet.id]);
    await putAlerts(w.session, w.key, [25]);
    const codes = (await Promise.all(Array.from({ length: 20 }, () => meterCall(h, w.jwt)))).map((r) => r.statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    expect((await h.mail.take(w.owner.email)).subject).toContain('25% of your clicks used');
    await noMoreMail(w.owner.email);
    await noMoreMail(quiet.email);
    expect((await meterState(h)).marks).toHaveLength(1);
  });

  it('never mails for a refused call', async () => {
    const w = await world(1);
    await putAlerts(w.session, w.key, [100]);
    expect((await meterCall(h, w.jwt, { fail: true })).statusCode).toBe(502);
    expect((await meterCall(h, w.jwt)).statusCode).toBe(200);
    expect((await h.mail.take(w.owner.email)).subject).toContain('100% of your clicks used');
    expect((await meterCall(h, w.jwt)).statusCode).toBe(402);
    await noMoreMail(w.owner.email);
  });

  it('logs a mail that cannot be sent and still answers the call', async () => {
    const w = await world(2);
    await putAlerts(w.session, w.key, [50]);
    const logged = vi.fn();
    const failing = { send: () => Promise.reject(new Error('mail server down')), close: async () => undefined };
    const deps = { db: h.db, clock: h.clock, mail: failing, log: { error: logged }, config: h.config };
    const answer = await meter(deps, { accountId: w.accountId, service: 'addresslookup', tokenId: null }, async () => 'served');
    expect(answer).toBe('served');
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.objectContaining({ to: w.owner.email }), 'metering: usage alert mail not sent'));
    // The crossing is marked all the same: it is not mailed again at the next call.
    expect((await meterState(h)).marks).toHaveLength(1);
  });
});
