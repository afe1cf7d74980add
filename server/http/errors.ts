import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { authErrorStatusHeader } from '../../contract/shared/http';
import { issueField, type ErrorBody } from '../../contract/http';
import { AppError } from '../errors';

const fastifyMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length'],
};

/** PostgreSQL's deadlock_detected and serialization_failure: nothing was written, try again. */
const busyCodes = new Set(['40P01', '40001']);
export const busyMessage = 'Another change to the same records was under way: nothing was saved, try again';

const sources: Record<string, (request: FastifyRequest) => unknown> = {
  body: (request) => request.body,
  querystring: (request) => request.query,
  params: (request) => request.params,
  headers: (request) => request.headers,
};

function valueAt(data: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
    data,
  );
}

/**
 * One human sentence per invalid field, keyed by the field's own name: "email: Enter a valid email
 * address". The key is the name a form field has (the SPA puts the sentence under it), never the
 * schema's path: a field inside a wrapping object (token.tag) is its own name (tag), and an item of
 * a list is counted in the sentence ("ipRange: ... (item 2)").
 */
export function describeValidation(
  issues: ZodFastifySchemaValidationError[],
  context: string | undefined,
  request: FastifyRequest,
): string {
  const data = context && sources[context] ? sources[context](request) : undefined;
  const lines = issues.map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    const { field, item } = issueField(path);
    const params = issue.params as {
      expected?: string;
      maximum?: number;
      minimum?: number;
      origin?: string;
      values?: unknown[];
    };
    // Zod's default wording is for developers; messages set in contract/ are kept as they are.
    let text = issue.message ?? 'Invalid value';
    const missing = valueAt(data, path) === undefined;
    if (missing && !field) {
      text = `The request ${context === 'body' ? 'body' : 'query'} is missing`;
    } else if (missing && issue.keyword !== 'unrecognized_keys') {
      text = 'This field is required';
    } else if (issue.keyword === 'invalid_type' && text.startsWith('Invalid input')) {
      text = `Must be ${params.expected === 'array' || params.expected === 'object' ? 'an' : 'a'} ${params.expected}`;
    } else if (issue.keyword === 'invalid_value' && text.startsWith('Invalid option') && params.values) {
      text = `Must be one of ${params.values.join(', ')}`;
    } else if (issue.keyword === 'too_big' && text.startsWith('Too big') && params.origin === 'string') {
      text = `Must be at most ${params.maximum} characters`;
    } else if (issue.keyword === 'too_small' && text.startsWith('Too small') && params.origin === 'string') {
      text = params.minimum === 1 ? 'This field is required' : `Must be at least ${params.minimum} characters`;
    } else if (issue.keyword === 'too_big' && text.startsWith('Too big')) {
      text = `Must be at most ${params.maximum}`;
    } else if (issue.keyword === 'too_small' && text.startsWith('Too small')) {
      text = `Must be at least ${params.minimum}`;
    }
    const which = item === null ? '' : ` (item ${item})`;
    return field ? `${field}: ${text}${which}` : `${text}${which}`;
  });
  return [...new Set(lines)].join('; ');
}

function toErrorBody(error: unknown, request: FastifyRequest): ErrorBody {
  if (error instanceof AppError) return { statusCode: error.statusCode, msg: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { statusCode: 400, msg: describeValidation(error.validation, error.validationContext, request) };
  }
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code && fastifyMessages[code]) {
    const [status, msg] = fastifyMessages[code];
    return { statusCode: status, msg };
  }
  // PostgreSQL data exceptions (a number out of range, say) come from input that passed the schema.
  if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return { statusCode: 400, msg: 'Invalid value in request' };
  // Two requests at once on PostgreSQL: one was chosen to give way (a deadlock, or a serialisation
  // failure), its transaction rolled back whole; the same request again goes through.
  if (code && busyCodes.has(code)) return { statusCode: 503, msg: busyMessage };
  // A row this request refers to was removed by another one meanwhile (what it checked was there).
  if (code === '23503') return { statusCode: 409, msg: 'Something this refers to was removed meanwhile: reload and try again' };
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return { statusCode, msg: (error as Error).message || 'Bad request' };
  }
  request.log.error({ err: error }, 'Unhandled error');
  return { statusCode: 500, msg: 'Internal server error' };
}

/** Every error leaves as `{ msg, statusCode }` (contract/errors.ts); nothing internal leaks. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error, request);
    // Basic-credential calls ask for 400 so the browser neither prompts nor logs the user out.
    if (body.statusCode === 401 && request.headers[authErrorStatusHeader] === '400') body.statusCode = 400;
    if (error instanceof AppError && error.retryAfter) reply.header('retry-after', String(error.retryAfter));
    if (body.statusCode === 503 && body.msg === busyMessage) reply.header('retry-after', '1');
    return reply.status(body.statusCode).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ msg: 'Not found', statusCode: 404 }));
}
