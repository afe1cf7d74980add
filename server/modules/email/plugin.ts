import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/email/endpoints';
import * as S from '../../../contract/email/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import * as email from './service';

/**
 * The email validation service (/api/email). POST /verify is metered (one click; a body over 4 KB
 * is a 413 and a bad one a 400, both before any click). GET /verify/{id} re-reads a stored result:
 * authenticated exactly as a metered call (service JWT or exported API token, the same 401/403, and
 * an API token's rules: deleted, locked, expired, services, IP ranges, referrer) but not charged,
 * as the best providers do not charge for reading a result again.
 */
export const emailPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.verify, S.verify, ({ body }, call) => email.verify(deps, call.metered, body.email), { meter: { deps, service: 'email' }, body: { limit: 4096 } });
  route(app, E.getVerify, S.getVerify, ({ params }, call) => email.readResult(deps, call.metered, params.id), {
    params: S.verifyParams,
    meter: { deps, service: 'email', free: 'token rules' },
  });
};
