import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/search/endpoints';
import * as S from '../../../contract/search/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import { search } from './service';

/** GET /search (staff), part of the user server (/api/users). */
export const searchPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.search, S.search, ({ query }, call) => search(deps, call.caller, query));
};
