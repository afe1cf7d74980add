// Export settings for API (src/areas/administration/tokens/apiSettings.ts): every example request the
// page gives, for each territory, run as written against the real server and its reference data (the
// generated address sample, the bank tables, the name engine, DNS for email) with an exported API
// token: each answers with a result, and costs what the page says (one click of the service).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DqService } from '../../../contract/shared/catalogue';
import type { Territory } from '../../../contract/shared/territory';
import { apiSettings, exampleCost, type ServiceSetting } from '../../../src/areas/administration/tokens/apiSettings';
import { startDnsServer, testZone, type DnsServer } from '../../support/dns-server';
import * as A from '../../../contract/address/endpoints';
import { call } from '../support/api';
import { createHarness, query, type Harness } from '../support/harness';
import { day, insertBundle, nowOf, insertDataset, insertPlan, insertSubscription } from '../support/catalogue';
import { exportToken, insertToken } from '../support/tokens';

const soapKey = 'api-settings-soap-key';
const origin = 'https://portal.example.net';
let dataDir: string;
let dns: DnsServer;
let h: Harness;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'api-settings-'));
  dns = await startDnsServer(testZone);
  h = await createHarness({
    env: { DATA_DIR: dataDir, ADDRESS_SAMPLE_SIZE: '2000', BANK_SOAP_CREDENTIAL: soapKey, EMAIL_DNS_SERVERS: dns.address, EMAIL_DNS_TIMEOUT_MS: '500', EMAIL_DNS_TRIES: '1' },
  });
});
afterAll(async () => {
  await h?.close();
  await dns?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A curl command line as a shell reads it: words, with '...' taken as is and "..." with \" and \\ escapes. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ' && word !== null) {
      words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      word ??= '';
      for (i++; line[i] !== '"'; i++) word += line[i] === '\\' ? line[++i] : line[i];
    } else if (c !== ' ') word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

/** The request a curl example makes, with the shell's $API_TOKEN and $BANK_SOAP_KEY filled in. */
function requestOf(example: string, token: string) {
  const words = shellWords(example.replaceAll('$API_TOKEN', token).replaceAll('$BANK_SOAP_KEY', soapKey));
  expect(words[0]).toBe('curl');
  const headers: Record<string, string> = {};
  let method = 'GET';
  let body: string | undefined;
  let url = '';
  for (let i = 1; i < words.length; i++) {
    if (words[i] === '-X') method = words[++i];
    else if (words[i] === '-H') {
      const [name, ...value] = words[++i].split(':');
      headers[name.toLowerCase()] = value.join(':').trim();
    } else if (words[i] === '-d' || words[i] === '--data') body = words[++i];
    else url = words[i];
  }
  expect(url.startsWith(origin)).toBe(true);
  return { method: method as 'GET' | 'POST', url: url.slice(origin.length), headers, payload: body };
}

const services: Record<ServiceSetting['key'], DqService> = { address: 'addresslookup', autocomplete: 'autocomplete', email: 'email', bank: 'bankcode', name: 'name' };
const refs: Record<Territory, Record<DqService, string>> = {
  uk: { addresslookup: 'PAF', autocomplete: 'AUTOC-UK', email: 'EMAIL-UK', bankcode: 'BANK-UK', name: 'NAME-UK', addresscleanse: 'CLEANSE-UK' },
  australia: { addresslookup: 'GNAF', autocomplete: 'AUTOC-AU', email: 'EMAIL-AU', bankcode: 'BANK-AU', name: 'NAME-AU', addresscleanse: 'CLEANSE-AU' },
};

/** An account of the territory with 100 clicks of a plan of each service the page names, and an API token for them all. */
async function world(territory: Territory) {
  const owner = await h.createUser({ personalName: 'Settings Owner' });
  const organisation = await h.createGroup({ name: `Settings Org ${territory}`, type: 'organisation', territory });
  const accountId = await h.createGroup({ name: `Settings Account ${territory}`, type: 'account', parentId: organisation, territory });
  await h.addToGroup(organisation, owner.id, 'owner');
  const now = nowOf(h);
  for (const service of Object.values(services)) {
    const datasetId = await insertDataset(h, { service, ref: refs[territory][service] });
    const planId = await insertPlan(h, { datasetId, territory, name: `${service} ${territory}` });
    await insertSubscription(h, accountId, planId);
    await insertBundle(h, { accountId, planId, clicks: 100, start: now - day, end: now + 30 * day });
  }
  const tokenId = await insertToken(h, accountId, { services: Object.values(services) });
  const { jwt } = await exportToken(h, owner, accountId, tokenId);
  return { accountId, jwt };
}

async function clicksUsed(accountId: number) {
  const { rows } = await query<{ service: string; clicks: number }>(h.db,
    `select d.service, sum(u.clicks)::int as clicks from usage_daily u join plans p on p.id = u.plan_id join datasets d on d.id = p.dataset_id
      where u.account_id = $1 group by d.service`, [accountId]);
  return Object.fromEntries(rows.map((r) => [r.service, r.clicks]));
}

/** Whether the answer is a result: addresses or suggestions found, a verdict on the email, the bank details or the name. */
function answered(key: ServiceSetting['key'], status: number, text: string): boolean {
  if (status !== 200) return false;
  if (key === 'bank') return /<(\w+:)?Valid>/.test(text) || /<(\w+:)?Status>valid</.test(text);
  const body = JSON.parse(text) as Record<string, unknown>;
  if (key === 'address') return Array.isArray(body.addresses) && body.addresses.length > 0;
  if (key === 'autocomplete') return Array.isArray(body.suggestions) && body.suggestions.length > 0;
  return Object.keys(body).length > 0;
}

describe('Export settings for API: the examples', () => {
  it.each(['uk', 'australia'] as const)('each answers with a result for the %s territory and costs one click, as the page says', async (territory) => {
    expect(exampleCost).toMatch(/costs 1 click/);
    const { accountId, jwt } = await world(territory);
    const settings = apiSettings(h.config.runtime, origin, territory);
    expect(settings.map((s) => s.key)).toEqual(['address', 'autocomplete', 'email', 'bank', 'name']);
    // The address data loads in the background: wait until the lookups are ready (503 is not charged).
    for (let i = 0; i < 600; i++) {
      const r = await call(h, null, A.countries, { headers: { authorization: `Bearer ${jwt}` } });
      if (r.ok && r.body.datasets.every((d) => d.ready)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const setting of settings) {
      const before = await clicksUsed(accountId);
      const { method, url, headers, payload } = requestOf(setting.example, jwt);
      // The example exactly as the page shows it (its URL, headers and body), not rebuilt from the contract.
      const response = await h.inject({ method, url, headers, payload });
      expect(answered(setting.key, response.statusCode, response.body), `${territory} ${setting.key}: ${response.statusCode} ${response.body.slice(0, 300)}`).toBe(true);
      const after = await clicksUsed(accountId);
      const service = services[setting.key];
      expect((after[service] ?? 0) - (before[service] ?? 0), `${territory} ${setting.key} clicks`).toBe(1);
    }
  });
});
