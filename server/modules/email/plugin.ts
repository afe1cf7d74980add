import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/email/endpoints';
import * as S from '../../../contract/email/schemas';
import { meteredCaller, meteredRoute } from '../../http/metered';
import { secondsOf } from '../../platform/clock';
import { checkToken } from '../../platform/metering';
import type { Deps } from '../deps';
import * as email from './service';

/**
 * The email validation service (/api/email). POST /verify is metered (one click; a body over 4 KB
 * is a 413 and a bad one a 400, both before any click). GET /verify/{id} re-reads a stored result:
 * authenticated exactly as a metered call (meteredCaller: service JWT or exported API token, the
 * same 401/403, and an API token's rules: deleted, locked, expired, services, IP ranges, referrer)
 * but not charged, as the best providers do not charge for reading a result again.
 */
export const emailPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  meteredRoute(app, deps, E.verify, S.verify, 'email', ({ body }, caller) => email.verify(deps, caller, body.email), { bodyLimit: 4096 });
  app.get<{ Params: { id: string } }>(E.getVerify.path, {
    schema: { params: S.verifyParams, response: { 200: S.verifyResponse } },
    onRequest: async (request) => {
      const caller = await meteredCaller(deps, request, 'email');
      if (caller.tokenId !== null) {
        await checkToken(deps.db, { accountId: caller.accountId, service: 'email', tokenId: caller.tokenId, ip: caller.ip, referrer: caller.referrer }, secondsOf(deps.clock));
      }
      request.meteredCaller = caller;
    },
    handler: (request) => email.readResult(deps, request.meteredCaller!, request.params.id),
  });
};
