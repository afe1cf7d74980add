// Bank validation (service bankcode): the SOAP call of spec section 7 and its JSON twin, with the
// real engine and the real meter. A click for every answered call, none for a refused or failed
// one; every bad input a SOAP Fault (or a JSON error for the twin), never a 500.
// PGlite by default, PostgreSQL with DATABASE_URL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as B from '../../../contract/bank/endpoints';
import { bankMessages } from '../../../server/engines/bank';
import { meteredRefusals } from '../../../server/http/meteredCaller';
import { soapBodyLimit, soapFaults } from '../../../server/modules/bank/soap';
import { meterRefusals } from '../../../server/platform/meterRules';
import { call, okBody, urlOf } from '../support/api';
import { createHarness, type Harness } from '../support/harness';
import { day, insertBundle, nowOf, insertDataset, insertPlan, insertSubscription } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';
import { meterState, usageClicks } from '../support/meter';

const key = 'soap-key-for-tests-7f3a';
let h: Harness;
beforeEach(async () => {
  h = await createHarness({ env: { BANK_SOAP_CREDENTIAL: key } });
});
afterEach(() => h?.close());

async function bankWorld(clicks = 100, services: Array<'bankcode' | 'name'> = ['bankcode']) {
  const owner = await h.createUser({ personalName: 'Bank Owner' });
  const organisation = await h.createGroup({ name: 'Bank Org', type: 'organisation' });
  const accountId = await h.createGroup({ name: 'Bank Account', type: 'account', parentId: organisation });
  await h.addToGroup(organisation, owner.id, 'owner');
  const datasetId = await insertDataset(h, { service: 'bankcode', ref: 'BANK-UK' });
  const planId = await insertPlan(h, { datasetId, name: 'Bank Validation UK' });
  await insertSubscription(h, accountId, planId);
  const now = nowOf(h);
  if (clicks > 0) await insertBundle(h, { accountId, planId, clicks, start: now - day, end: now + 30 * day });
  const tokenId = await insertToken(h, accountId, { services });
  const { jwt } = await exportToken(h, owner, accountId, tokenId);
  return { owner, accountId, planId, tokenId, jwt };
}

export const envelope = (inner: { key?: string; sortCode?: string; account?: string; dataset?: string }) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:b="urn:dataquality:bank">
  <soap:Body>
    <b:ValidateAccount>
      ${inner.key === undefined ? `<b:Key>${key}</b:Key>` : inner.key === '' ? '' : `<b:Key>${inner.key}</b:Key>`}
      <b:SortCode>${inner.sortCode ?? '08-99-99'}</b:SortCode>
      <b:AccountNumber>${inner.account ?? '66374958'}</b:AccountNumber>
      <b:Dataset>${inner.dataset ?? 'BANK-UK'}</b:Dataset>
    </b:ValidateAccount>
  </soap:Body>
</soap:Envelope>`;

/** The SOAP call: a raw XML body, which no contract entry carries (the JSON twin is the entry). */
const soap = (jwt: string | null, payload: string, contentType = 'text/xml; charset=utf-8') =>
  h.inject({
    method: 'POST',
    url: '/api/bank/soap',
    headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), 'content-type': contentType },
    payload,
  });

const tag = (body: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];
const fault = (r: { body: string }) => tag(r.body, 'faultstring')?.replace(/&quot;/g, '"').replace(/&amp;/g, '&');

describe('the SOAP call', () => {
  it('answers a valid and an invalid account from the Vocalink examples in XML, a click each', async () => {
    const w = await bankWorld();
    const valid = await soap(w.jwt, envelope({ sortCode: '08-99-99', account: '66374958' }));
    expect(valid.statusCode).toBe(200);
    expect(valid.headers['content-type']).toMatch(/^text\/xml/);
    expect(tag(valid.body, 'Status')).toBe('valid');
    expect(tag(valid.body, 'Valid')).toBe('true');
    expect(tag(valid.body, 'TableVersion')).toBe('8.50');
    expect(tag(valid.body, 'ClicksLeft')).toBe('99');
    const invalid = await soap(w.jwt, envelope({ sortCode: '938063', account: '15763217' }));
    expect(tag(invalid.body, 'Status')).toBe('invalid');
    expect(tag(invalid.body, 'Valid')).toBe('false');
    expect(await usageClicks(h, w.accountId)).toEqual({ clicks: 2, rows: 1 });
  });

  it('says a sort code outside the table cannot be checked (and charges: it was answered)', async () => {
    const w = await bankWorld();
    const r = await soap(w.jwt, envelope({ sortCode: '000000', account: '12345678' }));
    expect(tag(r.body, 'Status')).toBe('notInTable');
    expect(r.body).toContain('<Valid xsi:nil="true"');
    expect(r.body).toContain('cannot say whether this branch exists');
  });

  it('checks an Australian BSB, reported under AU', async () => {
    const w = await bankWorld();
    const r = await soap(w.jwt, envelope({ sortCode: '062-000', account: '12345678', dataset: 'BANK-AU' }));
    expect(r.statusCode).toBe(200);
    expect(tag(r.body, 'Institution')).toBe('Commonwealth Bank of Australia');
    const state = await meterState(h);
    expect(state.usage).toEqual([expect.objectContaining({ country: 'AU', clicks: 1 })]);
  });

  it('refuses every bad input with a Fault and no click', async () => {
    const w = await bankWorld();
    const before = await meterState(h);
    const cases: Array<[string, string, number, string, string?]> = [
      ['malformed', '<soap:Envelope><soap:Body>', 400, 'The request is not well-formed XML'],
      ['not xml', 'hello', 400, 'The request is not well-formed XML'],
      ['empty', '', 400, soapFaults.empty],
      ['billion laughs', `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`, 400, soapFaults.doctype],
      ['external entity', `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${envelope({ sortCode: '&xxe;' })}`, 400, soapFaults.doctype],
      ['entity reference', envelope({ sortCode: '08&#57;999' }), 400, bankMessages.sortCodeChars],
      ['non-digit sort code', envelope({ sortCode: '08A999' }), 400, bankMessages.sortCodeChars],
      ['short sort code', envelope({ sortCode: '0899' }), 400, bankMessages.sortCodeLength(4)],
      ['long account', envelope({ account: '12345678901' }), 400, bankMessages.accountLength(11)],
      ['unknown dataset', envelope({ dataset: 'BANK-FR' }), 400, soapFaults.unknownDataset('BANK-FR')],
      ['no key', envelope({ key: '' }), 400, soapFaults.missing('Key')],
      ['wrong key', envelope({ key: 'guess' }), 403, soapFaults.badKey],
      ['not a SOAP envelope', '<a><b>1</b></a>', 400, soapFaults.notEnvelope],
      ['a field given twice', envelope({}).replace('<b:Dataset>', '<b:Dataset>BANK-UK</b:Dataset><b:Dataset>'), 400, soapFaults.notText('Dataset')],
      ['oversized', envelope({}).replace('<soap:Body>', `<soap:Body><!--${'x'.repeat(soapBodyLimit)}-->`), 413, soapFaults.tooLarge],
      ['JSON', '{"sortCode":"089999"}', 415, soapFaults.contentType, 'application/json'],
    ];
    for (const [name, payload, status, text, type] of cases) {
      const r = await soap(w.jwt, payload, type);
      expect(r.statusCode, name).toBe(status);
      expect(r.headers['content-type'], name).toMatch(/^text\/xml/);
      expect(r.body, name).toContain('<soap:Fault><faultcode>soap:Client</faultcode>');
      expect(fault(r), name).toContain(text);
    }
    expect(await meterState(h)).toEqual(before);
  });

  it('answers application/soap+xml too, and reads element names whatever their case or prefix', async () => {
    const w = await bankWorld();
    const r = await soap(w.jwt, envelope({}), 'application/soap+xml; charset=utf-8');
    expect(r.statusCode).toBe(200);
    const lower = `<Envelope><Body><validateAccount><key>${key}</key><sortCode>089999</sortCode><accountNumber>66374958</accountNumber><dataset>bank-uk</dataset></validateAccount></Body></Envelope>`;
    const answer = await soap(w.jwt, lower);
    expect([answer.statusCode, tag(answer.body, 'Status')]).toEqual([200, 'valid']);
  });

  it('refuses the caller as a Fault: no token, a portal session, a token without the service, no clicks left', async () => {
    const w = await bankWorld(1);
    expect((await soap(null, envelope({}))).statusCode).toBe(401);
    expect(fault(await soap(null, envelope({})))).toBe('Authentication Failure');
    const session = await exportToken(h, w.owner, w.accountId, null, 'session');
    const portal = await soap(session.jwt, envelope({}));
    expect([portal.statusCode, fault(portal)]).toEqual([403, meteredRefusals.portalSession]);
    const nameOnly = await insertToken(h, w.accountId, { services: ['name'] });
    const { jwt: nameJwt } = await exportToken(h, w.owner, w.accountId, nameOnly);
    const wrong = await soap(nameJwt, envelope({}));
    expect([wrong.statusCode, fault(wrong)]).toEqual([403, meterRefusals.tokenService('bankcode')]);
    expect((await soap(w.jwt, envelope({}))).statusCode).toBe(200);
    const empty = await soap(w.jwt, envelope({}));
    expect([empty.statusCode, fault(empty)]).toEqual([402, meterRefusals.noClicks('bankcode')]);
    expect(empty.body).toContain('soap:Client');
    expect(await usageClicks(h, w.accountId)).toEqual({ clicks: 1, rows: 1 });
  });
});

describe('the credential is configuration', () => {
  it('with no BANK_SOAP_CREDENTIAL the SOAP call is off: a 503 Fault, no click', async () => {
    await h.close();
    h = await createHarness();
    const w = await bankWorld();
    const r = await soap(w.jwt, envelope({}));
    expect([r.statusCode, fault(r)]).toEqual([503, soapFaults.noKeyConfigured]);
    expect(r.body).toContain('soap:Server');
    expect(await usageClicks(h, w.accountId)).toEqual({ clicks: 0, rows: 0 });
  });
  it('another deployment accepts its own key only', async () => {
    await h.close();
    h = await createHarness({ env: { BANK_SOAP_CREDENTIAL: 'another-key' } });
    const w = await bankWorld();
    expect((await soap(w.jwt, envelope({}))).statusCode).toBe(403);
    expect((await soap(w.jwt, envelope({ key: 'another-key' }))).statusCode).toBe(200);
  });
});

describe('the JSON twin POST /api/bank/validate', () => {
  /** A raw POST, for bodies the contract cannot type (a number, an unknown dataset, no fields). */
  const postRaw = (jwt: string | null, payload: object) =>
    h.inject({ method: 'POST', url: urlOf(B.validateBank, {}), headers: jwt ? h.bearer(jwt) : {}, payload });

  it('answers with the same engine and meter', async () => {
    const w = await bankWorld();
    const r = await call(h, null, B.validateBank, { body: { sortCode: '089999', accountNumber: '66374958' }, headers: h.bearer(w.jwt) });
    expect(r.status).toBe(200);
    expect(okBody(r)).toMatchObject({ dataset: 'BANK-UK', status: 'valid', valid: true, sortCode: '08-99-99', tableVersion: '8.50', clicksLeft: 99 });
    expect(await usageClicks(h, w.accountId)).toEqual({ clicks: 1, rows: 1 });
  });

  it('refuses bad input with 400 and no click', async () => {
    const w = await bankWorld();
    const before = await meterState(h);
    for (const [payload, text] of [
      [{ sortCode: '08A999', accountNumber: '66374958' }, bankMessages.sortCodeChars],
      [{ sortCode: '', accountNumber: '66374958' }, bankMessages.sortCodeEmpty],
      [{ sortCode: '089999', accountNumber: '1'.repeat(10_000) }, 'The account number is at most 64 characters'],
      [{ sortCode: '089999', accountNumber: '66374958', dataset: 'BANK-FR' }, 'dataset: Must be one of BANK-UK, BANK-AU'],
      [{ sortCode: 89999, accountNumber: '66374958' }, 'sortCode: The sort code must be text'],
    ] as const) {
      const r = await postRaw(w.jwt, payload);
      expect(r.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(r.json<{ msg: string }>().msg).toContain(text);
    }
    expect(await meterState(h)).toEqual(before);
    expect((await postRaw(null, {})).statusCode).toBe(401);
  });
});
