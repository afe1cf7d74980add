import type { BodyOf } from '../../contract/endpoint';
import * as users from '../../contract/users/endpoints';
import type { Credentials } from '../../machines/session';
import type { ApiClient } from './client';

// The user-server calls of spec section 7, each through its contract entry
// (contract/users/endpoints.ts): paths, parameters and shapes are written there once.

export function usersApi(api: ApiClient, recycleTime: () => number) {
  return {
    /** GET /auth with basic credentials; the bot-check answer rides as ?token. */
    login: (credentials: Credentials, accId?: number) =>
      api.call(
        users.login,
        {
          query: { token: credentials.token, recycleTime: recycleTime(), accId },
          basic: { userName: credentials.userName, password: credentials.password },
        },
        { action: 'log in' },
      ),
    /** DELETE /auth: ends the session on the server too. */
    logout: () => api.call(users.logout, {}, { action: 'log out', cache: false, skipDefaultErrorHandling: true }),
    reauthenticate: (accId: number | undefined) =>
      api.call(users.reauth, { query: { accId } }, { action: 're-authenticate', cache: false, skipDefaultErrorHandling: true }),
    resendValidation: () => api.call(users.resendValidation, {}, { action: 'resend the validation code', cache: false }),
    validate: (code: string) => api.call(users.validate, { body: { code } }, { action: 'validate your account' }),
    requestReset: (userId: string) =>
      api.call(users.requestPasswordReset, { query: { userId } }, { action: 'send a reset code', cache: false }),
    resetPassword: (body: BodyOf<typeof users.resetPassword>) => api.call(users.resetPassword, { body }, { action: 'reset your password' }),
    signup: (body: BodyOf<typeof users.signUp>, token?: string) =>
      api.call(users.signUp, { query: { token }, body }, { action: 'register' }),
    getUser: (id: number) => api.call(users.getUser, { query: { id } }, { action: 'load the user' }),
    updateUser: (id: number, body: BodyOf<typeof users.updateUser>) =>
      api.call(users.updateUser, { query: { id }, body }, { action: 'update your details' }),
    deleteUser: (id: number) => api.call(users.deleteUser, { query: { id } }, { action: 'delete the user' }),
    /** The server checks the current password and ends the user's other sessions. */
    updatePassword: (currentPassword: string, newPassword: string) =>
      api.call(users.setPassword, { body: { currentPassword, newPassword } }, { action: 'update your password' }),
  };
}

export type UsersApi = ReturnType<typeof usersApi>;
