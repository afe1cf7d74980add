import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/tokens/endpoints';
import * as S from '../../../contract/tokens/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import { exportToken } from './export';
import * as tokens from './service';

/** API tokens of spec section 7 (Tokens) and their export, on the user server (/api/users). */
export const tokensPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.listTokens, S.listTokens, ({ query }, call) => tokens.listTokens(deps, call.caller, query));
  route(app, E.createToken, S.createToken, (input, call) => tokens.createToken(deps, call.caller, { ...input, ip: call.ip }), { docs: { errors: [409, 429] }, status: 201 });
  route(app, E.updateToken, S.updateToken, (input, call) => tokens.updateToken(deps, call.caller, input), { docs: { errors: [409] } });
  route(app, E.deleteToken, S.deleteToken, ({ query }, call) => tokens.deleteToken(deps, call.caller, query));
  route(app, E.lockToken, S.lockToken, (input, call) => tokens.lockToken(deps, call.caller, input));
  route(app, E.bulkUpdateTokens, S.bulkUpdateTokens, (input, call) => tokens.bulkUpdateTokens(deps, call.caller, input));
  route(app, E.tokenAudit, S.tokenAudit, ({ query }, call) => tokens.tokenAudit(deps, call.caller, query));
  route(app, E.exportToken, S.exportToken, ({ query }, call) => exportToken(deps, { credentials: call.basic, ip: call.ip, query }), { docs: { errors: [403, 409] } });
};
