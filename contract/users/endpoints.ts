import { endpoint } from '../endpoint';
import type * as G from '../groups/schemas';
import type * as S from './schemas';

// The user server of spec section 7 (service `users`): sessions, validation, password reset, users,
// and user admin (users list, locks, services, permissions). Group calls are in ../groups/endpoints.ts.

export const login = endpoint<typeof S.login>('users', 'GET', '/auth', 'basic');
/** Ends the caller's session on the server. */
export const logout = endpoint<typeof S.logout>('users', 'DELETE', '/auth', 'bearer');
export const reauth = endpoint<typeof S.reauth>('users', 'GET', '/reauth', 'bearer');
export const resendValidation = endpoint<typeof S.resendValidation>('users', 'GET', '/validate', 'bearer');
export const validate = endpoint<typeof S.validate>('users', 'PUT', '/validate', 'bearer');
export const requestPasswordReset = endpoint<typeof S.requestPasswordReset>('users', 'GET', '/resetpassword', 'none');
export const resetPassword = endpoint<typeof S.resetPassword>('users', 'PUT', '/resetpassword', 'none');
/** Answers 201 Created. */
export const signUp = endpoint<typeof S.signUp>('users', 'POST', '/users', 'none');
export const getUser = endpoint<typeof S.getUser>('users', 'GET', '/user', 'bearer');
export const updateUser = endpoint<typeof S.updateUser>('users', 'PUT', '/users', 'bearer');
export const deleteUser = endpoint<typeof S.deleteUser>('users', 'DELETE', '/users', 'bearer');
export const setPassword = endpoint<typeof S.setPassword>('users', 'PUT', '/userpassword', 'bearer');

export const listUsers = endpoint<typeof G.listUsers>('users', 'GET', '/users', 'bearer');
export const lockUser = endpoint<typeof G.lockUser>('users', 'PUT', '/userlock', 'bearer');
export const listServices = endpoint<typeof G.listServices>('users', 'GET', '/services', 'bearer');
export const userServices = endpoint<typeof G.userServices>('users', 'GET', '/userservices', 'bearer');
export const grantUserService = endpoint<typeof G.grantUserService>('users', 'PUT', '/userservices', 'bearer');
export const revokeUserService = endpoint<typeof G.revokeUserService>('users', 'DELETE', '/userservices', 'bearer');
export const listPermissions = endpoint<typeof G.listPermissions>('users', 'GET', '/permissions', 'bearer');
export const userPermissions = endpoint<typeof G.userPermissions>('users', 'GET', '/userpermissions', 'bearer');
export const setUserPermission = endpoint<typeof G.setUserPermission>('users', 'PUT', '/userpermissions', 'bearer');
