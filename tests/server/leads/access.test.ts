// The access matrix of the lead, lead option and partner calls: every call of
// contract/leads/endpoints.ts for every demo user, on Northwind Partners (partner@example.com owns
// it). Owners of a partner that is not a referrer and staff handle its leads; only staff move a
// lead; any signed-in user reads the lead options and only super changes them; owners of the partner
// and staff read its accounts and console. A refused caller gets 403 on a partner's calls and 404
// 'Lead not found' on a lead's own (so lead ids cannot be probed), and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as L from '../../../contract/leads/endpoints';
import { accessRefusals, userNeedRefusals } from '../../../contract/shared/access';
import { blockedMessages } from '../../../contract/shared/messages';
import { validateFirst } from '../../../server/errors';
import { demoUsers, seedDemo } from '../../../server/seed';
import { call, msgIn, msgOf } from '../support/api';
import { type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, type Harness } from '../support/harness';
import { dumpLeadState, groupIdOf, insertLead, insertOption, leadBody } from './fixtures';
import { nowOf } from '../support/catalogue';

const leadFormSuperOnly = userNeedRefusals['administer the lead form'];

let h: Harness;
const users = new Map<string, Caller>();
let partnerId: number;
let referrerId: number;
let sharedLeadId: number;
let sharedOptionId: number;

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db, nowOf(h));
  for (const [email, caller] of await signInDemoUsers(h)) users.set(email, caller);
  partnerId = await groupIdOf(h, 'Northwind Partners');
  referrerId = await groupIdOf(h, 'Referral Co');
  sharedOptionId = await insertOption(h);
  sharedLeadId = await insertLead(h, partnerId, { optionIds: [sharedOptionId] });
  // Eight logins (argon2 on purpose) and the whole demo seed: slow on a busy machine.
}, 120_000);
afterAll(() => h?.close());

const staff = ['super', 'admin', 'sales'];
const partnerOwners = [...staff, 'partner'];
const everyone = ['super', 'admin', 'sales', 'owner', 'member', 'partner', 'referrer'];
const range = () => ({ partnerId, fromDate: nowOf(h) - 30 * 86_400, toDate: nowOf(h) });

/** lead: refused with 404 'Lead not found'; super: refused with the lead form's own words; else 403 of the access module. */
type Build = (ids: { leadId: number; optionId: number }, caller: Caller) => Promise<{ status: number; body: unknown }>;
type Spec = { allowed: string[]; build: Build; refusedAs?: 'lead' | 'super' };
const calls: Record<keyof typeof L, Spec> = {
  listLeads: { allowed: partnerOwners, build: (_, c) => call(h, c, L.listLeads, { query: { parentId: partnerId } }) },
  getLead: { allowed: partnerOwners, refusedAs: 'lead', build: ({ leadId }, c) => call(h, c, L.getLead, { query: { id: leadId } }) },
  createLead: { allowed: partnerOwners, build: (_, c) => call(h, c, L.createLead, { query: { parentId: partnerId }, body: leadBody() }) },
  updateLead: { allowed: partnerOwners, refusedAs: 'lead', build: ({ leadId }, c) => call(h, c, L.updateLead, { query: { id: leadId }, body: { probability: 40 } }) },
  deleteLead: { allowed: partnerOwners, refusedAs: 'lead', build: ({ leadId }, c) => call(h, c, L.deleteLead, { query: { id: leadId } }) },
  moveLead: { allowed: staff, build: ({ leadId }, c) => call(h, c, L.moveLead, { query: { id: leadId }, body: { status: 'contacted', note: 'Called them' } }) },
  listLeadOptions: { allowed: everyone, build: (_, c) => call(h, c, L.listLeadOptions) },
  createLeadOption: { allowed: ['super'], refusedAs: 'super', build: (_, c) => call(h, c, L.createLeadOption, { body: { option: `New option ${Math.random()}`, requirement: 'r' } }) },
  updateLeadOption: { allowed: ['super'], refusedAs: 'super', build: ({ optionId }, c) => call(h, c, L.updateLeadOption, { query: { id: optionId }, body: { retired: true } }) },
  deleteLeadOption: { allowed: ['super'], refusedAs: 'super', build: ({ optionId }, c) => call(h, c, L.deleteLeadOption, { query: { id: optionId } }) },
  partnerAccountInfo: { allowed: partnerOwners, build: (_, c) => call(h, c, L.partnerAccountInfo, { query: { partnerId } }) },
  partnerConsole: { allowed: partnerOwners, build: (_, c) => call(h, c, L.partnerConsole, { query: range() }) },
};

const as = (email: string) => users.get(email)!;
const refusals = new Set<string>([...Object.values(accessRefusals), validateFirst]);

describe('the lead, lead option and partner calls access matrix', () => {
  it('names every endpoint of the contract', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(L).sort());
  });

  it('refuses every call to every demo user it is not for, and nothing changes', async () => {
    const before = await dumpLeadState(h);
    const failures: string[] = [];
    for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
      const spec = calls[name];
      for (const { email } of demoUsers) {
        if (spec.allowed.includes(email.split('@')[0])) continue;
        const { status, body } = await spec.build({ leadId: sharedLeadId, optionId: sharedOptionId }, as(email));
        const msg = msgIn(body);
        const ok = email.startsWith('unvalidated@')
          ? status === 403 && msg === validateFirst
          : spec.refusedAs === 'lead'
            ? status === 404 && msg === 'Lead not found'
            : spec.refusedAs === 'super'
              ? status === 403 && msg === leadFormSuperOnly
              : status === 403 && msg !== undefined && refusals.has(msg);
        if (!ok) failures.push(`${email} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await dumpLeadState(h)).toEqual(before);
  });

  it('answers every call for every demo user it is for', async () => {
    const failures: string[] = [];
    for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
      for (const who of calls[name].allowed) {
        const optionId = await insertOption(h);
        const leadId = await insertLead(h, partnerId);
        const { status, body } = await calls[name].build({ leadId, optionId }, as(`${who}@example.com`));
        if (status !== 200 && status !== 201) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a referrer partner its leads with the spec\'s words, whoever asks, but not its accounts', async () => {
    for (const who of ['referrer', 'super']) {
      const listed = await call(h, as(`${who}@example.com`), L.listLeads, { query: { parentId: referrerId } });
      expect({ status: listed.status, msg: msgOf(listed) }).toEqual({ status: 403, msg: blockedMessages.partnerType });
      const created = await call(h, as(`${who}@example.com`), L.createLead, { query: { parentId: referrerId }, body: leadBody() });
      expect({ status: created.status, msg: msgOf(created) }).toEqual({ status: 403, msg: blockedMessages.partnerType });
    }
    expect((await call(h, as('referrer@example.com'), L.partnerAccountInfo, { query: { partnerId: referrerId } })).status).toBe(200);
  });

  it('tells a member "You do not have access to this group" and the partner that only staff move a lead', async () => {
    expect((await calls.listLeads.build({ leadId: 0, optionId: 0 }, as('member@example.com'))).body).toEqual({ statusCode: 403, msg: accessRefusals.noAccess });
    expect((await calls.moveLead.build({ leadId: sharedLeadId, optionId: 0 }, as('partner@example.com'))).body).toEqual({ statusCode: 403, msg: accessRefusals.staffOnly });
  });
});
