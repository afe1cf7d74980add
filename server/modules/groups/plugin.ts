import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/groups/endpoints';
import * as S from '../../../contract/groups/schemas';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import * as invitations from './invitations';
import * as groups from './service';

/** The Groups calls of spec section 7, part of the user server (/api/users); all bearer calls. */
export const groupsPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.getGroup, S.getGroup, ({ query }, call) => groups.getGroup(deps, call.caller, query));
  route(app, E.listGroups, S.listGroups, ({ query }, call) => groups.listGroups(deps, call.caller, query));
  route(app, E.createGroup, S.createGroup, (input, call) => groups.createGroup(deps, call.caller, input), { status: 201 });
  route(app, E.updateGroup, S.updateGroup, (input, call) => groups.updateGroup(deps, call.caller, input));
  route(app, E.deleteGroup, S.deleteGroup, ({ query }, call) => groups.deleteGroup(deps, call.caller, query), { docs: { errors: [409] } });
  route(app, E.inviteToGroup, S.inviteToGroup, (input, call) => invitations.inviteToGroup(deps, call.caller, { ...input, origin: call.origin }), { docs: { errors: [409] } });
  route(app, E.previewInvite, S.previewInvite, ({ query }, call) => invitations.previewInvite(deps, call.caller, query));
  route(app, E.acceptInvite, S.acceptInvite, ({ query }, call) => invitations.acceptInvite(deps, call.caller, query));
  route(app, E.listGroupUsers, S.listGroupUsers, ({ query }, call) => groups.listGroupUsers(deps, call.caller, query));
  route(app, E.removeGroupUser, S.removeGroupUser, ({ query }, call) => groups.removeGroupUser(deps, call.caller, query), { docs: { errors: [409] } });
  route(app, E.removeGroupUserAccess, S.removeGroupUserAccess, ({ query }, call) => groups.removeGroupUser(deps, call.caller, query));
  route(app, E.getGroupUserAccess, S.getGroupUserAccess, ({ query }, call) => groups.getGroupUserAccess(deps, call.caller, query));
  route(app, E.setGroupUserAccess, S.setGroupUserAccess, ({ query }, call) => groups.setGroupUserAccess(deps, call.caller, query), { docs: { errors: [409] } });
  route(app, E.enableCorporate, S.enableCorporate, ({ query }, call) => groups.setCorporate(deps, call.caller, { ...query, enable: true }));
  route(app, E.disableCorporate, S.disableCorporate, ({ query }, call) => groups.setCorporate(deps, call.caller, { ...query, enable: false }));
  route(app, E.updateCharity, S.updateCharity, (input, call) => groups.updateCharity(deps, call.caller, input));
  route(app, E.confirmCharity, S.confirmCharity, (input, call) => groups.confirmCharity(deps, call.caller, input));
  route(app, E.disableCharity, S.disableCharity, ({ query }, call) => groups.disableCharity(deps, call.caller, query));
  route(app, E.orgToPartner, S.orgToPartner, (input, call) => groups.organisationToPartner(deps, call.caller, input));
  route(app, E.removeFromPartner, S.removeFromPartner, ({ query }, call) => groups.removeFromPartner(deps, call.caller, query));
};
