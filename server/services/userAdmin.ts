import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionList, serviceList, userPermissionList, userServiceList } from '../../contract/groups/entities';
import { userList, userLockBody, userPermissionBody, userPermissionsQuery, userServiceQuery, userServicesQuery } from '../../contract/groups/schemas';
import { searchQuery, searchResponse } from '../../contract/search/schemas';
import { userIdQuery, userResponse } from '../../contract/users/schemas';
import { assertCanChangeUser, assertCanReadUser } from '../domain/access';
import {
  grantUserService,
  listPermissions,
  listServices,
  revokeUserService,
  setUserPermission,
  userPermissions,
  userServices,
} from '../domain/permissions';
import { search } from '../domain/search';
import { listUsers, setUserLock } from '../domain/userAdmin';
import { sessionOf } from '../http/authenticate';
import type { ServiceOptions } from './context';

/**
 * User-server calls around users and groups (spec section 7): the user list and locks, services
 * and service permissions, notification permissions, and staff search. All bearer calls.
 */
export const userAdminService: FastifyPluginAsyncZod<ServiceOptions> = async (app, { ctx }) => {
  app.addHook('onRequest', app.authenticate);
  const actor = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user;

  app.get('/users', { schema: { response: { 200: userList } } }, (request) => listUsers(ctx.db, actor(request)));

  app.put('/userlock', { schema: { querystring: userIdQuery, body: userLockBody, response: { 200: userResponse } } }, (request) =>
    setUserLock(ctx, actor(request), request.query.id, request.body.lock),
  );

  app.get('/services', { schema: { response: { 200: serviceList } } }, () => listServices(ctx.db));

  app.get('/userservices', { schema: { querystring: userServicesQuery, response: { 200: userServiceList } } }, (request) =>
    userServices(ctx.db, actor(request), request.query.groupId, request.query.userId),
  );
  app.put('/userservices', { schema: { querystring: userServiceQuery, response: { 200: userServiceList } } }, (request) =>
    grantUserService(ctx, actor(request), request.query),
  );
  app.delete('/userservices', { schema: { querystring: userServiceQuery, response: { 200: userServiceList } } }, (request) =>
    revokeUserService(ctx.db, actor(request), request.query),
  );

  app.get('/permissions', { schema: { response: { 200: permissionList } } }, () => listPermissions(ctx.db));

  app.get('/userpermissions', { schema: { querystring: userPermissionsQuery, response: { 200: userPermissionList } } }, (request) => {
    const me = actor(request);
    const userId = request.query.userId ?? me.id;
    assertCanReadUser(me, userId);
    return userPermissions(ctx.db, userId);
  });
  app.put('/userpermissions', { schema: { body: userPermissionBody, response: { 200: userPermissionList } } }, (request) => {
    const me = actor(request);
    const userId = request.body.userId ?? me.id;
    assertCanChangeUser(me, userId);
    return setUserPermission(ctx, userId, request.body.permissionId, request.body.enabled);
  });

  app.get('/search', { schema: { querystring: searchQuery, response: { 200: searchResponse } } }, (request) =>
    search(ctx.db, actor(request), request.query.filter),
  );
};
