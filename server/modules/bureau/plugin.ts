import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps';

/**
 * The bureau server (spec section 7, Bureau), mounted at /api/bureau: a UK account's files, their
 * mapping and settings, the free test, the results job, the results and their download.
 */
export const bureauPlugin: FastifyPluginAsync<{ deps: Deps }> = async () => {};
