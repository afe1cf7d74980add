// Address lookup and autocomplete over HTTP: loading answers 503 with Retry-After and charges
// nothing, lookups and suggestions are metered against the dataset's plans (PAF/GNAF, AUTOC-UK/AU),
// label options change the label, bad input is a clear 400/404 with no click. PGlite by default,
// PostgreSQL with DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as A from '../../../contract/address/endpoints';
import { labelFormats } from '../../../contract/shared/labelConfig';
import { meteredRefusals } from '../../../server/http/meteredCaller';
import { call, msgOf, okBody, urlOf } from '../support/api';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, nowOf, insertDataset, insertPlan, insertSubscription } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';
import { meterState } from '../support/meter';

let dataDir: string;
let h: Harness;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'address-http-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
beforeEach(async () => {
  h = await createHarness({ env: { DATA_DIR: dataDir, ADDRESS_SAMPLE_SIZE: '3000' } });
});
afterEach(() => h?.close());

const msg = (r: { body: string }) => (JSON.parse(r.body) as { msg: string }).msg;

/** An account of the territory with a plan of each dataset ref, 100 clicks each, and an exported API token for both services. */
async function world(territory: 'uk' | 'australia') {
  const owner = await h.createUser({ personalName: 'Address Owner' });
  const organisation = await h.createGroup({ name: 'Address Org', type: 'organisation', territory });
  const accountId = await h.createGroup({ name: 'Address Account', type: 'account', parentId: organisation, territory });
  await h.addToGroup(organisation, owner.id, 'owner');
  const now = nowOf(h);
  const plans: Record<string, number> = {};
  for (const [ref, service] of territory === 'uk' ? [['PAF', 'addresslookup'], ['AUTOC-UK', 'autocomplete']] : [['GNAF', 'addresslookup'], ['AUTOC-AU', 'autocomplete']]) {
    const datasetId = await insertDataset(h, { service, ref });
    const planId = await insertPlan(h, { datasetId, territory, name: `${ref} plan` });
    await insertSubscription(h, accountId, planId);
    await insertBundle(h, { accountId, planId, clicks: 100, start: now - day, end: now + 30 * day });
    plans[ref] = planId;
  }
  const tokenId = await insertToken(h, accountId, { services: ['addresslookup', 'autocomplete'] });
  const { jwt } = await exportToken(h, owner, accountId, tokenId);
  return { owner, accountId, plans, jwt };
}

/** A raw GET, for the bad input the contract cannot type (wrong values, an unknown dataset). */
const get = (jwt: string, url: string, q: Record<string, string> = {}) =>
  h.inject({ method: 'GET', url, query: q, headers: h.bearer(jwt) });

async function untilReady(jwt: string) {
  for (let i = 0; i < 600; i++) {
    const body = okBody(await call(h, null, A.countries, { headers: h.bearer(jwt) }));
    if (body.datasets.every((d) => d.ready)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The address data never became ready');
}

async function used(accountId: number) {
  const { rows } = await query<{ ref: string; clicks: number; country: string }>(h.db,
    `select d.dataset_ref as ref, sum(u.clicks)::int as clicks, u.country from usage_daily u join plans p on p.id = u.plan_id
     join datasets d on d.id = p.dataset_id where u.account_id = $1 group by d.dataset_ref, u.country order by d.dataset_ref`, [accountId]);
  return rows;
}

describe('address lookup and autocomplete over HTTP', () => {
  it('answers 503 with Retry-After while loading, charging nothing, then lists both datasets ready', async () => {
    const w = await world('uk');
    const before = await meterState(h);
    const first = await call(h, null, A.autocomplete, { query: { q: 'ab', dataset: 'uk' }, headers: h.bearer(w.jwt) });
    expect(first.status).toBe(503);
    expect(first.response.headers['retry-after']).toBe('5');
    expect(msgOf(first)).toMatch(/^The uk address data is still loading .*Nothing was charged\.$/);
    expect(await meterState(h)).toEqual(before);
    const listed = await untilReady(w.jwt);
    expect(listed.datasets).toEqual([
      { dataset: 'uk', name: 'United Kingdom: PAF sample', format: 'PAF', datasetRef: 'PAF', sample: true, count: 3000, ready: true, error: null },
      { dataset: 'australia', name: 'Australia: G-NAF sample', format: 'GNAF', datasetRef: 'GNAF', sample: true, count: 3000, ready: true, error: null },
    ]);
  }, 60_000);

  it('suggests, looks up the pick with the label options, and charges one click each on the right plan and country', async () => {
    const w = await world('uk');
    await untilReady(w.jwt);
    const auto = await call(h, null, A.autocomplete, { query: { q: 'AB', dataset: 'uk', limit: 5 }, headers: h.bearer(w.jwt) });
    expect(auto.status).toBe(200);
    const { suggestions, more } = okBody(auto);
    expect(suggestions).toHaveLength(5);
    expect(more).toBe(true);
    for (const s of suggestions) expect(s.postcode.startsWith('AB')).toBe(true);

    const pick = suggestions[0];
    const standard = await call(h, null, A.lookupUk, { query: { id: pick.id, labelFormat: 'Standard', townFormat: 'Lowercase' }, headers: h.bearer(w.jwt) });
    expect(standard.status).toBe(200);
    const [address] = okBody(standard).addresses;
    expect(address.label).toHaveLength(7);
    expect(address.label.filter(Boolean).at(-1)).toBe(pick.postcode);
    expect(address.label).toContain('Aberdeen');
    const fixedTown = await call(h, null, A.lookupUk, { query: { id: pick.id, outputFields: 5 }, headers: h.bearer(w.jwt) });
    const label = okBody(fixedTown).addresses[0].label;
    expect(label).toHaveLength(5);
    expect(label.slice(-2)).toEqual(['ABERDEEN', pick.postcode]);

    // The dataset ref names the dataset too: the UK lookup's entry at /json/PAF.
    const alias = await call(h, null, { ...A.lookupUk, path: '/json/PAF' }, { query: { id: pick.id }, headers: h.bearer(w.jwt) });
    expect(okBody(alias).addresses[0].id).toBe(pick.id);
    const byPostcode = await call(h, null, A.lookupUk, { query: { q: pick.postcode.replace(' ', '').toLowerCase() }, headers: h.bearer(w.jwt) });
    const found = okBody(byPostcode).addresses;
    expect(found.map((a) => a.id)).toContain(pick.id);
    expect(found.every((a) => a.postcode === pick.postcode)).toBe(true);

    expect(await used(w.accountId)).toEqual([
      { ref: 'AUTOC-UK', clicks: 1, country: 'GB' },
      { ref: 'PAF', clicks: 4, country: 'GB' },
    ]);
  }, 60_000);

  it('Australia: G-NAF lines with locality, state and postcode on one last line (as Australia Post writes it), charged to GNAF and AUTOC-AU', async () => {
    const w = await world('australia');
    await untilReady(w.jwt);
    const auto = await call(h, null, A.autocomplete, { query: { q: '0200', dataset: 'australia' }, headers: h.bearer(w.jwt) });
    const [first] = okBody(auto).suggestions;
    expect(first.postcode).toBe('0200');
    const r = await call(h, null, A.lookupAustralia, { query: { id: first.id }, headers: h.bearer(w.jwt) });
    const label = okBody(r).addresses[0].label;
    expect(label).toHaveLength(5);
    expect(label.at(-1)).toBe('ANU ACT 0200');
    expect(await used(w.accountId)).toEqual([
      { ref: 'AUTOC-AU', clicks: 1, country: 'AU' },
      { ref: 'GNAF', clicks: 1, country: 'AU' },
    ]);
  }, 60_000);

  it('refuses bad input with a clear 400 or 404 and charges nothing', async () => {
    const w = await world('uk');
    await untilReady(w.jwt);
    const before = await meterState(h);
    // Sent raw: the values are ones the contract's types refuse, and france is no dataset of it.
    const uk = urlOf(A.lookupUk, {});
    const autoc = urlOf(A.autocomplete, {});
    const cases: [string, Record<string, string>, number, string | RegExp][] = [
      [uk, { q: '' }, 400, /q: /],
      [uk, { q: 'x'.repeat(10_000) }, 400, 'q: A query is at most 200 characters'],
      [uk, {}, 400, 'q: This field is required'],
      [uk, { q: 'ab', labelFormat: 'Fancy' }, 400, `labelFormat: Must be one of ${labelFormats.join(', ')}`],
      [uk, { q: 'ab', includeCounty: 'sometimes' }, 400, 'includeCounty: Must be one of AsRequired, Always, Never'],
      [uk, { q: 'ab', outputFields: '99' }, 400, /outputFields: Must be at most 10/],
      [uk, { id: '999999999' }, 404, "No address has the id '999999999' in this dataset"],
      [urlOf({ ...A.lookupUk, path: '/json/france' }, {}), { q: 'ab' }, 404, "Unknown dataset 'france': the datasets are uk, australia"],
      [autoc, { q: 'ab', dataset: 'france' }, 400, 'dataset: Must be one of uk, australia'],
      [autoc, { q: '   ', dataset: 'uk' }, 400, /q: /],
      [autoc, { q: 'x'.repeat(10_000), dataset: 'uk' }, 400, 'q: A query is at most 200 characters'],
    ];
    for (const [url, q, status, text] of cases) {
      const r = await get(w.jwt, url, q);
      expect([url, q, r.statusCode]).toEqual([url, q, status]);
      if (typeof text === 'string') expect(msg(r)).toBe(text);
      else expect(msg(r)).toMatch(text);
    }
    expect(await meterState(h)).toEqual(before);
  }, 60_000);

  it('refuses a portal session: the SPA must use a service JWT', async () => {
    const w = await world('uk');
    const session = await h.login(w.owner.email);
    const r = await call(h, null, A.countries, { headers: h.bearer(session.jwt) });
    expect(r.status).toBe(403);
    expect(msgOf(r)).toBe(meteredRefusals.portalSession);
  });
});
