import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/usage/endpoints';
import * as S from '../../../contract/usage/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import * as usage from './service';

/** The usage reports of spec section 7, served by the account and plan manager (/api/plans). */
export const usagePlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.planUsage, S.planUsage, ({ query }, call) => usage.planUsage(deps, call.caller, query));
  route(app, E.allTokensUsage, S.allTokensUsage, ({ query }, call) => usage.allTokensUsage(deps, call.caller, query));
  route(app, E.tokenUsage, S.tokenUsage, ({ query }, call) => usage.tokenUsage(deps, call.caller, query));
  route(app, E.countryUsage, S.countryUsage, ({ query }, call) => usage.countryUsage(deps, call.caller, query));
};
