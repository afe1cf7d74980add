// Name validation (service name): POST /api/name/validate with the real engine and the real meter.
// A click per answered call, none for a refused one; bad input 400 before the charge.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as N from '../../../contract/name/endpoints';
import { meteredRefusals } from '../../../server/http/meteredCaller';
import { meterRefusals } from '../../../server/platform/meterRules';
import { call, msgOf, okBody, urlOf } from '../support/api';
import { createHarness, type Harness } from '../support/harness';
import { day, insertBundle, nowOf, insertDataset, insertPlan, insertSubscription } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';
import { meterState, usageClicks } from '../support/meter';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h?.close());

async function nameWorld(clicks = 100) {
  const owner = await h.createUser({ personalName: 'Name Owner' });
  const organisation = await h.createGroup({ name: 'Name Org', type: 'organisation' });
  const accountId = await h.createGroup({ name: 'Name Account', type: 'account', parentId: organisation });
  await h.addToGroup(organisation, owner.id, 'owner');
  const datasetId = await insertDataset(h, { service: 'name', ref: 'NAME' });
  const planId = await insertPlan(h, { datasetId, name: 'Name Validation UK' });
  await insertSubscription(h, accountId, planId);
  const now = nowOf(h);
  if (clicks > 0) await insertBundle(h, { accountId, planId, clicks, start: now - day, end: now + 30 * day });
  const tokenId = await insertToken(h, accountId, { services: ['name'] });
  const { jwt } = await exportToken(h, owner, accountId, tokenId);
  return { owner, accountId, planId, tokenId, jwt };
}

const validate = (jwt: string | null, name: string) => call(h, null, N.validateName, { body: { name }, headers: jwt ? h.bearer(jwt) : {} });
/** A raw POST, for bodies the contract cannot type (a number, a missing field, broken JSON). */
const postRaw = (jwt: string, payload: string | object) =>
  h.inject({ method: 'POST', url: urlOf(N.validateName, {}), headers: { ...h.bearer(jwt), 'content-type': 'application/json' }, payload });

describe('POST /api/name/validate', () => {
  it('parses, checks and scores a name, a click each', async () => {
    const w = await nameWorld();
    const good = await validate(w.jwt, 'Mr John Smith');
    expect(good.status).toBe(200);
    expect(okBody(good)).toMatchObject({ parts: { title: 'Mr', forename: 'John', surname: 'Smith' }, score: 100, verdict: 'valid' });
    const bad = okBody(await validate(w.jwt, 'Mickey Mouse'));
    expect(bad).toMatchObject({ verdict: 'invalid' });
    expect(bad.reasons[0]).toMatchObject({ check: 'placeholder', severity: 'fail' });
    const place = okBody(await validate(w.jwt, 'Dick Penistone'));
    expect(place).toMatchObject({ verdict: 'valid' });
    for (const name of ['毛泽东', 'محمد علي', 'Иван Петрович Сидоров']) {
      const r = await validate(w.jwt, name);
      expect(r.status, name).toBe(200);
      expect(okBody(r).reasons.map((x) => x.check), name).not.toContain('mashing');
    }
    expect(await usageClicks(h, w.accountId)).toEqual({ clicks: 6, rows: 1 });
  });

  it('refuses bad input with 400 and no click', async () => {
    const w = await nameWorld();
    const before = await meterState(h);
    const cases: Array<[object, string]> = [
      [{ name: '' }, 'name: Enter a name'],
      [{ name: '   ' }, 'name: Enter a name'],
      [{ name: 'x'.repeat(10_000) }, 'name: A name is at most 300 characters'],
      [{ name: 42 }, 'name: The name must be text'],
      [{}, 'name: This field is required'],
    ];
    for (const [payload, msg] of cases) {
      const r = await postRaw(w.jwt, payload);
      expect(r.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(r.json<{ msg: string }>().msg).toBe(msg);
    }
    const raw = await postRaw(w.jwt, '{"name":');
    expect(raw.statusCode).toBe(400);
    expect(await meterState(h)).toEqual(before);
  });

  it('is metered: refusals with no click', async () => {
    const w = await nameWorld(1);
    expect((await validate(null, 'John Smith')).status).toBe(401);
    const session = await exportToken(h, w.owner, w.accountId, null, 'session');
    const portal = await validate(session.jwt, 'John Smith');
    expect([portal.status, msgOf(portal)]).toEqual([403, meteredRefusals.portalSession]);
    const bankOnly = await insertToken(h, w.accountId, { services: ['bankcode'] });
    const { jwt: bankJwt } = await exportToken(h, w.owner, w.accountId, bankOnly);
    const wrong = await validate(bankJwt, 'John Smith');
    expect([wrong.status, msgOf(wrong)]).toEqual([403, meterRefusals.tokenService('name')]);
    expect((await validate(w.jwt, 'John Smith')).status).toBe(200);
    const none = await validate(w.jwt, 'John Smith');
    expect([none.status, msgOf(none)]).toEqual([402, meterRefusals.noClicks('name')]);
    expect(await usageClicks(h, w.accountId)).toEqual({ clicks: 1, rows: 1 });
  });
});
