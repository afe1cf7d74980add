import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/name/endpoints';
import * as S from '../../../contract/name/schemas';
import { checkName } from '../../engines/name';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';

/** Name validation (service name): POST /validate, metered; bad input is a 400 before the charge. */
export const namePlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.validateName, S.validateName, async ({ body }) => checkName(body.name), { meter: { deps, service: 'name' } });
};
