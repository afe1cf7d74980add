import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptInviteQuery, charityBody, confirmCharityBody, createGroupBody, createGroupQuery, createdId, deleteGroupQuery, groupIdQuery, groupList, groupOrNull, groupQuery, groupsQuery, groupUserAccessQuery, groupUserQuery, groupUsersQuery, inviteBody, inviteQuery, orgToPartnerBody, updateGroupBody } from '../../contract/groups/schemas';
import { group, groupUserAccess, groupUserList } from '../../contract/groups/entities';
import { message } from '../../contract/users/schemas';
import { createInviteTokens } from '../auth/inviteTokens';
import {
  confirmCharity,
  createGroup,
  deleteGroup,
  disableCharity,
  getGroup,
  listGroups,
  organisationToPartner,
  removeFromPartner,
  setCorporate,
  updateCharity,
  updateGroup,
} from '../domain/groups';
import {
  acceptInvite,
  getGroupUserAccess,
  inviteToGroup,
  listGroupUsers,
  removeGroupUser,
  setGroupUserAccess,
} from '../domain/groupUsers';
import { sessionOf } from '../http/authenticate';
import { publicBaseUrl, type ServiceOptions } from './context';

/**
 * The Groups calls of spec section 7, part of the user server (/api/users). Every call is a bearer
 * call authorised against the caller's level in the group tree (server/domain/access.ts).
 */
export const groupsService: FastifyPluginAsyncZod<ServiceOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  const inviteDeps = { ...ctx, inviteTokens: createInviteTokens({ db: ctx.db, secret: ctx.config.jwtSecret }) };
  const actor = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user;

  app.get('/group', { schema: { querystring: groupQuery, response: { 200: groupOrNull } } }, (request) =>
    getGroup(ctx.db, actor(request), request.query),
  );

  app.get('/groups', { schema: { querystring: groupsQuery, response: { 200: groupList } } }, (request) =>
    listGroups(ctx.db, actor(request), request.query),
  );

  app.post(
    '/groups',
    { schema: { querystring: createGroupQuery, body: createGroupBody, response: { 201: createdId } } },
    async (request, reply) => reply.status(201).send(await createGroup(ctx, actor(request), request.query, request.body)),
  );

  app.put('/groups', { schema: { querystring: groupIdQuery, body: updateGroupBody, response: { 200: group } } }, (request) =>
    updateGroup(ctx, actor(request), request.query.groupId, request.body),
  );

  app.delete('/groups', { schema: { querystring: deleteGroupQuery, response: { 200: message } } }, async (request) => {
    await deleteGroup(ctx, actor(request), request.query.id);
    return { msg: 'Group deleted' };
  });

  app.post(
    '/groupusers',
    { schema: { querystring: inviteQuery, body: inviteBody, response: { 200: message } } },
    async (request) => {
      await inviteToGroup(inviteDeps, actor(request), request.query, request.body, publicBaseUrl(ctx, request));
      return { msg: 'Invitation sent' };
    },
  );

  app.post('/groupinvite', { schema: { querystring: acceptInviteQuery, response: { 200: group } } }, (request) =>
    acceptInvite(inviteDeps, actor(request), request.query.jwt),
  );

  app.get('/groupusers', { schema: { querystring: groupUsersQuery, response: { 200: groupUserList } } }, (request) =>
    listGroupUsers(ctx.db, actor(request), request.query),
  );

  const removeUser = { schema: { querystring: groupUserQuery, response: { 200: message } } };
  app.delete('/groupusers', removeUser, async (request) => {
    await removeGroupUser(ctx.db, actor(request), request.query.groupId, request.query.userId);
    return { msg: 'User removed from the group' };
  });
  app.delete('/groupuseraccess', removeUser, async (request) => {
    await removeGroupUser(ctx.db, actor(request), request.query.groupId, request.query.userId);
    return { msg: 'User removed from the group' };
  });

  app.get('/groupuseraccess', { schema: { querystring: groupUserQuery, response: { 200: groupUserAccess } } }, (request) =>
    getGroupUserAccess(ctx.db, actor(request), request.query.groupId, request.query.userId),
  );

  app.put(
    '/groupuseraccess',
    { schema: { querystring: groupUserAccessQuery, response: { 200: groupUserAccess } } },
    (request) => {
      const { groupId, userId, accessLevel } = request.query;
      return setGroupUserAccess(ctx.db, actor(request), groupId, userId, accessLevel);
    },
  );

  const onGroup = { querystring: groupIdQuery, response: { 200: group } };
  app.put('/group/enablecorporate', { schema: onGroup }, (request) =>
    setCorporate(ctx, actor(request), request.query.groupId, true),
  );
  app.put('/group/disablecorporate', { schema: onGroup }, (request) =>
    setCorporate(ctx, actor(request), request.query.groupId, false),
  );

  app.put('/group/updatecharity', { schema: { ...onGroup, body: charityBody } }, (request) =>
    updateCharity(ctx, actor(request), request.query.groupId, request.body),
  );
  app.put('/group/confirmcharity', { schema: { ...onGroup, body: confirmCharityBody } }, (request) =>
    confirmCharity(ctx, actor(request), request.query.groupId, request.body),
  );
  app.put('/group/disablecharity', { schema: onGroup }, (request) =>
    disableCharity(ctx, actor(request), request.query.groupId),
  );

  app.put('/migrate/orgToPartner', { schema: { ...onGroup, body: orgToPartnerBody } }, (request) =>
    organisationToPartner(ctx, actor(request), request.query.groupId, request.body.partnerType),
  );
  app.put('/migrate/removeFromPartner', { schema: onGroup }, (request) =>
    removeFromPartner(ctx, actor(request), request.query.groupId),
  );
};
