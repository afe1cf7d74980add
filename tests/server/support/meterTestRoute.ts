import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { testMark } from '../../../contract/fields';
import { dqServices } from '../../../contract/shared/catalogue';
import { AppError } from '../../../server/errors';
import { route } from '../../../server/http/route';
import type { Deps } from '../../../server/kernel/deps';

// A test-only data-quality route, registered by the tests that need it (createHarness's `routes`,
// meterTestServer.ts for a server process, and the bench): the real authentication and the real
// meter around a trivial piece of work. POST /api/metertest/<service> answers what was charged;
// ?fail=1 makes the work throw (502) after the charge, so the refund can be seen. The unmetered
// twin POST /api/metertest/<service>/unmetered authenticates the same way and skips only the meter:
// the bench's baseline for the cost of the metering step.

const testQuery = z.object({
  fail: z.stringbool().default(false),
  clicks: z.coerce.number().int().min(1).max(1_000_000).optional(),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
  datasetRef: z.string().min(1).max(40).optional(),
});
const testResponse = z.object({ ok: z.literal(true), service: z.enum(dqServices), accountId: z.number(), tokenId: z.number().nullable(), test: testMark });
const testShape = { query: testQuery, response: testResponse };
const unmeteredShape = { response: z.unknown() };

export const testWorkFailed = 'The test engine failed';

/** Work that yields once, as a real engine would. */
const work = () => new Promise((resolve) => setImmediate(resolve));

export const meterTestPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  for (const service of dqServices) {
    const path = `/api/metertest/${service}`;
    route(
      app,
      { method: 'POST', path, auth: 'bearer' },
      testShape,
      async ({ query }, call) => {
        await work();
        if (query.fail) throw new AppError(502, testWorkFailed);
        return { ok: true as const, service, accountId: call.metered.accountId, tokenId: call.metered.tokenId };
      },
      { meter: { deps, service, clicks: ({ query }) => query.clicks ?? 1, country: ({ query }) => query.country, datasetRef: ({ query }) => query.datasetRef } },
    );
    route(
      app,
      { method: 'POST', path: `${path}/unmetered`, auth: 'bearer' },
      unmeteredShape,
      async (_input, call) => {
        await work();
        return { ok: true, service, accountId: call.metered.accountId, tokenId: call.metered.tokenId };
      },
      { meter: { deps, service, free: true } },
    );
  }
};
