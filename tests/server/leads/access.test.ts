// The access matrix of the lead, lead option and partner calls: every call of
// contract/leads/endpoints.ts for every demo user, on Northwind Partners (partner@example.com owns
// it). Owners of a partner that is not a referrer and staff handle its leads; only staff move a
// lead; any signed-in user reads the lead options and only super changes them; owners of the partner
// and staff read its accounts and console. A refused caller gets 403 on a partner's calls and 404
// 'Lead not found' on a lead's own (so lead ids cannot be probed), and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import * as leadEndpoints from '../../../contract/leads/endpoints';
import { accessRefusals, userNeedRefusals } from '../../../contract/shared/access';
import { blockedMessages } from '../../../contract/shared/messages';
import { validateFirst } from '../../../server/errors';
import { demoUsers, seedDemo } from '../../../server/seed';
import { sendRaw, type Caller, signInDemoUsers } from '../support/calls';
import { createHarness, type Harness } from '../support/harness';
import { dumpLeadState, groupIdOf, insertLead, insertOption, leadBody, leads, partnerCall } from './fixtures';
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
type Spec = { allowed: string[]; build: (ids: { leadId: number; optionId: number }) => InjectOptions; refusedAs?: 'lead' | 'super' };
const calls: Record<keyof typeof leadEndpoints, Spec> = {
  listLeads: { allowed: partnerOwners, build: () => leads('GET', '', { parentId: partnerId }) },
  getLead: { allowed: partnerOwners, refusedAs: 'lead', build: ({ leadId }) => leads('GET', '/detail', { id: leadId }) },
  createLead: { allowed: partnerOwners, build: () => leads('POST', '', { parentId: partnerId }, leadBody()) },
  updateLead: { allowed: partnerOwners, refusedAs: 'lead', build: ({ leadId }) => leads('PUT', '', { id: leadId }, { probability: 40 }) },
  deleteLead: { allowed: partnerOwners, refusedAs: 'lead', build: ({ leadId }) => leads('DELETE', '', { id: leadId }) },
  moveLead: { allowed: staff, build: ({ leadId }) => leads('PUT', '/status', { id: leadId }, { status: 'contacted', note: 'Called them' }) },
  listLeadOptions: { allowed: everyone, build: () => leads('GET', '/option') },
  createLeadOption: { allowed: ['super'], refusedAs: 'super', build: () => leads('POST', '/option', undefined, { option: `New option ${Math.random()}`, requirement: 'r' }) },
  updateLeadOption: { allowed: ['super'], refusedAs: 'super', build: ({ optionId }) => leads('PUT', '/option', { id: optionId }, { retired: true }) },
  deleteLeadOption: { allowed: ['super'], refusedAs: 'super', build: ({ optionId }) => leads('DELETE', '/option', { id: optionId }) },
  partnerAccountInfo: { allowed: partnerOwners, build: () => partnerCall('accountinfo', { partnerId }) },
  partnerConsole: { allowed: partnerOwners, build: () => partnerCall('console', range()) },
};

const send = (email: string, options: InjectOptions) => sendRaw(h, users.get(email)!, options);
const refusals = new Set<string>([...Object.values(accessRefusals), validateFirst]);

describe('the lead, lead option and partner calls access matrix', () => {
  it('names every endpoint of the contract', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(leadEndpoints).sort());
  });

  it('refuses every call to every demo user it is not for, and nothing changes', async () => {
    const before = await dumpLeadState(h);
    const failures: string[] = [];
    for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
      const spec = calls[name];
      for (const { email } of demoUsers) {
        if (spec.allowed.includes(email.split('@')[0])) continue;
        const { status, body } = await send(email, spec.build({ leadId: sharedLeadId, optionId: sharedOptionId }));
        const ok = email.startsWith('unvalidated@')
          ? status === 403 && body?.msg === validateFirst
          : spec.refusedAs === 'lead'
            ? status === 404 && body?.msg === 'Lead not found'
            : spec.refusedAs === 'super'
              ? status === 403 && body?.msg === leadFormSuperOnly
              : status === 403 && refusals.has(body?.msg);
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
        const { status, body } = await send(`${who}@example.com`, calls[name].build({ leadId, optionId }));
        if (status !== 200 && status !== 201) failures.push(`${who} ${name}: ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a referrer partner its leads with the spec\'s words, whoever asks, but not its accounts', async () => {
    for (const who of ['referrer', 'super']) {
      const { status, body } = await send(`${who}@example.com`, leads('GET', '', { parentId: referrerId }));
      expect({ status, msg: body.msg }).toEqual({ status: 403, msg: blockedMessages.partnerType });
      const created = await send(`${who}@example.com`, leads('POST', '', { parentId: referrerId }, leadBody()));
      expect({ status: created.status, msg: created.body.msg }).toEqual({ status: 403, msg: blockedMessages.partnerType });
    }
    expect((await send('referrer@example.com', partnerCall('accountinfo', { partnerId: referrerId }))).status).toBe(200);
  });

  it('tells a member "You do not have access to this group" and the partner that only staff move a lead', async () => {
    expect((await send('member@example.com', calls.listLeads.build({ leadId: 0, optionId: 0 }))).body).toEqual({ statusCode: 403, msg: accessRefusals.noAccess });
    expect((await send('partner@example.com', calls.moveLead.build({ leadId: sharedLeadId, optionId: 0 }))).body).toEqual({ statusCode: 403, msg: accessRefusals.staffOnly });
  });
});
