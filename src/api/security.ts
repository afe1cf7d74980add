import type { BodyOf } from '../../contract/endpoint';
import type { AuthUser } from '../../contract/users/entities';
import * as security from '../../contract/security/endpoints';
import type { ApiClient } from './client';

// The account-security calls, each through its contract entry (contract/security/endpoints.ts): the
// second step of sign-in, passkey sign-in, the caller's second factors and recovery codes, their
// sessions and a group's requirement. Not in the first page: src/app/portal.ts loads this module
// with the first call (lazyApi). The browser's WebAuthn ceremony (@simplewebauthn/browser) is not
// here: the pages that need it load it.

export type VerifySecondFactor = BodyOf<typeof security.verifySecondFactor>;

export function securityApi(api: ApiClient, recycleTime: () => number) {
  return {
    /** The second step: the full session's user; after a recovery code, `tell` says how many are left. */
    async finishSecondStep(body: VerifySecondFactor, tell: (title: string, text: string) => void): Promise<AuthUser> {
      const { recoveryCodesLeft, ...user } = await api.call(security.verifySecondFactor, { body }, { action: 'check the code', cache: false });
      if (recoveryCodesLeft !== undefined) {
        const left = recoveryCodesLeft === 1 ? '1 recovery code' : `${recoveryCodesLeft} recovery codes`;
        tell('Recovery code used', `You have ${left} left. Each works once: make new ones in My Settings > Sign-in security.`);
      }
      return user;
    },
    secondFactorPasskeyOptions: () =>
      api.call(security.secondFactorPasskeyOptions, {}, { action: 'start passkey sign-in', cache: false }),
    passkeyLoginOptions: () => api.call(security.passkeyLoginOptions, {}, { action: 'start passkey sign-in', cache: false }),
    passkeyLogin: (body: BodyOf<typeof security.passkeyLogin>, accId?: number) =>
      api.call(security.passkeyLogin, { query: { recycleTime: recycleTime(), accId }, body }, { action: 'sign in with a passkey', cache: false }),

    status: () => api.call(security.getSecurity, {}, { action: 'load your sign-in settings', cache: false }),
    startTotp: () => api.call(security.startTotp, {}, { action: 'start adding an authenticator app', cache: false }),
    confirmTotp: (code: string) => api.call(security.confirmTotp, { body: { code } }, { action: 'add the authenticator app' }),
    removeTotp: (password: string) => api.call(security.removeTotp, { body: { password } }, { action: 'remove the authenticator app' }),
    passkeyRegistrationOptions: () =>
      api.call(security.passkeyRegistrationOptions, {}, { action: 'start adding a passkey', cache: false }),
    registerPasskey: (body: BodyOf<typeof security.registerPasskey>) =>
      api.call(security.registerPasskey, { body }, { action: 'add the passkey' }),
    removePasskey: (id: string, password: string) =>
      api.call(security.removePasskey, { query: { id }, body: { password } }, { action: 'remove the passkey' }),
    newRecoveryCodes: (password: string) =>
      api.call(security.newRecoveryCodes, { body: { password } }, { action: 'make new recovery codes' }),
    events: () => api.call(security.securityEvents, {}, { action: 'load the security history', cache: false, listRead: true }),

    sessions: () => api.call(security.listSessions, {}, { action: 'load your sessions', cache: false, listRead: true }),
    endSession: (id: string) => api.call(security.endSession, { query: { id } }, { action: 'sign the session out' }),
    endOtherSessions: () => api.call(security.endOtherSessions, {}, { action: 'sign out everywhere else' }),

    groupTwoFactor: (id: number) => api.call(security.getGroupTwoFactor, { query: { id } }, { action: 'load the two-factor setting', cache: false }),
    setGroupTwoFactor: (id: number, required: boolean) =>
      api.call(security.setGroupTwoFactor, { query: { id }, body: { required } }, { action: 'change the two-factor setting' }),
  };
}

export type SecurityApi = ReturnType<typeof securityApi>;
