import type { FastifyPluginAsync } from 'fastify';
import * as E from '../../../contract/users/endpoints';
import * as G from '../../../contract/groups/schemas';
import * as SE from '../../../contract/security/endpoints';
import * as SS from '../../../contract/security/schemas';
import * as S from '../../../contract/users/schemas';
import { forbidden } from '../../errors';
import { route } from '../../http/route';
import { stageRefusals, validateFirst } from '../../errors';
import type { Deps } from '../../kernel/deps';
import * as admin from './admin';
import * as passkeys from './passkeys';
import * as passkeySignIn from './passkeySignIn';
import * as recoveryCodes from './recoveryCodes';
import * as secondFactor from './secondFactor';
import * as users from './service';
import * as signedIn from './signedInSessions';
import * as totp from './totp';
import * as twoFactorPolicy from './twoFactorPolicy';
import * as verification from './verification';

/** The user server of spec section 7 (sessions, validation, password reset, users, user admin), under /api/users. */
export const usersPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route(app, E.login, S.login, ({ query }, call) => users.logIn(deps, null, { ...query, credentials: call.basic, ip: call.ip, userAgent: call.userAgent }));
  const unvalidated = { unvalidated: true };
  // Half-signed-in sessions (stage 'secondFactor' or 'enrol') may make only the calls that list their stage.
  const anyStage = { unvalidated: true, stages: ['secondFactor', 'enrol'] } as const;
  const secondStep = { stages: ['secondFactor'] } as const;
  const enrolling = { stages: ['enrol'] } as const;
  route(app, E.reauth, S.reauth, ({ query }, call) => users.reauthenticate(deps, call.caller, { ...query, lifetimes: call.claims }), anyStage);
  route(app, E.resendValidation, S.resendValidation, (_input, call) => verification.resendValidationCode(deps, call.caller, { origin: call.origin }), { ...unvalidated, docs: { errors: [400, 429] } });
  route(app, E.validate, S.validate, ({ body }, call) => verification.validateAccount(deps, call.caller, body), { ...unvalidated, docs: { errors: [429] } });
  route(app, E.requestPasswordReset, S.requestPasswordReset, ({ query }, call) => verification.requestPasswordReset(deps, null, { ...query, origin: call.origin }));
  route(app, E.resetPassword, S.resetPassword, ({ body }) => verification.resetPassword(deps, null, body));
  route(app, E.signUp, S.signUp, ({ query, body }, call) => verification.signUp(deps, null, { body, token: query.token, ip: call.ip, origin: call.origin }), { docs: { errors: [429] }, status: 201 });
  route(app, E.getUser, S.getUser, ({ query }, call) => {
    const { stage } = call.claims;
    if (stage && query.id !== call.caller.id) throw forbidden(stageRefusals[stage]);
    if (!call.caller.validated && query.id !== call.caller.id) throw forbidden(validateFirst);
    return users.getUser(deps, call.caller, query);
  }, { unvalidated: true, ...enrolling });
  route(app, E.updateUser, S.updateUser, (input, call) => users.updateUser(deps, call.caller, input));
  route(app, E.deleteUser, S.deleteUser, ({ query }, call) => users.deleteUser(deps, call.caller, query), { docs: { errors: [409] } });
  route(app, E.setPassword, S.setPassword, ({ body }, call) =>
    users.setPassword(deps, call.caller, { ...body, sessionId: call.claims.sessionId, ip: call.ip }));
  route(app, E.logout, S.logout, (_input, call) => users.logOut(deps, call.caller, { sessionId: call.claims.sessionId }), anyStage);

  route(app, SE.verifySecondFactor, SS.verifySecondFactor, ({ body }, call) =>
    secondFactor.verifySecondFactor(deps, call.caller, { body, claims: call.claims, ip: call.ip, origin: call.origin }), { ...secondStep, docs: { errors: [409, 429] } });
  route(app, SE.getSecurity, SS.getSecurity, (_input, call) => secondFactor.getSecurity(deps, call.caller), enrolling);
  route(app, SE.securityEvents, SS.securityEvents, (_input, call) => secondFactor.securityEvents(deps, call.caller));
  route(app, SE.startTotp, SS.startTotp, (_input, call) => totp.startTotp(deps, call.caller), { ...enrolling, docs: { errors: [409] } });
  route(app, SE.confirmTotp, SS.confirmTotp, ({ body }, call) =>
    totp.confirmTotp(deps, call.caller, { code: body.code, sessionId: call.claims.sessionId, ip: call.ip }), { ...enrolling, docs: { errors: [409] } });
  route(app, SE.removeTotp, SS.removeTotp, ({ body }, call) => totp.removeTotp(deps, call.caller, { password: body.password, ip: call.ip }), { docs: { errors: [409] } });
  route(app, SE.newRecoveryCodes, SS.newRecoveryCodes, ({ body }, call) => recoveryCodes.newRecoveryCodes(deps, call.caller, { password: body.password, ip: call.ip }), { docs: { errors: [409] } });
  route(app, SE.getGroupTwoFactor, SS.getGroupTwoFactor, ({ query }, call) => twoFactorPolicy.getGroupTwoFactor(deps, call.caller, query));
  route(app, SE.setGroupTwoFactor, SS.setGroupTwoFactor, (input, call) => twoFactorPolicy.setGroupTwoFactor(deps, call.caller, { ...input, ip: call.ip }));

  route(app, SE.listSessions, SS.listSessions, (_input, call) => signedIn.listSessions(deps, call.caller, { sessionId: call.claims.sessionId }));
  route(app, SE.endSession, SS.endSession, ({ query }, call) =>
    signedIn.endSession(deps, call.caller, { id: query.id, sessionId: call.claims.sessionId, ip: call.ip }));
  route(app, SE.endOtherSessions, SS.endOtherSessions, (_input, call) =>
    signedIn.endOtherSessions(deps, call.caller, { sessionId: call.claims.sessionId, ip: call.ip }));

  route(app, SE.passkeyLoginOptions, SS.passkeyLoginOptions, (_input, call) => passkeySignIn.passkeyLoginOptions(deps, { origin: call.origin }));
  route(app, SE.passkeyLogin, SS.passkeyLogin, ({ query, body }, call) =>
    passkeySignIn.passkeyLogin(deps, { ...query, ...body, origin: call.origin, ip: call.ip, userAgent: call.userAgent }), { docs: { errors: [401, 429] } });
  route(app, SE.secondFactorPasskeyOptions, SS.secondFactorPasskeyOptions, (_input, call) =>
    passkeys.secondFactorPasskeyOptions(deps, call.caller, { sessionId: call.claims.sessionId, origin: call.origin }), { ...secondStep, docs: { errors: [400] } });
  route(app, SE.passkeyRegistrationOptions, SS.passkeyRegistrationOptions, (_input, call) => passkeys.passkeyRegistrationOptions(deps, call.caller, { origin: call.origin }), enrolling);
  route(app, SE.registerPasskey, SS.registerPasskey, ({ body }, call) =>
    passkeys.registerPasskey(deps, call.caller, { ...body, origin: call.origin, ip: call.ip, sessionId: call.claims.sessionId }), { ...enrolling, status: 201 });
  route(app, SE.removePasskey, SS.removePasskey, ({ query, body }, call) => passkeys.removePasskey(deps, call.caller, { ...query, ...body, ip: call.ip }));

  route(app, E.listUsers, G.listUsers, (_input, call) => admin.listUsers(deps, call.caller));
  route(app, E.lockUser, G.lockUser, (input, call) => admin.setUserLock(deps, call.caller, input));
  route(app, E.listServices, G.listServices, () => admin.listServices(deps));
  route(app, E.userServices, G.userServices, ({ query }, call) => admin.userServices(deps, call.caller, query));
  route(app, E.grantUserService, G.grantUserService, ({ query }, call) => admin.grantUserService(deps, call.caller, query));
  route(app, E.revokeUserService, G.revokeUserService, ({ query }, call) => admin.revokeUserService(deps, call.caller, query));
  route(app, E.listPermissions, G.listPermissions, () => admin.listPermissions(deps));
  route(app, E.userPermissions, G.userPermissions, ({ query }, call) => admin.userPermissions(deps, call.caller, query));
  route(app, E.setUserPermission, G.setUserPermission, ({ body }, call) => admin.setUserPermission(deps, call.caller, body));
};
