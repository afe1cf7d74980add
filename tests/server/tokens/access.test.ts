// The access matrix of the token calls: every call of contract/tokens/endpoints.ts for every demo
// user, on a token of Acme UK. Owners of the account (or above) and staff manage; only an owner
// exports. A refused caller gets 403 on an account's calls and 404 'Token not found' on a token's
// own (so token ids cannot be probed), and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as T from '../../../contract/tokens/endpoints';
import { accessRefusals } from '../../../contract/shared/access';
import { invalidCredentials, validateFirst } from '../../../server/errors';
import { demoPassword, demoUsers, seedDemo } from '../../../server/seed';
import { call, msgIn } from '../support/api';
import { type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { dumpTokenState, tokenBody } from './fixtures';
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

/** A call on the token `id` as `caller`, with `headers` (the basic credentials of an export). */
type Build = (id: number, caller: Caller | null, headers: Record<string, string>) => Promise<{ status: number; body: unknown }>;
type Spec = { allowed: string[]; build: Build; basic?: true; refusedOnToken?: true };
const calls: Record<keyof typeof T, Spec> = {
  listTokens: { allowed: managers, build: (_, caller, headers) => call(h, caller, T.listTokens, { query: { parentId: accountId }, headers }) },
  createToken: {
    allowed: managers,
    build: (_, caller, headers) => call(h, caller, T.createToken, { query: { parentId: accountId }, body: { token: tokenBody(), password: demoPassword }, headers }),
  },
  updateToken: { allowed: managers, refusedOnToken: true, build: (id, caller, headers) => call(h, caller, T.updateToken, { query: { id }, body: { dailyCap: 77 }, headers }) },
  deleteToken: { allowed: managers, refusedOnToken: true, build: (id, caller, headers) => call(h, caller, T.deleteToken, { query: { id }, headers }) },
  lockToken: { allowed: managers, refusedOnToken: true, build: (id, caller, headers) => call(h, caller, T.lockToken, { query: { id }, body: { lock: true }, headers }) },
  bulkUpdateTokens: {
    allowed: managers,
    build: (id, caller, headers) => call(h, caller, T.bulkUpdateTokens, { query: { groupId: accountId }, body: { ids: [id], dailyCap: 99 }, headers }),
  },
  tokenAudit: { allowed: managers, build: (_, caller, headers) => call(h, caller, T.tokenAudit, { query: { parentId: accountId }, headers }) },
  // Basic credentials of the caller: an owner hands out the account's credentials, staff do not.
  exportToken: { allowed: ['owner'], basic: true, build: (tokenId, caller, headers) => call(h, caller, T.exportToken, { query: { accountId, tokenId }, headers }) },
};

const send = (name: keyof typeof calls, email: string, tokenId: number) =>
  calls[name].basic
    ? calls[name].build(tokenId, null, { authorization: h.basic(email, demoPassword) })
    : calls[name].build(tokenId, users.get(email)!, {});

const refusals = new Set<string>([...Object.values(accessRefusals), validateFirst]);

describe('the token calls access matrix', () => {
  it('names every endpoint of the contract', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(T).sort());
  });

  it('refuses every call to every demo user it is not for, and nothing changes', async () => {
    const before = await dumpTokenState(h);
    const failures: string[] = [];
    for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
      const spec = calls[name];
      for (const { email } of demoUsers) {
        if (spec.allowed.includes(email.split('@')[0])) continue;
        const { status, body } = await send(name, email, sharedTokenId);
        const msg = msgIn(body);
        const unvalidated = email.startsWith('unvalidated@');
        const ok = spec.basic && unvalidated
          ? status === 403 && msg === validateFirst
          : unvalidated
            ? msg === validateFirst
            : spec.refusedOnToken
              ? status === 404 && msg === 'Token not found'
              : status === 403 && msg !== undefined && refusals.has(msg);
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
        const { status, body } = await send(name, `${who}@example.com`, tokenId);
        if (status !== 200 && status !== 201) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('tells a member "Only an owner of this group can do this", a stranger "You do not have access to this group", and staff they cannot export', async () => {
    expect((await send('listTokens', 'member@example.com', sharedTokenId)).body).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    expect((await send('listTokens', 'partner@example.com', sharedTokenId)).body).toEqual({ statusCode: 403, msg: accessRefusals.noAccess });
    const staff = await send('exportToken', 'super@example.com', sharedTokenId);
    expect(staff.status).toBe(403);
    const wrong = await calls.exportToken.build(sharedTokenId, null, { authorization: h.basic('owner@example.com', 'Not-It-1') });
    expect(wrong.body).toEqual({ statusCode: 401, msg: invalidCredentials });
  });
});
