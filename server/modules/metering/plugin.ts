import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/metering/endpoints';
import * as S from '../../../contract/metering/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import * as metering from './service';

// The metering module of the contract (contract/metering): it issues the service JWTs the SPA's
// application pages call the data-quality services with (serviceJwt.ts signs and verifies them) and
// keeps the usage alert settings of a subscription. The meter itself is server/platform/meter.ts;
// a metered route is registered with route()'s `meter` option (server/http/route.ts).

/** GET /tokens/servicejwt, on the user server (/api/users). */
export const serviceJwtPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.serviceJwt, S.serviceJwt, ({ query }, call) => metering.issueServiceJwt(deps, call.caller, { ...query, sessionId: call.claims.sessionId }));
};

/** The usage alerts of a subscription, on the plans manager (/api/plans). */
export const usageAlertsPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.getUsageAlerts, S.getUsageAlerts, ({ query }, call) => metering.getUsageAlerts(deps, call.caller, query));
  route(app, E.putUsageAlerts, S.putUsageAlerts, (input, call) => metering.putUsageAlerts(deps, call.caller, input));
};
