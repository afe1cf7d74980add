// What a request hears when PostgreSQL rolls its transaction back because of another request: a
// deadlock or a serialisation failure is 503 with Retry-After (nothing was written: the same call
// again goes through), a row removed meanwhile is 409; neither is a 500.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busyMessage, registerErrorHandling } from '../../../server/http/errors';

/** An error as the pg driver and PGlite raise them: an Error with PostgreSQL's SQLSTATE in `code`. */
const databaseError = (code: string) => Object.assign(new Error(`database error ${code}`), { code });

const app = Fastify();
registerErrorHandling(app);
app.get('/fails/:code', async (request) => {
  throw databaseError((request.params as { code: string }).code);
});
beforeAll(() => app.ready());
afterAll(() => app.close());

const failWith = (code: string) => app.inject({ method: 'GET', url: `/fails/${code}` });

describe('database conflicts between requests', () => {
  it.each(['40P01', '40001'])('%s (the transaction gave way) is 503, try again after a second', async (code) => {
    const response = await failWith(code);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({ statusCode: 503, msg: busyMessage });
  });

  it('23503 (a row referred to was removed meanwhile) is 409', async () => {
    const response = await failWith('23503');
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('Something this refers to was removed meanwhile: reload and try again');
  });

  it('any other database error stays a 500 that says nothing of the database', async () => {
    const response = await failWith('XX000');
    expect(response.json()).toEqual({ statusCode: 500, msg: 'Internal server error' });
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
