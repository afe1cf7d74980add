import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/bureau/endpoints';
import * as S from '../../../contract/bureau/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import * as admin from './admin';
import { getFilePrices, getResultCosts } from './costs';
import { payResults } from './pay';
import { statsSummary } from './stats';

/**
 * The bureau's money and reports (spec section 7, Bureau), mounted at /api/bureau beside the files:
 * a file's costs and payment, the stats summary, and the admin costs, royalty and job charges.
 */
export const bureauMoneyPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.getResultCosts, S.getResultCosts, ({ query }, call) => getResultCosts(deps, call.caller, query), { docs: { errors: [409] } });
  route(app, E.getFilePrices, S.getFilePrices, ({ query }, call) => getFilePrices(deps, call.caller, query));
  route(app, E.payResults, S.payResults, ({ query, body }, call) => payResults(deps, call.caller, { query, body, headers: call.headers, origin: call.origin }), { docs: { errors: [409] } });
  route(app, E.statsSummary, S.statsSummary, ({ query }, call) => statsSummary(deps, call.caller, query));

  route(app, E.listCosts, S.listCosts, ({ query }, call) => admin.listCosts(deps.db, call.caller, query));
  route(app, E.createCost, S.createCost, ({ body }, call) => admin.createCost(deps, call.caller, body));
  route(app, E.withdrawCost, S.withdrawCost, ({ query }, call) => admin.withdrawCost(deps, call.caller, query), { docs: { errors: [409] } });
  route(app, E.listAdminMafs, S.listAdminMafs, (_input, call) => admin.listAdminMafs(deps.db, call.caller));
  route(app, E.listCostTypes, S.listCostTypes, (_input, call) => admin.listCostTypes(deps.db, call.caller));
  route(app, E.royaltyCharges, S.royaltyCharges, ({ query }, call) => admin.royaltyCharges(deps.db, call.caller, query));
  route(app, E.jobCharges, S.jobCharges, ({ query }, call) => admin.jobCharges(deps.db, call.caller, query));
};
