import type { BodyOf, ResponseOf } from '../../contract/endpoint';
import * as groups from '../../contract/groups/endpoints';
import * as users from '../../contract/users/endpoints';
import type { AccessLevel } from '../../contract/shared/access';
import type { ApiClient } from './client';

// The Groups calls of spec section 7 and the group-related user-server calls, each through its
// contract entry (contract/<module>/endpoints.ts): paths, parameters and shapes are written there once.
// Group and invite calls throw a failure object to their callers. The user-server calls of a group's
// members sit here, not in ./users.ts: that file is in the first page, these load with the
// administration pages (src/app/portal.ts, lazyApi).

export type UserPermission = ResponseOf<typeof users.userPermissions>[number];
export type CreateGroup = BodyOf<typeof groups.createGroup>;
export type GroupDetails = NonNullable<ResponseOf<typeof groups.getGroup>>;
export type InvitationPreview = ResponseOf<typeof groups.previewInvite>;

export function groupsApi(api: ApiClient) {
  return {
    /** The signed-in user's groups as trees. */
    myGroups: () =>
      api.call(groups.listGroups, { query: { recurse: true, recurseParents: true } }, { action: 'load your groups', listRead: true }),
    group: (id: number) => api.call(groups.getGroup, { query: { id, recurse: true } }, { action: 'load the group' }),
    createGroup: (where: { userId?: number; parentId?: number }, body: CreateGroup) =>
      api.call(groups.createGroup, { query: where, body }, { action: `create the ${body.type}` }),
    updateGroup: (groupId: number, body: BodyOf<typeof groups.updateGroup>) =>
      api.call(groups.updateGroup, { query: { groupId }, body }, { action: 'update the group' }),
    deleteGroup: (id: number) => api.call(groups.deleteGroup, { query: { id } }, { action: 'delete the group' }),
    groupUsers: (groupId: number) =>
      api.call(groups.listGroupUsers, { query: { groupId } }, { action: 'load the users', listRead: true, cache: false }),
    invite: (groupId: number, email: string, body: BodyOf<typeof groups.inviteToGroup>) =>
      api.call(groups.inviteToGroup, { query: { groupId, email }, body }, { action: 'send the invitation' }),
    /** What an invitation link offers and whether the signed-in user can accept it; reading it uses nothing up. */
    invitation: (jwt: string) =>
      api.call(groups.previewInvite, { query: { jwt } }, { action: 'load the invitation', cache: false }),
    /** Answers with the group joined. */
    acceptInvite: (jwt: string) => api.call(groups.acceptInvite, { query: { jwt } }, { action: 'accept the invitation' }),
    removeUser: (groupId: number, userId: number) =>
      api.call(groups.removeGroupUser, { query: { groupId, userId } }, { action: 'remove the user' }),
    setAccess: (groupId: number, userId: number, accessLevel: AccessLevel) =>
      api.call(groups.setGroupUserAccess, { query: { groupId, userId, accessLevel } }, { action: 'change the access level' }),
    access: (groupId: number, userId: number) =>
      api.call(groups.getGroupUserAccess, { query: { groupId, userId } }, { action: 'load the access level', cache: false }),
    lockUser: (id: number, lock: boolean) =>
      api.call(users.lockUser, { query: { id }, body: { lock } }, { action: lock ? 'lock the user' : 'unlock the user' }),
    services: () => api.call(users.listServices, {}, { action: 'load the services', listRead: true }),
    userServices: (groupId: number, userId: number) =>
      api.call(users.userServices, { query: { groupId, userId } }, { action: 'load the service permissions', listRead: true, cache: false }),
    setUserService: (groupId: number, userId: number, serviceId: number, enabled: boolean) =>
      api.call(enabled ? users.grantUserService : users.revokeUserService, { query: { groupId, userId, serviceId } }, {
        action: enabled ? 'enable the service' : 'disable the service',
      }),
    permissions: () => api.call(users.listPermissions, {}, { action: 'load the permissions', listRead: true }),
    userPermissions: (userId: number) =>
      api.call(users.userPermissions, { query: { userId } }, { action: 'load the privacy settings', listRead: true, cache: false }),
    setUserPermission: (userId: number, permissionId: number, enabled: boolean) =>
      api.call(users.setUserPermission, { body: { userId, permissionId, enabled } }, { action: 'update the privacy setting' }),
    enableCorporate: (groupId: number) => api.call(groups.enableCorporate, { query: { groupId } }, { action: 'enable corporate status' }),
    disableCorporate: (groupId: number) => api.call(groups.disableCorporate, { query: { groupId } }, { action: 'disable corporate status' }),
    updateCharity: (groupId: number, body: BodyOf<typeof groups.updateCharity>) =>
      api.call(groups.updateCharity, { query: { groupId }, body }, { action: 'set the charity number' }),
    confirmCharity: (groupId: number, body: BodyOf<typeof groups.confirmCharity>) =>
      api.call(groups.confirmCharity, { query: { groupId }, body }, { action: 'confirm the charity' }),
    disableCharity: (groupId: number) => api.call(groups.disableCharity, { query: { groupId } }, { action: 'disable charity status' }),
    orgToPartner: (groupId: number, partnerType: string) =>
      api.call(groups.orgToPartner, { query: { groupId }, body: { partnerType } }, { action: 'migrate the organisation to a partner' }),
    removeFromPartner: (groupId: number) =>
      api.call(groups.removeFromPartner, { query: { groupId } }, { action: 'remove the organisation from its partner' }),
  };
}

export type GroupsApi = ReturnType<typeof groupsApi>;
