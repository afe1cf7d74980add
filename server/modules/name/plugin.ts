import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/name/endpoints';
import * as S from '../../../contract/name/schemas';
import { checkName } from '../../engines/name';
import { meteredRoute } from '../../http/metered';
import type { Deps } from '../deps';

/** Name validation (service name): POST /validate, metered; bad input is a 400 before the charge. */
export const namePlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  meteredRoute(app, deps, E.validateName, S.validateName, 'name', async ({ body }) => checkName(body.name));
};
