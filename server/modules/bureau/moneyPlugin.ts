import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps';

/**
 * The bureau's money and reports (spec section 7, Bureau), mounted at /api/bureau beside the files:
 * a file's costs and payment, the stats summary, and the admin costs, royalty and job charges.
 */
export const bureauMoneyPlugin: FastifyPluginAsync<{ deps: Deps }> = async () => {};
