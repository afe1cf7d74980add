import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountIdQuery, canDelete } from '../../contract/plans/schemas';
import { canDeleteAccount } from '../domain/groups';
import { sessionOf } from '../http/authenticate';
import type { ServiceOptions } from './context';

/**
 * The account and plan manager of spec section 7 (/api/plans). For now only GET /account/candelete;
 * plans, subscriptions, bundles and payments come with their issues.
 */
export const plansService: FastifyPluginAsyncZod<ServiceOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/account/candelete', { schema: { querystring: accountIdQuery, response: { 200: canDelete } } }, (request) =>
    canDeleteAccount(ctx.db, sessionOf(request).user, request.query.accountId),
  );
};
