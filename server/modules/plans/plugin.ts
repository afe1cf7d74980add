import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/plans/endpoints';
import * as S from '../../../contract/plans/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import { endBundle } from './bundleEnd';
import * as bundles from './bundles';
import * as catalogue from './catalogue';
import * as lines from './planLines';
import * as plans from './service';
import * as subscriptions from './subscriptions';

/** The account and plan manager of spec section 7 (/api/plans): catalogue, account plans, bundles, subscriptions. */
export const plansPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const created = { status: 201 };
  route(app, E.canDeleteAccount, S.canDeleteAccount, ({ query }, call) => plans.canDeleteAccount(deps, call.caller, query));

  route(app, E.listDatasets, S.listDatasets, ({ query }, call) => catalogue.listDatasets(deps, call.caller, query));
  route(app, E.createDataset, S.createDataset, ({ body }, call) => catalogue.createDataset(deps, call.caller, body), { ...created, docs: { errors: [409] } });
  route(app, E.updateDataset, S.updateDataset, (input, call) => catalogue.updateDataset(deps, call.caller, input), { docs: { errors: [409] } });
  route(app, E.deleteDataset, S.deleteDataset, ({ query }, call) => catalogue.deleteDataset(deps, call.caller, query), { docs: { errors: [409] } });

  route(app, E.listPlans, S.listPlans, ({ query }, call) => catalogue.listPlans(deps, call.caller, query));
  route(app, E.createPlan, S.createPlan, ({ body }, call) => catalogue.createPlan(deps, call.caller, body), created);
  route(app, E.updatePlan, S.updatePlan, (input, call) => catalogue.updatePlan(deps, call.caller, input), { docs: { errors: [409] } });
  route(app, E.deletePlan, S.deletePlan, ({ query }, call) => catalogue.deletePlan(deps, call.caller, query), { docs: { errors: [409] } });

  route(app, E.listFilters, S.listFilters, ({ query }, call) => lines.listFilters(deps, call.caller, query));
  route(app, E.createFilter, S.createFilter, (input, call) => lines.createFilter(deps, call.caller, input), created);
  route(app, E.updateFilter, S.updateFilter, (input, call) => lines.updateFilter(deps, call.caller, input));
  route(app, E.deleteFilter, S.deleteFilter, ({ query }, call) => lines.deleteFilter(deps, call.caller, query));

  route(app, E.listComparisons, S.listComparisons, ({ query }, call) => lines.listComparisons(deps, call.caller, query));
  route(app, E.createComparison, S.createComparison, (input, call) => lines.createComparison(deps, call.caller, input), created);
  route(app, E.updateComparison, S.updateComparison, (input, call) => lines.updateComparison(deps, call.caller, input));
  route(app, E.deleteComparison, S.deleteComparison, ({ query }, call) => lines.deleteComparison(deps, call.caller, query));

  route(app, E.listAccountPlans, S.listAccountPlans, ({ query }, call) => subscriptions.listAccountPlans(deps, call.caller, query));
  route(app, E.createBundle, S.createBundle, (input, call) => bundles.createBundle(deps, call.caller, input), created);
  route(app, E.updateBundle, S.updateBundle, (input, call) => bundles.updateBundle(deps, call.caller, input), { docs: { errors: [409] } });
  route(app, E.deleteBundle, S.deleteBundle, ({ query }, call) => bundles.deleteBundle(deps, call.caller, query), { docs: { errors: [409] } });
  route(app, E.endBundle, S.endBundle, (input, call) => endBundle(deps, call.caller, input), { docs: { errors: [409] } });

  route(app, E.disableSubscription, S.disableSubscription, ({ query }, call) => subscriptions.disableSubscription(deps, call.caller, query));
  route(app, E.enableSubscription, S.enableSubscription, ({ query }, call) =>
    subscriptions.enableSubscription(deps, { credentials: call.basic, ip: call.ip, query }), { docs: { errors: [403] } });
};
