// GET /tokens/servicejwt: the short-lived token the SPA's application pages call the services
// with, for one account and one row of the services table (spec section 9: matched on service id).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceJwtSeconds } from '../../../contract/metering/schemas';
import { meteredRefusals } from '../../../server/http/meteredCaller';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, nowOf } from '../support/catalogue';
import { meterCall, meterRoutes, meterWorld, remaining } from '../support/meter';

let h: Harness;
beforeEach(async () => {
  h = await createHarness(meterRoutes);
});
afterEach(() => h?.close());

const serviceId = async (name: string) => (await query<{ id: number }>(h.db, 'select id from services where name = $1', [name])).rows[0].id;
const msg = (response: { body: string }) => (JSON.parse(response.body) as { msg: string }).msg;

async function world() {
  const w = await meterWorld(h);
  const now = nowOf(h);
  await insertBundle(h, { accountId: w.accountId, planId: w.planId, clicks: 100, start: now - day, end: now + 30 * day });
  const { jwt } = await h.login(w.owner.email);
  return { ...w, session: jwt };
}

const getJwt = (session: string, q: Record<string, string | number>) =>
  h.inject({ method: 'GET', url: '/api/users/tokens/servicejwt', query: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])), headers: h.bearer(session) });

describe('GET /tokens/servicejwt', () => {
  it('gives an owner a five-minute token for the address service that calls lookup and autocomplete, charged to the account with no token', async () => {
    const w = await world();
    const response = await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.accountId });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ jwt: string; services: string[]; expiry: number; groupId: number }>();
    expect(body.services).toEqual(['addresslookup', 'autocomplete']);
    expect(body.expiry).toBe(nowOf(h) + serviceJwtSeconds);
    expect(body.groupId).toBe(w.accountId);
    const call = await meterCall(h, body.jwt);
    expect(call.statusCode).toBe(200);
    expect(call.json()).toMatchObject({ accountId: w.accountId, tokenId: null });
    expect(await remaining(h, w.accountId, w.planId)).toBe(99);
    const { rows } = await query(h.db, 'select token_id, country, clicks from usage_daily where account_id = $1', [w.accountId]);
    expect(rows).toEqual([{ token_id: null, country: 'GB', clicks: 1 }]);
  });

  it('refuses the token at a service of another row (403) and once five minutes have passed (401)', async () => {
    const w = await world();
    const { jwt } = (await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.accountId })).json<{ jwt: string }>();
    const email = await meterCall(h, jwt, { service: 'email' });
    expect(email.statusCode).toBe(403);
    expect(msg(email)).toBe(meteredRefusals.wrongService('email'));
    h.clock.advance(serviceJwtSeconds * 1000);
    expect((await meterCall(h, jwt)).statusCode).toBe(401);
  });

  it('is never a session: the portal refuses it with 401', async () => {
    const w = await world();
    const { jwt } = (await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.accountId })).json<{ jwt: string }>();
    const read = await h.inject({ method: 'GET', url: '/api/users/user', query: { id: String(w.owner.id) }, headers: h.bearer(jwt) });
    expect(read.statusCode).toBe(401);
    const again = await h.inject({ method: 'GET', url: '/api/users/tokens/servicejwt', query: { serviceId: '1', groupId: String(w.accountId) }, headers: h.bearer(jwt) });
    expect(again.statusCode).toBe(401);
  });

  it('ends with the session it was issued from', async () => {
    const w = await world();
    const { jwt } = (await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.accountId })).json<{ jwt: string }>();
    expect((await h.inject({ method: 'DELETE', url: '/api/users/auth', headers: h.bearer(w.session) })).statusCode).toBe(200);
    expect((await meterCall(h, jwt)).statusCode).toBe(401);
  });

  it('refuses an unknown service id (404), a group that is not an account (400) and another account (403)', async () => {
    const w = await world();
    const unknown = await getJwt(w.session, { serviceId: 99_999, groupId: w.accountId });
    expect([unknown.statusCode, msg(unknown)]).toEqual([404, 'Service not found']);
    const organisation = await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.organisation });
    expect([organisation.statusCode, msg(organisation)]).toEqual([400, 'Services are called for an account: choose an account']);
    const stranger = await h.createUser();
    const { jwt } = await h.login(stranger.email);
    const other = await getJwt(jwt, { serviceId: await serviceId('address'), groupId: w.accountId });
    expect([other.statusCode, msg(other)]).toEqual([403, 'You do not have access to this group']);
    const bad = await getJwt(w.session, { serviceId: 'x', groupId: w.accountId });
    expect(bad.statusCode).toBe(400);
  });

  it('gives a member every service, or only the services an owner gave them on the account', async () => {
    const w = await world();
    const member = await h.createUser();
    await h.addToGroup(w.accountId, member.id, 'member');
    const { jwt } = await h.login(member.email);
    expect((await getJwt(jwt, { serviceId: await serviceId('address'), groupId: w.accountId })).statusCode).toBe(200);
    await query(h.db, 'insert into user_services (group_id, user_id, service_id, create_timestamp) values ($1, $2, $3, $4)',
      [w.accountId, member.id, await serviceId('email'), nowOf(h)]);
    const refused = await getJwt(jwt, { serviceId: await serviceId('address'), groupId: w.accountId });
    expect([refused.statusCode, msg(refused)]).toEqual([403, 'You have not been given the Address lookup service on this account: ask an owner']);
    expect((await getJwt(jwt, { serviceId: await serviceId('email'), groupId: w.accountId })).statusCode).toBe(200);
  });
});
