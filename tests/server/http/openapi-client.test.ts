// A client generated from the OpenAPI document (openapi-typescript's types, committed beside
// openapi.test.ts, which checks they are current) calls a real server over HTTP with openapi-fetch,
// as an integrator would: the demo owner signs in with basic credentials, creates a server token for
// Acme UK, exports it, and looks an address up with it. The calls type-check against the generated
// types (the project's typecheck includes this file), so a document that lies about a shape fails here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemo } from '../../../server/seed';
import { nowOf } from '../support/catalogue';
import { createHarness, type Harness } from '../support/harness';
import type { paths } from './openapi/portal-api';

let dataDir: string;
let h: Harness;
let baseUrl: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
  h = await createHarness({ env: { DATA_DIR: dataDir, ADDRESS_SAMPLE_SIZE: '3000' } });
  await seedDemo(h.db, nowOf(h));
  baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const owner = 'owner@example.com';
const basic = `Basic ${Buffer.from(`${owner}:${demoPassword}`).toString('base64')}`;

describe('a client generated from the OpenAPI document', () => {
  it('exports an API token and looks up a UK address with it, against the demo data', async () => {
    const api = createClient<paths>({ baseUrl });

    const login = await api.GET('/api/users/auth', { headers: { authorization: basic } });
    expect(login.response.status).toBe(200);
    const session = { authorization: `Bearer ${login.data!.jwt}` };

    const groups = await api.GET('/api/users/groups', { params: { query: { recurse: 'true' } }, headers: session });
    type Group = NonNullable<typeof groups.data>[number];
    const flat = (list: Group[]): Group[] => list.flatMap((g) => [g, ...flat(g.children ?? [])]);
    const acmeUk = flat(groups.data!).find((g) => g.type === 'account' && g.name === 'Acme UK');
    expect(acmeUk).toBeDefined();

    // A server token for address lookup from anywhere, created as the Tokens page does (password again).
    const created = await api.POST('/api/users/tokens/password', {
      params: { query: { parentId: acmeUk!.id } },
      headers: session,
      body: { token: { tag: 'OpenAPI client', type: 'server', services: ['addresslookup'] }, password: demoPassword },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);

    const exported = await api.GET('/api/users/tokens/export', { params: { query: { accountId: acmeUk!.id, tokenId: created.data!.id } }, headers: { authorization: basic } });
    expect(exported.response.status).toBe(200);
    const token = { authorization: `Bearer ${exported.data!.token}` };

    // The sample dataset loads in the background: 503 with Retry-After until it is ready.
    let lookup = await api.GET('/api/address/json/uk', { params: { query: { q: 'AB1', limit: 3 } }, headers: token });
    for (let i = 0; i < 600 && lookup.response.status === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      lookup = await api.GET('/api/address/json/uk', { params: { query: { q: 'AB1', limit: 3 } }, headers: token });
    }
    expect(lookup.response.status, JSON.stringify(lookup.error)).toBe(200);
    const answer = lookup.data!;
    expect(answer.addresses.length).toBeGreaterThan(0);
    expect(answer.addresses.length).toBeLessThanOrEqual(3);
    // Every address found is in the postcode area asked for, and its label ends with the postcode.
    for (const address of answer.addresses) {
      expect(address.postcode.startsWith('AB1')).toBe(true);
      expect(address.label.filter(Boolean).at(-1)).toBe(address.postcode);
    }

    // A refusal arrives as the document's error body.
    const refused = await api.GET('/api/address/json/uk', { params: { query: { q: 'AB1' } }, headers: { authorization: 'Bearer not-a-token' } });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ statusCode: 401, msg: 'Authentication Failure' });
  });
});
