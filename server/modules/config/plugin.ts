import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/config/endpoints';
import * as S from '../../../contract/config/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import { getConfig } from './service';

/** GET /api/config (registered without a prefix: its path is absolute). */
export const configPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.getConfig, S.getConfig, () => getConfig(deps, null));
};
