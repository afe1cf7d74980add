// Malformed, mistyped and hostile requests, sent as built: the contract's typed calls cannot make them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../contract/http';
import { createHarness, uniqueEmail, type Harness, query } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

const countUsers = async (email: string) =>
  (await query(h.db, 'select 1 from users where user_name = $1', [email])).rows.length;

describe('bad input gets a 400 with a clear message, never a 500', () => {
  it('answers "Malformed JSON body" to broken JSON', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/users/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: 'Malformed JSON body', statusCode: 400 });
  });

  it('names each missing field', async () => {
    const response = await h.inject({ method: 'POST', url: '/api/users/users', payload: { email: uniqueEmail() } });
    expect(response.statusCode).toBe(400);
    const { msg } = errorBody.parse(response.json());
    expect(msg).toContain('password: This field is required');
    expect(msg).toContain('personalName: This field is required');
    expect(msg).toContain('territory: This field is required');
  });

  it('uses the contract messages, naming the field', async () => {
    const response = await h.inject({
      method: 'POST',
      url: '/api/users/users',
      payload: { email: 'not-an-email', password: 'short', personalName: 'X', territory: 'france' },
    });
    const { msg } = errorBody.parse(response.json());
    expect(response.statusCode).toBe(400);
    expect(msg).toContain('email: Enter a valid email address');
    expect(msg).toContain('password: Password must be at least 8 characters');
    expect(msg).toContain('territory: Must be one of uk, australia');
  });

  it('refuses overlong strings and writes no row', async () => {
    const email = uniqueEmail();
    const response = await h.inject({
      method: 'POST',
      url: '/api/users/users',
      payload: { email, password: 'Correct-Horse-9', personalName: 'N'.repeat(101), territory: 'uk', companyName: 'C'.repeat(5000) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain('personalName: Must be at most 100 characters');
    expect(response.json().msg).toContain('companyName: Must be at most 100 characters');
    expect(await countUsers(email)).toBe(0);

    const longEmail = await h.inject({
      method: 'POST',
      url: '/api/users/users',
      payload: { email: `${'a'.repeat(250)}@example.com`, password: 'Correct-Horse-9', personalName: 'N', territory: 'uk' },
    });
    expect(longEmail.statusCode).toBe(400);
    expect(longEmail.json().msg).toMatch(/^email: /);
  });

  it('refuses a body that is not an object', async () => {
    const response = await h.inject({ method: 'POST', url: '/api/users/users', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a non-numeric or huge id', async () => {
    const { jwt } = await h.login((await h.createUser({ roles: ['admin'] })).email);
    const word = await h.inject({ method: 'GET', url: '/api/users/user?id=abc', headers: h.bearer(jwt) });
    expect(word.statusCode).toBe(400);
    expect(word.json().msg).toMatch(/^id: /);
    const huge = await h.inject({ method: 'GET', url: '/api/users/user?id=99999999999', headers: h.bearer(jwt) });
    expect(huge.statusCode).toBe(404);
    expect(huge.json()).toEqual({ msg: 'User not found', statusCode: 404 });
  });

  it('refuses fields a user may not set on themselves', async () => {
    const { id, email } = await h.createUser();
    const { jwt } = await h.login(email);
    const response = await h.inject({ method: 'PUT', url: `/api/users/users?id=${id}`, headers: h.bearer(jwt), payload: { roles: ['super'] } });
    expect(response.statusCode).toBe(400);
    const { rows } = await query<{ roles: string[] }>(h.db, 'select roles from users where id = $1', [id]);
    expect(rows[0].roles).toEqual(['account']);
  });

  it('answers 404 "Not found" to unknown routes under /api', async () => {
    for (const url of ['/api/nothing', '/api/users/nothing', '/api/plans/nothing']) {
      const response = await h.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ msg: 'Not found', statusCode: 404 });
    }
  });

  it('answers 415 to a body of an unsupported type', async () => {
    const response = await h.inject({ method: 'PUT', url: '/api/users/resetpassword', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(response.statusCode).toBe(415);
    expect(errorBody.safeParse(response.json()).success).toBe(true);
  });
});
