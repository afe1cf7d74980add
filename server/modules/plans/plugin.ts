import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/plans/endpoints';
import * as S from '../../../contract/plans/schemas';
import { route } from '../../http/route';
import type { Deps } from '../deps';
import * as plans from './service';

/** The account and plan manager of spec section 7 (/api/plans): so far only GET /account/candelete. */
export const plansPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.canDeleteAccount, S.canDeleteAccount, ({ query }, call) => plans.canDeleteAccount(deps, call.actor, query));
};
