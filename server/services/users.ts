import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authQuery, authResponse, message, reauthQuery, resetBody, resetRequestQuery, signupBody, signupQuery, updateUserBody, userIdQuery, userPasswordBody, userResponse, validateBody, validateResponse } from '../../contract/users/schemas';
import { assertCanChangeUser, assertCanReadUser } from '../domain/access';
import { resendValidationCode, validateAccount } from '../domain/accountValidation';
import { requestPasswordReset, resetPassword, resetRequestedMessage } from '../domain/passwordReset';
import { invalidCredentials, logIn, reauthenticate } from '../domain/sessions';
import { deleteUser, requireUser, setPassword, signUp, toUser, updateUser } from '../domain/users';
import { unauthorised } from '../errors';
import { basicCredentials, sessionOf } from '../http/authenticate';
import { publicBaseUrl, type ServiceOptions } from './context';

/** The user server of spec section 7 (sessions, validation, password reset, users), under /api/users. */
export const usersService: FastifyPluginAsyncZod<ServiceOptions> = async (app, { ctx }) => {
  const bearer = { onRequest: app.authenticate };

  app.get('/auth', { schema: { querystring: authQuery, response: { 200: authResponse } } }, async (request) => {
    const { token, recycleTime, expiryTime, accId } = request.query;
    await ctx.botCheck(token, request.ip);
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) throw unauthorised(invalidCredentials);
    const recycleSeconds = recycleTime ?? ctx.config.runtime.sessionRecycleSeconds;
    return logIn(ctx, {
      ...credentials,
      ip: request.ip,
      recycleSeconds,
      expirySeconds: expiryTime ?? recycleSeconds,
      accountId: accId,
    });
  });

  app.get('/reauth', { ...bearer, schema: { querystring: reauthQuery, response: { 200: authResponse } } }, (request) => {
    const { user, claims } = sessionOf(request);
    return reauthenticate(ctx, user, claims, request.query.accId);
  });

  app.get('/validate', { ...bearer, schema: { response: { 200: message } } }, async (request) => {
    await resendValidationCode(ctx, sessionOf(request).user.id, publicBaseUrl(ctx, request));
    return { msg: 'A new validation code has been sent' };
  });

  app.put('/validate', { ...bearer, schema: { body: validateBody, response: { 200: validateResponse } } }, async (request) => {
    await validateAccount(ctx, sessionOf(request).user.id, request.body.code);
    return { validated: true as const };
  });

  app.get('/resetpassword', { schema: { querystring: resetRequestQuery, response: { 200: message } } }, async (request) => {
    await requestPasswordReset(ctx, request.query.userId, publicBaseUrl(ctx, request));
    return { msg: resetRequestedMessage };
  });

  app.put('/resetpassword', { schema: { body: resetBody, response: { 200: message } } }, async (request) => {
    await resetPassword(ctx, request.body);
    return { msg: 'Your password has been reset' };
  });

  app.post(
    '/users',
    { schema: { querystring: signupQuery, body: signupBody, response: { 201: userResponse } } },
    async (request, reply) => {
      await ctx.botCheck(request.query.token, request.ip);
      const user = await signUp(ctx, request.body, publicBaseUrl(ctx, request));
      return reply.status(201).send(user);
    },
  );

  app.get('/user', { ...bearer, schema: { querystring: userIdQuery, response: { 200: userResponse } } }, async (request) => {
    assertCanReadUser(sessionOf(request).user, request.query.id);
    return toUser(await requireUser(ctx.db, request.query.id));
  });

  app.put(
    '/users',
    { ...bearer, schema: { querystring: userIdQuery, body: updateUserBody, response: { 200: userResponse } } },
    (request) => {
      assertCanChangeUser(sessionOf(request).user, request.query.id);
      return updateUser(ctx, request.query.id, request.body);
    },
  );

  app.delete('/users', { ...bearer, schema: { querystring: userIdQuery, response: { 200: message } } }, async (request) => {
    assertCanChangeUser(sessionOf(request).user, request.query.id);
    await deleteUser(ctx, request.query.id);
    return { msg: 'User deleted' };
  });

  app.put('/userpassword', { ...bearer, schema: { body: userPasswordBody, response: { 200: message } } }, async (request) => {
    await setPassword(ctx, sessionOf(request).user.id, request.body.newPassword);
    return { msg: 'Password updated' };
  });
};
