import type { Group } from '../../contract/groups/entities';
import type { User } from '../../contract/users/entities';
import type { AccessLevel } from '../../contract/shared/access';
import type { ApiClient } from './client';

// The Groups calls of spec section 7 and the group-related user-server calls. Paths and parameter
// names are the spec's. Group, search and invite calls throw a failure object to their callers.

export type GroupUser = { id: number; name: string; email: string; personalName: string | null; accessLevel: AccessLevel; inherited?: boolean };
export type GroupDetails = Group & {
  charityPSLNumber?: string | null;
  isInVerifyProcess?: boolean;
  isRoyalMailDiscount?: boolean;
  isOSDiscount?: boolean;
  charityValid?: boolean | null;
};
export type Permission = { id: number; refId: string; name: string; description: string; parentId: number | null; admin: boolean; isNotification: boolean; isService: boolean };
export type UserPermission = { id: number; name: string; enabled: boolean; def: boolean; children?: UserPermission[] };
export type Service = { id: number; name: string; description: string };
export type UserService = { serviceId: number; name: string; tokenId: number | null };
export type SearchResult = { tokens: Array<{ id: number; parentId: number; tag: string | null }>; groups: Group[]; users: User[] };
export type CreateGroup = { type: 'organisation' | 'account'; name: string; country?: string; territory?: string; owner?: boolean };

export function groupsApi(api: ApiClient) {
  const users = 'users' as const;
  return {
    /** The signed-in user's groups as trees. */
    myGroups: () => api.send<Group[]>({ service: users, path: '/groups', queryParams: { recurse: true, recurseParents: true }, action: 'load your groups', listRead: true }),
    group: (id: number) =>
      api.send<GroupDetails | null>({ service: users, path: '/group', queryParams: { id, recurse: true, recurseParents: true }, action: 'load the group' }),
    createGroup: (where: { userId?: number; parentId?: number }, body: CreateGroup) =>
      api.send<{ id: number }>({ service: users, path: '/groups', method: 'POST', queryParams: where, body, action: `create the ${body.type}` }),
    updateGroup: (groupId: number, body: Partial<Group>) =>
      api.send<GroupDetails>({ service: users, path: '/groups', method: 'PUT', queryParams: { groupId }, body, action: 'update the group' }),
    deleteGroup: (id: number) => api.send<{ msg: string }>({ service: users, path: '/groups', method: 'DELETE', queryParams: { id }, action: 'delete the group' }),
    groupUsers: (groupId: number) =>
      api.send<GroupUser[]>({ service: users, path: '/groupusers', queryParams: { groupId }, action: 'load the users', listRead: true, cache: false }),
    invite: (groupId: number, email: string, body: { expiry?: number; takeOwnership?: boolean; accessLevel?: AccessLevel }) =>
      api.send<{ msg: string }>({ service: users, path: '/groupusers', method: 'POST', queryParams: { groupId, email }, body, action: 'send the invitation' }),
    /** Answers with the group joined. */
    acceptInvite: (jwt: string) =>
      api.send<GroupDetails>({ service: users, path: '/groupinvite', method: 'POST', queryParams: { jwt }, action: 'accept the invitation' }),
    removeUser: (groupId: number, userId: number) =>
      api.send<{ msg: string }>({ service: users, path: '/groupusers', method: 'DELETE', queryParams: { groupId, userId }, action: 'remove the user' }),
    setAccess: (groupId: number, userId: number, accessLevel: AccessLevel) =>
      api.send<unknown>({ service: users, path: '/groupuseraccess', method: 'PUT', queryParams: { groupId, userId, accessLevel }, action: 'change the access level' }),
    access: (groupId: number, userId: number) =>
      api.send<{ accessLevel: AccessLevel | null; inherited: boolean }>({ service: users, path: '/groupuseraccess', queryParams: { groupId, userId }, action: 'load the access level', cache: false }),
    lockUser: (id: number, lock: boolean) =>
      api.send<unknown>({ service: users, path: '/userlock', method: 'PUT', queryParams: { id }, body: { lock }, action: lock ? 'lock the user' : 'unlock the user' }),
    services: () => api.send<Service[]>({ service: users, path: '/services', action: 'load the services', listRead: true }),
    userServices: (groupId: number, userId: number) =>
      api.send<UserService[]>({ service: users, path: '/userservices', queryParams: { groupId, userId }, action: 'load the service permissions', listRead: true, cache: false }),
    setUserService: (groupId: number, userId: number, serviceId: number, enabled: boolean) =>
      api.send<unknown>({
        service: users,
        path: '/userservices',
        method: enabled ? 'PUT' : 'DELETE',
        queryParams: { groupId, userId, serviceId },
        action: enabled ? 'enable the service' : 'disable the service',
      }),
    permissions: () => api.send<Permission[]>({ service: users, path: '/permissions', action: 'load the permissions', listRead: true }),
    userPermissions: (userId: number) =>
      api.send<UserPermission[]>({ service: users, path: '/userpermissions', queryParams: { userId }, action: 'load the privacy settings', listRead: true, cache: false }),
    setUserPermission: (userId: number, permissionId: number, enabled: boolean) =>
      api.send<unknown>({ service: users, path: '/userpermissions', method: 'PUT', body: { userId, permissionId, enabled }, action: 'update the privacy setting' }),
    enableCorporate: (groupId: number) =>
      api.send<unknown>({ service: users, path: '/group/enablecorporate', method: 'PUT', queryParams: { groupId }, action: 'enable corporate status' }),
    disableCorporate: (groupId: number) =>
      api.send<unknown>({ service: users, path: '/group/disablecorporate', method: 'PUT', queryParams: { groupId }, action: 'disable corporate status' }),
    updateCharity: (groupId: number, body: { charityPSLNumber: string; isInVerifyProcess?: boolean; isRoyalMailDiscount?: boolean; isOSDiscount?: boolean }) =>
      api.send<unknown>({ service: users, path: '/group/updatecharity', method: 'PUT', queryParams: { groupId }, body, action: 'set the charity number' }),
    confirmCharity: (groupId: number, body: { charityPSLNumber: string; isValid: boolean; isRoyalMailDiscount?: boolean; isOSDiscount?: boolean }) =>
      api.send<unknown>({ service: users, path: '/group/confirmcharity', method: 'PUT', queryParams: { groupId }, body, action: 'confirm the charity' }),
    disableCharity: (groupId: number) =>
      api.send<unknown>({ service: users, path: '/group/disablecharity', method: 'PUT', queryParams: { groupId }, action: 'disable charity status' }),
    orgToPartner: (groupId: number, partnerType: string) =>
      api.send<unknown>({ service: users, path: '/migrate/orgToPartner', method: 'PUT', queryParams: { groupId }, body: { partnerType }, action: 'migrate the organisation to a partner' }),
    removeFromPartner: (groupId: number) =>
      api.send<unknown>({ service: users, path: '/migrate/removeFromPartner', method: 'PUT', queryParams: { groupId }, action: 'remove the organisation from its partner' }),
    canDelete: (accountId: number) =>
      api.send<boolean>({ service: 'plans', path: '/account/candelete', queryParams: { accountId }, action: 'check the account can be deleted', cache: false }),
    search: (filter: string) =>
      api.send<SearchResult>({ service: users, path: '/search', queryParams: { filter }, action: 'search', cache: false }),
  };
}

export type GroupsApi = ReturnType<typeof groupsApi>;
