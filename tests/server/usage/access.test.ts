// The access matrix of the usage calls: every call of contract/usage/endpoints.ts for every demo
// user on Acme UK. Its owners and staff read it (the need of GET /account/plans, 'manage'); a
// member, a stranger and an unvalidated user are refused with the access module's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRefusals } from '../../../contract/shared/access';
import * as usageEndpoints from '../../../contract/usage/endpoints';
import { validateFirst } from '../../../server/errors';
import { demoUsers, seedDemo } from '../../../server/seed';
import { call, msgOf, okBody, type Answer } from '../support/api';
import { type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { day, dumpCatalogueState, nowOf } from '../support/catalogue';

let h: Harness;
const users = new Map<string, Caller>();
let accountId: number;
let planId: number;
let organisationId: number;

const idOf = async (table: 'groups' | 'plans', name: string) =>
  (await query<{ id: number }>(h.db, `select id from ${table} where name = $1`, [name])).rows[0].id;

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, nowOf(h));
  for (const [email, caller] of await signInDemoUsers(h)) users.set(email, caller);
  accountId = await idOf('groups', 'Acme UK');
  organisationId = await idOf('groups', 'Acme Trading');
  planId = await idOf('plans', 'Address Lookup UK');
  await query(h.db, `insert into tokens (account_id, type, tag, services, created_at, updated_at) values ($1, 'server', 'Matrix', '{addresslookup}', 0, 0)`, [accountId]);
  // Eight logins (argon2 on purpose) and the whole demo seed: slow on a busy machine.
}, 120_000);
afterAll(() => h?.close());

const range = () => ({ fromDate: nowOf(h) - 60 * day, toDate: nowOf(h) });
/** What the matrix compares of any call's answer. */
type Outcome = { status: number; msg: string | undefined; body: unknown };
const outcome = <E>(answer: Answer<E>): Outcome => ({ status: answer.status, msg: msgOf(answer), body: answer.body });
const calls: Record<keyof typeof usageEndpoints, (caller: Caller) => Promise<Outcome>> = {
  planUsage: async (caller) => outcome(await call(h, caller, usageEndpoints.planUsage, { query: { accountId, planId, period: 'daily', ...range() } })),
  allTokensUsage: async (caller) => outcome(await call(h, caller, usageEndpoints.allTokensUsage, { query: { accountId, period: 'monthly', ...range() } })),
  tokenUsage: async (caller) => outcome(await call(h, caller, usageEndpoints.tokenUsage, { query: { accountId, tokenTag: 'Matrix', period: 'weekly', ...range() } })),
  countryUsage: async (caller) => outcome(await call(h, caller, usageEndpoints.countryUsage, { query: { accountId, ...range() } })),
};
const allowed = ['super', 'admin', 'sales', 'owner'];
const refusals = new Set<string>([...Object.values(accessRefusals), validateFirst]);

describe('the usage calls access matrix', () => {
  it('names every endpoint of the contract', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(usageEndpoints).sort());
  });

  it('answers the owner and staff, refuses everyone else with 403, and changes nothing', async () => {
    const before = await dumpCatalogueState(h);
    const failures: string[] = [];
    for (const [name, send] of Object.entries(calls)) {
      for (const { email } of demoUsers) {
        const { status, msg, body } = await send(users.get(email)!);
        const who = email.split('@')[0];
        if (allowed.includes(who)) {
          if (status !== 200) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
        } else if (status !== 403 || msg === undefined || !refusals.has(msg)) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
        if (who === 'unvalidated' && msg !== validateFirst) failures.push(`${who} ${name}: not the validation refusal`);
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpCatalogueState(h)).toEqual(before);
  });

  it('tells a member "Only an owner of this group can do this" and a stranger "You do not have access to this group"', async () => {
    const member = await calls.planUsage(users.get('member@example.com')!);
    expect(member.body).toEqual({ statusCode: 403, msg: accessRefusals.ownersOnly });
    const stranger = await calls.allTokensUsage(users.get('partner@example.com')!);
    expect(stranger.body).toEqual({ statusCode: 403, msg: accessRefusals.noAccess });
  });

  it("shows the owner the demo seed's usage on Acme UK", async () => {
    const body = okBody(await call(h, users.get('owner@example.com')!, usageEndpoints.planUsage, { query: { accountId, planId, period: 'daily', ...range() } }));
    expect(body.clicks).toBeGreaterThan(0);
    expect(body.usage.reduce((sum, b) => sum + b.clicks, 0)).toBe(body.clicks);
  });

  it('answers 400 for the organisation above the account, even to its owner', async () => {
    const { status } = await call(h, users.get('owner@example.com')!, usageEndpoints.allTokensUsage, { query: { accountId: organisationId, ...range() } });
    expect(status).toBe(400);
  });
});
