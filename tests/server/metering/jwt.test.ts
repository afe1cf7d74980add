// GET /tokens/servicejwt: the short-lived token the SPA's application pages call the services
// with, for one account and one row of the services table (spec section 9: matched on service id).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceJwtSeconds } from '../../../contract/metering/schemas';
import { meteredRefusals } from '../../../server/http/meteredCaller';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, nowOf } from '../support/catalogue';
import { meterCall, meterRoutes, meterWorld, remaining } from '../support/meter';
import * as E from '../../../contract/users/endpoints';
import * as M from '../../../contract/metering/endpoints';
import { call, msgOf, okBody } from '../support/api';
import { request, sendRaw } from '../support/calls';

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

const getJwt = (session: string, query: { serviceId: number; groupId: number }) => call(h, null, M.serviceJwt, { query, headers: h.bearer(session) });

describe('GET /tokens/servicejwt', () => {
  it('gives an owner a five-minute token for the address service that calls lookup and autocomplete, charged to the account with no token', async () => {
    const w = await world();
    const response = await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.accountId });
    const body = okBody(response);
    expect(body.services).toEqual(['addresslookup', 'autocomplete']);
    expect(body.expiry).toBe(nowOf(h) + serviceJwtSeconds);
    expect(body.groupId).toBe(w.accountId);
    const metered = await meterCall(h, body.jwt);
    expect(metered.statusCode).toBe(200);
    expect(metered.json()).toMatchObject({ accountId: w.accountId, tokenId: null });
    expect(await remaining(h, w.accountId, w.planId)).toBe(99);
    const { rows } = await query(h.db, 'select token_id, country, clicks from usage_daily where account_id = $1', [w.accountId]);
    expect(rows).toEqual([{ token_id: null, country: 'GB', clicks: 1 }]);
  });

  it('refuses the token at a service of another row (403) and once five minutes have passed (401)', async () => {
    const w = await world();
    const { jwt } = okBody(await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.accountId }));
    const email = await meterCall(h, jwt, { service: 'email' });
    expect(email.statusCode).toBe(403);
    expect(msg(email)).toBe(meteredRefusals.wrongService('email'));
    h.clock.advance(serviceJwtSeconds * 1000);
    expect((await meterCall(h, jwt)).statusCode).toBe(401);
  });

  it('is never a session: the portal refuses it with 401', async () => {
    const w = await world();
    const { jwt } = okBody(await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.accountId }));
    const read = await call(h, null, E.getUser, { query: { id: w.owner.id }, headers: h.bearer(jwt) });
    expect(read.status).toBe(401);
    const again = await getJwt(jwt, { serviceId: 1, groupId: w.accountId });
    expect(again.status).toBe(401);
  });

  it('ends with the session it was issued from', async () => {
    const w = await world();
    const { jwt } = okBody(await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.accountId }));
    expect((await call(h, null, E.logout, { headers: h.bearer(w.session) })).status).toBe(200);
    expect((await meterCall(h, jwt)).statusCode).toBe(401);
  });

  it('refuses an unknown service id (404), a group that is not an account (400) and another account (403)', async () => {
    const w = await world();
    const unknown = await getJwt(w.session, { serviceId: 99_999, groupId: w.accountId });
    expect([unknown.status, msgOf(unknown)]).toEqual([404, 'Service not found']);
    const organisation = await getJwt(w.session, { serviceId: await serviceId('address'), groupId: w.organisation });
    expect([organisation.status, msgOf(organisation)]).toEqual([400, 'Services are called for an account: choose an account']);
    const stranger = await h.createUser();
    const { jwt } = await h.login(stranger.email);
    const other = await getJwt(jwt, { serviceId: await serviceId('address'), groupId: w.accountId });
    expect([other.status, msgOf(other)]).toEqual([403, 'You do not have access to this group']);
    // A service id that is not a number.
    const bad = await sendRaw(h, null, { ...request('GET', '/tokens/servicejwt', { serviceId: 'x', groupId: w.accountId }), headers: h.bearer(w.session) });
    expect(bad.status).toBe(400);
  });

  it('gives a member every service, or only the services an owner gave them on the account', async () => {
    const w = await world();
    const member = await h.createUser();
    await h.addToGroup(w.accountId, member.id, 'member');
    const { jwt } = await h.login(member.email);
    expect((await getJwt(jwt, { serviceId: await serviceId('address'), groupId: w.accountId })).status).toBe(200);
    await query(h.db, 'insert into user_services (group_id, user_id, service_id, create_timestamp) values ($1, $2, $3, $4)',
      [w.accountId, member.id, await serviceId('email'), nowOf(h)]);
    const refused = await getJwt(jwt, { serviceId: await serviceId('address'), groupId: w.accountId });
    expect([refused.status, msgOf(refused)]).toEqual([403, 'You have not been given the Address lookup service on this account: ask an owner']);
    expect((await getJwt(jwt, { serviceId: await serviceId('email'), groupId: w.accountId })).status).toBe(200);
  });
});
