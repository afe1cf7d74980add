import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { validateBank as validateBankEntry } from '../../../contract/bank/endpoints';
import * as S from '../../../contract/bank/schemas';
import { AppError } from '../../errors';
import { markTest } from '../../http/meteredCaller';
import type { CallDocs } from '../../http/openapiCall';
import { route } from '../../http/route';
import type { Deps } from '../../kernel/deps';
import { bankAnswer, bankCharge, runBankEngine, type BankRequest } from './service';
import { checkKey, parseSoapRequest, soapBodyLimit, soapFault, soapFaults, soapRequestExample, soapResponse } from './soap';

const soapContentTypes = ['text/xml', 'application/soap+xml'];
/** The SOAP call: no entry of the contract (the SPA never makes it), a raw XML body and an XML answer. */
const soapEntry = { method: 'POST', path: '/soap', auth: 'bearer' } as const;
const soapShape = { body: z.unknown(), response: z.string() };
/** What the SOAP call knows before it is charged. */
type SoapCheck = { request: BankRequest; answer: BankAnswerFirst };
type BankAnswerFirst = ReturnType<typeof runBankEngine>;

/** The SOAP call in the API reference: its envelopes, which the shape (a raw string) cannot show. */
const soapDocs: CallDocs = {
  tag: 'bank',
  summary: 'Validate a bank account (SOAP 1.1)',
  description: 'The SOAP twin of POST /api/bank/validate for integrations: a ValidateAccount envelope with the credential in Key; every refusal is a SOAP Fault with the HTTP status the JSON call would give.',
  requestBody: { contentTypes: soapContentTypes, description: 'A SOAP 1.1 envelope holding ValidateAccount', example: soapRequestExample('{key}') },
  answer: {
    contentType: 'text/xml',
    description: 'The ValidateAccountResponse envelope',
    example: soapResponse({ dataset: 'BANK-UK', country: 'GB', sortCode: '08-99-99', accountNumber: '66374958', status: 'valid', valid: true, tableVersion: '2024-01', institution: null, reasons: [], clicksLeft: 99 }),
  },
};

/**
 * POST /soap: the SOAP call of spec section 7 (bank validation), for integrations with an exported
 * API token (or a service JWT). Every error of this plugin, authentication and meter refusals
 * included, leaves as a SOAP Fault with the HTTP status the JSON services would use (400, 401,
 * 402, 403, 413, 415, 429, 503): never a 500 for the caller's mistakes.
 */
export const bankSoapPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
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

  route<typeof soapShape, SoapCheck>(
    app,
    soapEntry,
    soapShape,
    async (input, call, reply) => {
      const result = await bankAnswer(deps, call.metered, input.prepared.answer);
      reply.type('text/xml; charset=utf-8');
      return soapResponse(call.metered.test ? markTest(reply, result) : result);
    },
    {
      meter: {
        deps,
        service: 'bankcode',
        // The request, the key and the engine's answer, all before the charge: a bad one costs nothing.
        before: ({ body }, call) => {
          const type = (call.headers['content-type'] ?? '').toLowerCase();
          if (!soapContentTypes.some((t) => type.startsWith(t))) throw new AppError(415, soapFaults.contentType);
          const soap = parseSoapRequest(body);
          checkKey(soap.key, deps.config.bankSoapCredential);
          return { request: soap, answer: runBankEngine(soap) };
        },
        country: ({ prepared }) => bankCharge.country(prepared.request),
        datasetRef: ({ prepared }) => bankCharge.datasetRef(prepared.request),
      },
      // Scoped to this route: the raw XML as a string, at most soapBodyLimit bytes.
      body: {
        limit: soapBodyLimit,
        parsers: (scope) => scope.addContentTypeParser(soapContentTypes, { parseAs: 'string', bodyLimit: soapBodyLimit }, (_request, body, done) => done(null, body)),
      },
      reply: 'text',
      docs: soapDocs,
    },
  );
};

/** POST /validate: the JSON twin the portal's page calls (the SPA holds no SOAP credential). */
export const bankJsonPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  route<typeof S.validateBank, BankAnswerFirst>(app, validateBankEntry, S.validateBank, ({ prepared }, call) => bankAnswer(deps, call.metered, prepared), {
    meter: {
      deps,
      service: 'bankcode',
      before: ({ body }) => runBankEngine(body),
      country: ({ body }) => bankCharge.country(body),
      datasetRef: ({ body }) => bankCharge.datasetRef(body),
    },
  });
};
