import { endpoint } from '../endpoint';
import type * as S from './schemas';

// The Groups calls of spec section 7, served by the user server (service `users`). All bearer.

export const getGroup = endpoint<typeof S.getGroup>('users', 'GET', '/group', 'bearer');
export const listGroups = endpoint<typeof S.listGroups>('users', 'GET', '/groups', 'bearer');
/** Answers 201 Created. */
export const createGroup = endpoint<typeof S.createGroup>('users', 'POST', '/groups', 'bearer');
export const updateGroup = endpoint<typeof S.updateGroup>('users', 'PUT', '/groups', 'bearer');
export const deleteGroup = endpoint<typeof S.deleteGroup>('users', 'DELETE', '/groups', 'bearer');
export const acceptInvite = endpoint<typeof S.acceptInvite>('users', 'POST', '/groupinvite', 'bearer');
/** Reads an invitation without using it (not in the spec: the page says what is offered before Accept). */
export const previewInvite = endpoint<typeof S.previewInvite>('users', 'GET', '/groupinvite', 'bearer');
export const listGroupUsers = endpoint<typeof S.listGroupUsers>('users', 'GET', '/groupusers', 'bearer');
export const inviteToGroup = endpoint<typeof S.inviteToGroup>('users', 'POST', '/groupusers', 'bearer');
export const removeGroupUser = endpoint<typeof S.removeGroupUser>('users', 'DELETE', '/groupusers', 'bearer');
export const setGroupUserAccess = endpoint<typeof S.setGroupUserAccess>('users', 'PUT', '/groupuseraccess', 'bearer');
export const getGroupUserAccess = endpoint<typeof S.getGroupUserAccess>('users', 'GET', '/groupuseraccess', 'bearer');
export const removeGroupUserAccess = endpoint<typeof S.removeGroupUserAccess>('users', 'DELETE', '/groupuseraccess', 'bearer');
export const enableCorporate = endpoint<typeof S.enableCorporate>('users', 'PUT', '/group/enablecorporate', 'bearer');
export const disableCorporate = endpoint<typeof S.disableCorporate>('users', 'PUT', '/group/disablecorporate', 'bearer');
export const updateCharity = endpoint<typeof S.updateCharity>('users', 'PUT', '/group/updatecharity', 'bearer');
export const confirmCharity = endpoint<typeof S.confirmCharity>('users', 'PUT', '/group/confirmcharity', 'bearer');
export const disableCharity = endpoint<typeof S.disableCharity>('users', 'PUT', '/group/disablecharity', 'bearer');
export const orgToPartner = endpoint<typeof S.orgToPartner>('users', 'PUT', '/migrate/orgToPartner', 'bearer');
export const removeFromPartner = endpoint<typeof S.removeFromPartner>('users', 'PUT', '/migrate/removeFromPartner', 'bearer');
