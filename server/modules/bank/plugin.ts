import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { validateBank as validateBankEntry } from '../../../contract/bank/endpoints';
import * as S from '../../../contract/bank/schemas';
import { AppError } from '../../errors';
import { markTest, meteredCaller } from '../../http/metered';
import type { Deps } from '../deps';
import { validateBank } from './service';
import { checkKey, parseSoapRequest, soapBodyLimit, soapFault, soapFaults, soapResponse } from './soap';

const soapContentTypes = ['text/xml', 'application/soap+xml'];

/**
 * POST /soap: the SOAP call of spec section 7 (bank validation), for integrations with an exported
 * API token (or a service JWT). Every error of this plugin, authentication and meter refusals
 * included, leaves as a SOAP Fault with the HTTP status the JSON services would use (400, 401,
 * 402, 403, 413, 415, 429, 503): never a 500 for the caller's mistakes.
 */
export const bankSoapPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  // Scoped to this plugin: the raw XML as a string, at most soapBodyLimit bytes.
  app.addContentTypeParser(soapContentTypes, { parseAs: 'string', bodyLimit: soapBodyLimit }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    let message = error.message;
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = soapFaults.tooLarge;
    else if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = soapFaults.contentType;
    else if (!(error instanceof AppError) && status < 500) message = error.message || 'Bad request';
    if (status >= 500 && !(error instanceof AppError)) {
      request.log.error({ err: error }, 'bank SOAP: unhandled error');
      status = 500;
      message = 'Internal server error';
    }
    if (error instanceof AppError && error.retryAfter) reply.header('retry-after', String(error.retryAfter));
    return reply.status(status).type('text/xml; charset=utf-8').send(soapFault(status, message));
  });

  app.route({
    method: 'POST',
    url: '/soap',
    bodyLimit: soapBodyLimit,
    onRequest: async (request) => {
      request.meteredCaller = await meteredCaller(deps, request, 'bankcode');
    },
    handler: async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').toLowerCase();
      if (!soapContentTypes.some((t) => type.startsWith(t))) throw new AppError(415, soapFaults.contentType);
      const soap = parseSoapRequest(request.body);
      checkKey(soap.key, deps.config.bankSoapCredential);
      const result = await validateBank(deps, request.meteredCaller!, soap);
      return reply.type('text/xml; charset=utf-8').send(soapResponse(request.meteredCaller!.test ? markTest(reply, result) : result));
    },
  });
};

/** POST /validate: the JSON twin the portal's page calls (the SPA holds no SOAP credential). */
export const bankJsonPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.route({
    method: validateBankEntry.method,
    url: validateBankEntry.path,
    schema: { body: S.validateBank.body, response: { 200: S.validateBank.response } },
    onRequest: async (request) => {
      request.meteredCaller = await meteredCaller(deps, request, 'bankcode');
    },
    handler: async (request, reply) => {
      const result = await validateBank(deps, request.meteredCaller!, request.body as ReturnType<typeof S.validateBankBody.parse>);
      return request.meteredCaller!.test ? markTest(reply, result) : result;
    },
  });
};
