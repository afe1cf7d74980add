// The access matrix of the token calls: every call of contract/tokens/endpoints.ts for every demo
// user, on a token of Acme UK. Owners of the account (or above) and staff manage; only an owner
// exports. A refused caller gets 403 on an account's calls and 404 'Token not found' on a token's
// own (so token ids cannot be probed), and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import * as tokenEndpoints from '../../../contract/tokens/endpoints';
import { accessRefusals } from '../../../contract/shared/access';
import { invalidCredentials, validateFirst } from '../../../server/errors';
import { demoPassword, demoUsers, seedDemo } from '../../../server/seed';
import { sendRaw, type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { dumpTokenState, tokenBody, tokens } from './fixtures';
import { insertToken } from '../support/tokens';
import { nowOf } from '../support/catalogue';

let h: Harness;
const users = new Map<string, Caller>();
let accountId: number;
let sharedTokenId: number;

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, nowOf(h));
  for (const [email, caller] of await signInDemoUsers(h)) users.set(email, caller);
  accountId = (await query<{ id: number }>(h.db, "select id from groups where name = 'Acme UK'")).rows[0].id;
  sharedTokenId = await insertToken(h, accountId);
  // Eight logins (argon2 on purpose) and the whole demo seed: slow on a busy machine.
}, 120_000);
afterAll(() => h?.close());

const managers = ['super', 'admin', 'sales', 'owner'];

type Spec = { allowed: string[]; build: (tokenId: number) => InjectOptions; basic?: true; refusedOnToken?: true };
const calls: Record<keyof typeof tokenEndpoints, Spec> = {
  listTokens: { allowed: managers, build: () => tokens('GET', '', { parentId: accountId }) },
  createToken: { allowed: managers, build: () => tokens('POST', '/password', { parentId: accountId }, { token: tokenBody(), password: demoPassword }) },
  updateToken: { allowed: managers, refusedOnToken: true, build: (id) => tokens('PUT', '', { id }, { dailyCap: 77 }) },
  deleteToken: { allowed: managers, refusedOnToken: true, build: (id) => tokens('DELETE', '', { id }) },
  lockToken: { allowed: managers, refusedOnToken: true, build: (id) => tokens('PUT', '/lock', { id }, { lock: true }) },
  bulkUpdateTokens: { allowed: managers, build: (id) => tokens('PUT', '/bulk', { groupId: accountId }, { ids: [id], dailyCap: 99 }) },
  tokenAudit: { allowed: managers, build: () => tokens('GET', '/audit', { parentId: accountId }) },
  // Basic credentials of the caller: an owner hands out the account's credentials, staff do not.
  exportToken: { allowed: ['owner'], basic: true, build: (tokenId) => tokens('GET', '/export', { accountId, tokenId }) },
};

const send = (name: keyof typeof calls, email: string, options: InjectOptions) =>
  calls[name].basic
    ? sendRaw(h, null, { ...options, headers: { authorization: h.basic(email, demoPassword) } })
    : sendRaw(h, users.get(email)!, options);

const refusals = new Set<string>([...Object.values(accessRefusals), validateFirst]);

describe('the token calls access matrix', () => {
  it('names every endpoint of the contract', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(tokenEndpoints).sort());
  });

  it('refuses every call to every demo user it is not for, and nothing changes', async () => {
    const before = await dumpTokenState(h);
    const failures: string[] = [];
    for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
      const spec = calls[name];
      for (const { email } of demoUsers) {
        if (spec.allowed.includes(email.split('@')[0])) continue;
        const { status, body } = await send(name, email, spec.build(sharedTokenId));
        const unvalidated = email.startsWith('unvalidated@');
        const ok = spec.basic && unvalidated
          ? status === 403 && body?.msg === validateFirst
          : unvalidated
            ? body?.msg === validateFirst
            : spec.refusedOnToken
              ? status === 404 && body?.msg === 'Token not found'
              : status === 403 && refusals.has(body?.msg);
        if (!ok) failures.push(`${email} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpTokenState(h)).toEqual(before);
  });

  it('answers every call for every demo user it is for', async () => {
    const failures: string[] = [];
    for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
      for (const who of calls[name].allowed) {
        const tokenId = await insertToken(h, accountId);
        const { status, body } = await send(name, `${who}@example.com`, calls[name].build(tokenId));
        if (status !== 200 && status !== 201) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('tells a member "Only an owner of this group can do this", a stranger "You do not have access to this group", and staff they cannot export', async () => {
    expect((await send('listTokens', 'member@example.com', calls.listTokens.build(sharedTokenId))).body).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    expect((await send('listTokens', 'partner@example.com', calls.listTokens.build(sharedTokenId))).body).toEqual({ statusCode: 403, msg: accessRefusals.noAccess });
    const staff = await send('exportToken', 'super@example.com', calls.exportToken.build(sharedTokenId));
    expect(staff.status).toBe(403);
    const wrong = await sendRaw(h, null, { ...calls.exportToken.build(sharedTokenId), headers: { authorization: h.basic('owner@example.com', 'Not-It-1') } });
    expect(wrong.body).toEqual({ statusCode: 401, msg: invalidCredentials });
  });
});
