import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness';
import { endpointList as entries } from '../support/endpointList';

// Each call is one endpoint entry (contract/<module>/endpoints.ts) with a shape of the same name
// (schemas.ts; the few named apart are listed in endpointList.ts), and the server serves exactly that method and path: the SPA and the server cannot
// drift apart on a path, a method or the way a call authenticates.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('endpoint entries', () => {
  it('cover every call served today, each once', () => {
    expect(entries.length).toBeGreaterThanOrEqual(40);
    const keys = entries.map(({ entry, url }) => `${entry.method} ${url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(entries.map((e) => [`${e.module}.${e.name}`, e] as const))('%s has a shape of its name and a route on the server', (_, e) => {
    expect(e.shape?.response, 'a response schema').toBeDefined();
    expect(h.app.hasRoute({ method: e.entry.method, url: e.url })).toBe(true);
  });

  it('authenticates as the entry says: with no credentials a bearer or basic call is 401, a public one is not', async () => {
    for (const { entry, name, url } of entries) {
      const response = await h.inject({ method: entry.method, url });
      if (entry.auth === 'none') expect(response.statusCode, name).not.toBe(401);
      else expect(response.statusCode, name).toBe(401);
    }
  });
});
