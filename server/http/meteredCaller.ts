import type { FastifyReply, FastifyRequest } from 'fastify';
import { dqServiceLabels, type DqService } from '../../contract/shared/catalogue';
import { testCallFlag, testCallHeader } from '../../contract/shared/testCalls';
import { badRequest, forbidden, unauthorised } from '../errors';
import type { Deps } from '../kernel/deps';
import { serviceTokensFor } from '../modules/metering/index';
import { findSessionUser } from '../modules/users/index';
import { secondsOf } from '../platform/clock';

// How a data-quality call is authenticated (route()'s `meter` option charges it). A metered route
// accepts either
//   - a service JWT (GET /tokens/servicejwt): a portal user on an application page, for one account
//     and one service; its session must still stand (a logout or a lock ends it at once), or
//   - an exported API token: a session of kind 'api' bound to a row of `tokens` (sessions.token_id),
//     whose session row is checked on every call like any bearer call's, and whose token's rules
//     (lock, expiry, services, IP ranges, referrer, daily cap) the meter applies.
// An ordinary portal session token is refused: the SPA must ask for a service JWT.
// Either may mark the call as a test call with the X-Test-Call header (contract/shared/testCalls.ts):
// the meter then charges no clicks, and the answer carries `test: true` and the header back.

/** Who a metered call is charged to, and from where. */
export type MeteredCaller = {
  accountId: number;
  /** The API token of the call; null for a service JWT. */
  tokenId: number | null;
  /** The user behind the call (the token's exporter or the signed-in user). */
  userId: number;
  ip: string;
  /** Origin, else Referer, as sent. */
  referrer: string | null;
  /** Sent with X-Test-Call: true (a free test call, when the plan allows them). */
  test: boolean;
};

export const meteredRefusals = {
  portalSession:
    'A portal session cannot call the data-quality services: use a service JWT (GET /tokens/servicejwt) or an exported API token',
  wrongService: (service: DqService) => `This service JWT does not allow ${dqServiceLabels[service]}`,
  noAccount: 'This API token names no account',
  badTestHeader: `${testCallHeader} must be true (a test call) or false (a live call)`,
} as const;

/**
 * Authenticates a metered call for `service` (401 for no or a bad token, 403 for a portal session
 * or a service JWT for another service) and says whom to charge. One session query per call.
 */
export async function meteredCaller(deps: Pick<Deps, 'db' | 'clock' | 'jwt' | 'config'>, request: FastifyRequest, service: DqService): Promise<MeteredCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorised();
  const token = match[1];
  const now = secondsOf(deps.clock);
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const referrer = (typeof origin === 'string' && origin !== 'null' ? origin : undefined) ?? (typeof referer === 'string' ? referer : null);
  const test = testCallFlag(request.headers[testCallHeader.toLowerCase()]);
  const where = { ip: request.ip, referrer, test: test === true };

  const serviceClaims = await serviceTokensFor(deps).verify(token, now);
  if (serviceClaims) {
    const user = await findSessionUser(deps.db, serviceClaims.userId, serviceClaims.sessionId, now);
    if (!user || user.locked) throw unauthorised();
    if (!serviceClaims.services.includes(service)) throw forbidden(meteredRefusals.wrongService(service));
    if (test === null) throw badRequest(meteredRefusals.badTestHeader);
    return { accountId: serviceClaims.accountId, tokenId: null, userId: user.id, ...where };
  }

  const claims = await deps.jwt.verify(token, deps.clock());
  if (!claims) throw unauthorised();
  // The session row decides, as for any bearer call: revoked, expired, or its user locked or gone
  // ends it at once. Its kind and token say whether it may call the services at all.
  const session = await deps.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('tokens as t', 't.id', 's.token_id')
    .select(['s.kind', 's.token_id as tokenId', 'u.locked', 't.account_id as tokenAccountId'])
    .where('s.id', '=', claims.sessionId)
    .where('s.user_id', '=', claims.userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (!session || session.locked) throw unauthorised();
  if (session.kind !== 'api' || session.tokenId === null) throw forbidden(meteredRefusals.portalSession);
  // The token's account is the one charged; a token moved or claims naming another are refused by the meter.
  const accountId = claims.accountId ?? session.tokenAccountId;
  if (accountId === undefined || accountId === null) throw forbidden(meteredRefusals.noAccount);
  if (test === null) throw badRequest(meteredRefusals.badTestHeader);
  return { accountId, tokenId: session.tokenId, userId: claims.userId, ...where };
}

declare module 'fastify' {
  interface FastifyRequest {
    meteredCaller?: MeteredCaller;
  }
}

/** A test call's answer: the X-Test-Call header back and `test: true` in the body (the schemas' testMark). */
export function markTest<T>(reply: FastifyReply, result: T): T & { test: true } {
  reply.header(testCallHeader, 'true');
  return { ...result, test: true };
}
