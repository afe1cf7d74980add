// Partner leads end to end over HTTP: a partner owner submits, reads, edits and deletes leads; staff
// move them along the pipeline and the partner's owners are mailed (through a real SMTP server);
// super administers the lead options, and one chosen on a lead is retired, never deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadMessages } from '../../../contract/shared/leads';
import { moveLead } from '../../../server/modules/leads/service';
import { createMailer } from '../../../server/platform/mail';
import { signedIn, type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { insertLead, insertOption, leadBody } from './fixtures';
import { nowOf } from '../support/catalogue';
import * as L from '../../../contract/leads/endpoints';
import { call, msgOf, okBody, seen } from '../support/api';

let h: Harness;
let partnerId: number;
let owner: Caller;
let sudo: Caller;
let sales: Caller;
let superUser: Caller;
let optionA: number;
let optionB: number;

beforeAll(async () => {
  h = await createHarness();
  partnerId = await h.createGroup({ name: 'Leads Partner', type: 'partner', subtype: 'corporate' });
  owner = await signedIn(h);
  sudo = await signedIn(h);
  await h.addToGroup(partnerId, owner.id, 'owner');
  await h.addToGroup(partnerId, sudo.id, 'sudoowner');
  sales = await signedIn(h, ['sales']);
  superUser = await signedIn(h, ['super']);
  optionA = await insertOption(h, { option: 'Checkout address capture' });
  optionB = await insertOption(h, { option: 'CRM cleanse' });
}, 60_000);
afterAll(() => h?.close());

describe('a partner owner handles the partner\'s leads', () => {
  it('creates a lead with every field of a submission, lists it, opens it, edits it and deletes it', async () => {
    // Stored as given: the expected values are the submission's own.
    const asGiven = {
      companyName: 'Prospect Ltd',
      phoneNumber: '0113 496 0000',
      jobTitle: 'Head of Data',
      division: 'Retail',
      integrations: 'Magento',
      enrichments: 'Geocodes',
      cleansing: 'Annual CRM cleanse',
      probability: 60,
      closeDate: '2030-09-30',
      jointMeeting: true,
      description: 'Met at the trade show',
    };
    const address = { address1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA', country: 'United Kingdom' };
    const body = leadBody({ ...asGiven, services: ['addresslookup', 'email', 'email'], companyAddress: address, optionIds: [optionA] });
    const created = await call(h, owner, L.createLead, { query: { parentId: partnerId }, body });
    expect(created.status).toBe(201);
    expect(okBody(created, 201)).toMatchObject({
      ...asGiven,
      partnerId,
      partnerName: 'Leads Partner',
      contactName: 'Carla Contact',
      services: ['addresslookup', 'email'],
      openDate: nowOf(h),
      status: 'new',
      companyAddress: { ...address, address2: null, address3: null, address4: null, county: null },
      email: 'carla@prospect.example.com',
      options: [{ id: optionA, option: 'Checkout address capture', requirement: 'A requirement', retired: false }],
      creationUserId: owner.id,
    });
    const id = okBody(created, 201).id;

    const list = await call(h, owner, L.listLeads, { query: { parentId: partnerId } });
    expect(okBody(list).map((lead) => lead.id)).toContain(id);

    const opened = await call(h, sudo, L.getLead, { query: { id } });
    expect(opened.status).toBe(200);
    expect(okBody(opened).history).toEqual([{ from: null, to: 'new', note: '', at: nowOf(h), userId: owner.id, userName: owner.email }]);

    const edited = await call(h, owner, L.updateLead, { query: { id }, body: { probability: 80, closeDate: '2030-12-31', optionIds: [optionB] } });
    expect(edited.status).toBe(200);
    expect(okBody(edited)).toMatchObject({ probability: 80, closeDate: '2030-12-31', companyName: 'Prospect Ltd', jobTitle: 'Head of Data' });
    expect(okBody(edited).options.map((o) => o.id)).toEqual([optionB]);

    expect((await call(h, owner, L.deleteLead, { query: { id } })).body).toEqual({ msg: 'Lead deleted' });
    expect((await call(h, owner, L.getLead, { query: { id } })).status).toBe(404);
    const left = await query(h.db, 'select (select count(*)::int from lead_choices where lead_id = $1) as choices, (select count(*)::int from lead_status_history where lead_id = $1) as history', [id]);
    expect(left.rows[0]).toEqual({ choices: 0, history: 0 });
  });
});

describe('staff move a lead through its statuses and the partner is mailed', () => {
  it('moves new to contacted with a note, mails every owner of the partner, and records who and when', async () => {
    const id = await insertLead(h, partnerId);
    const company = (await query<{ company_name: string }>(h.db, 'select company_name from leads where id = $1', [id])).rows[0].company_name;
    const moved = await call(h, sales, L.moveLead, { query: { id }, body: { status: 'contacted', note: 'Demo booked for Tuesday' } });
    expect(moved.status).toBe(200);
    expect(okBody(moved).status).toBe('contacted');
    expect(okBody(moved).history.at(-1)).toEqual({ from: 'new', to: 'contacted', note: 'Demo booked for Tuesday', at: nowOf(h), userId: sales.id, userName: sales.email });
    for (const to of [owner.email, sudo.email]) {
      const mail = await h.mail.take(to, `Lead ${company}: Contacted`);
      expect(mail.text).toContain('moved from New to Contacted');
      expect(mail.text).toContain('Note: Demo booked for Tuesday');
    }
  });

  it('moves a lead once when two staff move it at the same time: the other is told it already has the status', async () => {
    const id = await insertLead(h, partnerId);
    const both = await Promise.all([sales, superUser].map((who) => call(h, who, L.moveLead, { query: { id }, body: { status: 'contacted' } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(msgOf(both.find((r) => r.status === 409)!)).toBe(leadMessages.sameStatus);
    const moves = await query(h.db, 'select to_status from lead_status_history where lead_id = $1 order by id', [id]);
    expect(moves.rows).toEqual([{ to_status: 'new' }, { to_status: 'contacted' }]);
  });

  it('keeps the mail in the outbox when no SMTP server is configured', async () => {
    const id = await insertLead(h, partnerId);
    const mail = createMailer({ db: h.db, log: () => {} });
    const deps = { db: h.db, clock: h.clock, mail, log: { error: () => {} } };
    await moveLead(deps, { id: sales.id, roles: ['sales'] }, { query: { id }, body: { status: 'lost', note: 'No budget this year' } });
    const kept = await query<{ to_address: string; text_body: string }>(h.db, 'select to_address, text_body from outbox order by id');
    expect(kept.rows.map((row) => row.to_address).sort()).toEqual([owner.email, sudo.email].sort());
    expect(kept.rows[0].text_body).toContain('Note: No budget this year');
  });

  it('refuses a jump, a move to the same status, and a partner\'s edit of a closed lead; staff still edit it', async () => {
    const id = await insertLead(h, partnerId);
    const jump = await call(h, sales, L.moveLead, { query: { id }, body: { status: 'won' } });
    expect(seen(jump)).toEqual({ status: 409, body: { statusCode: 409, msg: `${leadMessages.badMove} (new to won)` } });
    const same = await call(h, sales, L.moveLead, { query: { id }, body: { status: 'new' } });
    expect(msgOf(same)).toBe(leadMessages.sameStatus);
    for (const status of ['contacted', 'qualified', 'proposal', 'won'] as const) {
      expect((await call(h, superUser, L.moveLead, { query: { id }, body: { status } })).status).toBe(200);
    }
    const history = await call(h, owner, L.getLead, { query: { id } });
    expect(okBody(history).history.map((m) => m.to)).toEqual(['new', 'contacted', 'qualified', 'proposal', 'won']);
    expect((await call(h, owner, L.updateLead, { query: { id }, body: { probability: 100 } })).body).toEqual({ statusCode: 409, msg: leadMessages.closed });
    expect((await call(h, owner, L.deleteLead, { query: { id } })).body).toEqual({ statusCode: 409, msg: leadMessages.closed });
    expect(okBody(await call(h, sales, L.updateLead, { query: { id }, body: { probability: 100 } })).probability).toBe(100);
    expect(okBody(await call(h, sales, L.moveLead, { query: { id }, body: { status: 'contacted' } })).status).toBe('contacted');
  });

  it('shows staff every lead when no partner is named, and asks anyone else to name one', async () => {
    const other = await h.createGroup({ name: 'Other Partner', type: 'partner' });
    const id = await insertLead(h, other);
    const all = await call(h, sales, L.listLeads, { query: {} });
    expect(okBody(all).map((lead) => lead.id)).toContain(id);
    expect(new Set(okBody(all).map((lead) => lead.partnerId))).toEqual(new Set([partnerId, other]));
    expect((await call(h, owner, L.listLeads, { query: {} })).body).toEqual({ statusCode: 400, msg: `parentId: ${leadMessages.partnerRequired}` });
  });
});

describe('super administers the lead options', () => {
  it('adds, changes, lists, retires one in use instead of deleting it, and deletes one never chosen', async () => {
    const created = await call(h, superUser, L.createLeadOption, { body: { option: 'Bank validation at onboarding', requirement: 'Needs a UK bank' } });
    expect(created.status).toBe(201);
    expect(okBody(created, 201)).toMatchObject({ option: 'Bank validation at onboarding', requirement: 'Needs a UK bank', retired: false });
    const optionId = okBody(created, 201).id;
    const duplicate = await call(h, superUser, L.createLeadOption, { body: { option: 'BANK validation at onboarding' } });
    expect(duplicate.body).toEqual({ statusCode: 409, msg: `option: ${leadMessages.duplicateOption}` });

    const lead = await call(h, owner, L.createLead, { query: { parentId: partnerId }, body: leadBody({ optionIds: [optionId] }) });
    expect(lead.status).toBe(201);
    const refused = await call(h, superUser, L.deleteLeadOption, { query: { id: optionId } });
    expect(refused.body).toEqual({ statusCode: 409, msg: leadMessages.optionInUse });

    const retired = await call(h, superUser, L.updateLeadOption, { query: { id: optionId }, body: { retired: true, requirement: 'Needs a UK or AU bank' } });
    expect(okBody(retired)).toEqual({ id: optionId, option: 'Bank validation at onboarding', requirement: 'Needs a UK or AU bank', retired: true });
    const listed = await call(h, owner, L.listLeadOptions);
    expect(okBody(listed).at(-1)).toEqual(okBody(retired));
    // Off the form for new choices; kept on the lead that chose it, which may still be edited.
    const fresh = await call(h, owner, L.createLead, { query: { parentId: partnerId }, body: leadBody({ optionIds: [optionId] }) });
    expect(fresh.body).toEqual({ statusCode: 400, msg: `optionIds: ${leadMessages.retiredOption}` });
    const kept = await call(h, owner, L.updateLead, { query: { id: okBody(lead, 201).id }, body: { optionIds: [optionId, optionA], probability: 10 } });
    // By option id: optionA was made first.
    expect(okBody(kept).options.map((o) => [o.id, o.retired])).toEqual([[optionA, false], [optionId, true]]);

    const unused = await insertOption(h);
    expect((await call(h, superUser, L.deleteLeadOption, { query: { id: unused } })).body).toEqual({ msg: 'Lead option deleted' });
    expect((await query(h.db, 'select id from lead_options where id = $1', [unused])).rows).toEqual([]);
  });
});
