import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contract/endpoint';
import * as bankEndpoints from '../../contract/bank/endpoints';
import * as bankSchemas from '../../contract/bank/schemas';
import * as nameEndpoints from '../../contract/name/endpoints';
import * as nameSchemas from '../../contract/name/schemas';
import * as groupEndpoints from '../../contract/groups/endpoints';
import * as groupSchemas from '../../contract/groups/schemas';
import * as leadEndpoints from '../../contract/leads/endpoints';
import * as leadSchemas from '../../contract/leads/schemas';
import * as meteringEndpoints from '../../contract/metering/endpoints';
import * as meteringSchemas from '../../contract/metering/schemas';
import * as planEndpoints from '../../contract/plans/endpoints';
import * as planSchemas from '../../contract/plans/schemas';
import * as searchEndpoints from '../../contract/search/endpoints';
import * as searchSchemas from '../../contract/search/schemas';
import * as tokenEndpoints from '../../contract/tokens/endpoints';
import * as tokenSchemas from '../../contract/tokens/schemas';
import * as usageEndpoints from '../../contract/usage/endpoints';
import * as usageSchemas from '../../contract/usage/schemas';
import * as userEndpoints from '../../contract/users/endpoints';
import * as userSchemas from '../../contract/users/schemas';
import { servicePaths } from '../../server/config';
import { createHarness, type Harness } from './harness';

// Each call is one endpoint entry (contract/<module>/endpoints.ts) with a shape of the same name
// (schemas.ts), and the server serves exactly that method and path: the SPA and the server cannot
// drift apart on a path, a method or the way a call authenticates.

const modules = {
  users: { endpoints: userEndpoints, schemas: { ...userSchemas, ...groupSchemas } },
  groups: { endpoints: groupEndpoints, schemas: groupSchemas },
  search: { endpoints: searchEndpoints, schemas: searchSchemas },
  plans: { endpoints: planEndpoints, schemas: planSchemas },
  tokens: { endpoints: tokenEndpoints, schemas: tokenSchemas },
  leads: { endpoints: leadEndpoints, schemas: leadSchemas },
  metering: { endpoints: meteringEndpoints, schemas: meteringSchemas },
  usage: { endpoints: usageEndpoints, schemas: usageSchemas },
  bank: { endpoints: bankEndpoints, schemas: bankSchemas },
  name: { endpoints: nameEndpoints, schemas: nameSchemas },
};

const entries = Object.entries(modules).flatMap(([module, { endpoints, schemas }]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([name, entry]) => ({
    module,
    name,
    entry,
    shape: (schemas as Record<string, unknown>)[name] as { response?: unknown } | undefined,
  })),
);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('endpoint entries', () => {
  it('cover every call served today, each once', () => {
    expect(entries.length).toBeGreaterThanOrEqual(40);
    const keys = entries.map(({ entry }) => `${entry.method} ${entry.service} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(entries.map((e) => [`${e.module}.${e.name}`, e] as const))('%s has a shape of its name and a route on the server', (_, e) => {
    expect(e.shape?.response, 'a response schema').toBeDefined();
    expect(h.app.hasRoute({ method: e.entry.method, url: `${servicePaths[e.entry.service]}${e.entry.path}` })).toBe(true);
  });

  it('authenticates as the entry says: with no credentials a bearer or basic call is 401, a public one is not', async () => {
    for (const { entry, name } of entries) {
      const response = await h.inject({ method: entry.method, url: `${servicePaths[entry.service]}${entry.path}` });
      if (entry.auth === 'none') expect(response.statusCode, name).not.toBe(401);
      else expect(response.statusCode, name).toBe(401);
    }
  });
});
