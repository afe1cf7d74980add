import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { testMark } from '../../../contract/fields';
import { dqServices } from '../../../contract/shared/catalogue';
import { AppError } from '../../errors';
import { meteredCaller, meteredRoute } from '../../http/metered';
import type { Deps } from '../deps';

// A test-only data-quality route (METER_TEST_ROUTE=1: the metering tests and the bench): the real
// authentication and the real meter around a trivial piece of work, until the services issue puts
// the engines behind meteredRoute. POST /api/metertest/<service> answers what was charged;
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

export const testWorkFailed = 'The test engine failed';

export const meterTestPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  for (const service of dqServices) {
    meteredRoute(
      app,
      deps,
      { method: 'POST', path: `/api/metertest/${service}` },
      testShape,
      service,
      async ({ query }, caller) => {
        // Work that yields once, as a real engine would.
        await new Promise((resolve) => setImmediate(resolve));
        if (query.fail) throw new AppError(502, testWorkFailed);
        return { ok: true as const, service, accountId: caller.accountId, tokenId: caller.tokenId };
      },
      { clicks: ({ query }) => query.clicks ?? 1, country: ({ query }) => query.country, datasetRef: ({ query }) => query.datasetRef },
    );
    app.post(`/api/metertest/${service}/unmetered`, async (request) => {
      const caller = await meteredCaller(deps, request, service);
      await new Promise((resolve) => setImmediate(resolve));
      return { ok: true, service, accountId: caller.accountId, tokenId: caller.tokenId };
    });
  }
};
