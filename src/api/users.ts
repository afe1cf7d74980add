import type { AuthUser, User } from '../../contract/users/entities';
import type { SignupBody, UpdateUserBody } from '../../contract/users/schemas';
import type { Credentials } from '../../machines/session';
import type { ApiClient } from './client';

// The user-server calls of spec section 7. Paths and parameter names are the spec's.

export function usersApi(api: ApiClient, recycleTime: () => number) {
  return {
    /** GET /auth with basic credentials; the bot-check answer rides as ?token. */
    login: (credentials: Credentials, accId?: number) =>
      api.send<AuthUser>({
        service: 'users',
        path: '/auth',
        action: 'log in',
        auth: { basic: { userName: credentials.userName, password: credentials.password } },
        queryParams: { token: credentials.token, recycleTime: recycleTime(), accId },
      }),
    /** Checks a password without touching the session (before changing it). */
    checkPassword: (userName: string, password: string) =>
      api.send<AuthUser>({
        service: 'users',
        path: '/auth',
        action: 'check your current password',
        auth: { basic: { userName, password } },
        queryParams: { recycleTime: 60 },
      }),
    /** DELETE /auth: ends the session on the server too. */
    logout: () =>
      api.send<{ msg: string }>({
        service: 'users',
        path: '/auth',
        method: 'DELETE',
        action: 'log out',
        cache: false,
        skipDefaultErrorHandling: true,
      }),
    reauthenticate: (accId: number | undefined) =>
      api.send<AuthUser>({
        service: 'users',
        path: '/reauth',
        action: 're-authenticate',
        queryParams: { accId },
        cache: false,
        skipDefaultErrorHandling: true,
      }),
    resendValidation: () =>
      api.send<{ msg: string }>({ service: 'users', path: '/validate', action: 'resend the validation code', cache: false }),
    validate: (code: string) =>
      api.send<{ validated: true }>({
        service: 'users',
        path: '/validate',
        method: 'PUT',
        body: { code },
        action: 'validate your account',
      }),
    requestReset: (userId: string) =>
      api.send<{ msg: string }>({
        service: 'users',
        path: '/resetpassword',
        queryParams: { userId },
        auth: 'none',
        cache: false,
        action: 'send a reset code',
      }),
    resetPassword: (body: { password: string; activationCode: string; userId: string }) =>
      api.send<{ msg: string }>({
        service: 'users',
        path: '/resetpassword',
        method: 'PUT',
        body,
        auth: 'none',
        action: 'reset your password',
      }),
    signup: (body: SignupBody, token?: string) =>
      api.send<{ msg: string }>({
        service: 'users',
        path: '/users',
        method: 'POST',
        queryParams: { token },
        body,
        auth: 'none',
        action: 'register',
      }),
    getUser: (id: number) => api.send<User>({ service: 'users', path: '/user', queryParams: { id }, action: 'load the user' }),
    updateUser: (id: number, body: UpdateUserBody) =>
      api.send<User>({ service: 'users', path: '/users', method: 'PUT', queryParams: { id }, body, action: 'update your details' }),
    deleteUser: (id: number) =>
      api.send<{ msg: string }>({ service: 'users', path: '/users', method: 'DELETE', queryParams: { id }, action: 'delete the user' }),
    /** The server checks the current password and ends the user's other sessions. */
    updatePassword: (currentPassword: string, newPassword: string) =>
      api.send<{ msg: string }>({
        service: 'users',
        path: '/userpassword',
        method: 'PUT',
        body: { currentPassword, newPassword },
        action: 'update your password',
      }),
  };
}

export type UsersApi = ReturnType<typeof usersApi>;
