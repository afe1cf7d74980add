// Bad input to the lead and lead option calls: each is a 4xx whose message names what is wrong, and a
// dump of every lead table before and after shows nothing was written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { leadMessages } from '../../../contract/shared/leads';
import { sendRaw, signedIn, type Caller } from '../support/calls';
import { createHarness, query, type Harness } from '../support/harness';
import { dumpLeadState, insertLead, insertOption, leadBody, leads } from './fixtures';
import * as L from '../../../contract/leads/endpoints';
import { call, okBody } from '../support/api';

let h: Harness;
let owner: Caller;
let superUser: Caller;
let partnerId: number;
let otherPartnerId: number;
let ownLead: number;
let otherLead: number;
let usedOption: number;
let retiredOption: number;

beforeAll(async () => {
  h = await createHarness();
  partnerId = await h.createGroup({ name: 'Bad Input Partner', type: 'partner' });
  otherPartnerId = await h.createGroup({ name: 'Someone Else', type: 'partner' });
  owner = await signedIn(h);
  await h.addToGroup(partnerId, owner.id, 'owner');
  superUser = await signedIn(h, ['super']);
  usedOption = await insertOption(h);
  retiredOption = await insertOption(h, { retired: true });
  ownLead = await insertLead(h, partnerId, { optionIds: [usedOption] });
  otherLead = await insertLead(h, otherPartnerId);
}, 60_000);
afterAll(() => h?.close());

const create = (body: Record<string, unknown>) => leads('POST', '', { parentId: partnerId }, leadBody(body));
const update = (body: Record<string, unknown>) => leads('PUT', '', { id: ownLead }, body);

// Each case is sent as built, without the contract's types: most carry what those types refuse.
type Case = [name: string, caller: () => Caller, request: () => InjectOptions, status: number, msg: string];
const cases: Case[] = [
  ['a close date written with dots', () => owner, () => create({ closeDate: '30.06.2030' }), 400, 'closeDate: The close date is a date written dd/mm/yyyy, for example 31/12/2026'],
  ['a close date in the past', () => owner, () => create({ closeDate: '2020-01-31' }), 400, `closeDate: ${leadMessages.pastCloseDate}`],
  ['a close date in the past written dd/mm/yyyy', () => owner, () => create({ closeDate: '31/01/2020' }), 400, `closeDate: ${leadMessages.pastCloseDate}`],
  ['a close date moved into the past, on an edit', () => owner, () => update({ closeDate: '2020-01-31' }), 400, `closeDate: ${leadMessages.pastCloseDate}`],
  ['a dd/mm/yyyy close date that is no day of the calendar', () => owner, () => create({ closeDate: '30/02/2030' }), 400, 'closeDate: The close date is not a day of the calendar'],
  ['a close date that is no day of the calendar', () => owner, () => create({ closeDate: '2030-02-30' }), 400, 'closeDate: The close date is not a day of the calendar'],
  ['a close date in month 13', () => owner, () => create({ closeDate: '2030-13-01' }), 400, 'closeDate: The close date is not a day of the calendar'],
  ['a close date with a time, on an edit', () => owner, () => update({ closeDate: '2030-06-30T10:00' }), 400, 'closeDate: The close date is a date written dd/mm/yyyy, for example 31/12/2026'],
  ['a probability over 100', () => owner, () => create({ probability: 101 }), 400, 'probability: The probability is from 0 to 100'],
  ['a probability under 0, on an edit', () => owner, () => update({ probability: -1 }), 400, 'probability: The probability is from 0 to 100'],
  ['a probability that is not whole', () => owner, () => create({ probability: 12.5 }), 400, 'probability: The probability is a whole per cent'],
  ['a probability that is text', () => owner, () => create({ probability: 'high' }), 400, 'probability: The probability is a number from 0 to 100'],
  ['an email that is not an email', () => owner, () => create({ email: 'carla at prospect' }), 400, 'email: Enter a valid email address'],
  ['an email that is not an email, on an edit', () => owner, () => update({ email: 'carla@' }), 400, 'email: Enter a valid email address'],
  ['a lead of another partner, edited', () => owner, () => leads('PUT', '', { id: otherLead }, { probability: 5 }), 404, 'Lead not found'],
  ['a lead of another partner, deleted', () => owner, () => leads('DELETE', '', { id: otherLead }), 404, 'Lead not found'],
  ['a lead of another partner, opened', () => owner, () => leads('GET', '/detail', { id: otherLead }), 404, 'Lead not found'],
  ['a lead submitted under another partner', () => owner, () => leads('POST', '', { parentId: otherPartnerId }, leadBody()), 403, 'You do not have access to this group'],
  ['a lead option in use, deleted', () => superUser, () => leads('DELETE', '/option', { id: usedOption }), 409, leadMessages.optionInUse],
  ['a retired lead option chosen', () => owner, () => create({ optionIds: [retiredOption] }), 400, `optionIds: ${leadMessages.retiredOption}`],
  ['a lead option that does not exist', () => owner, () => update({ optionIds: [usedOption, 999_999], probability: 1 }), 400, `optionIds: ${leadMessages.unknownOption}`],
  ['no service', () => owner, () => create({ services: [] }), 400, 'services: Choose at least one service'],
  ['an unknown field', () => owner, () => create({ status: 'won' }), 400, 'Unrecognized key: "status"'],
  ['an empty lead option', () => superUser, () => leads('POST', '/option', undefined, { option: '  ' }), 400, 'option: The option is required'],
  ['a status that is not in the pipeline', () => superUser, () => leads('PUT', '/status', { id: ownLead }, { status: 'maybe' }), 400, 'status: Must be one of new, contacted, qualified, proposal, won, lost'],
];

describe('close dates as the portal writes them', () => {
  it('takes dd/mm/yyyy and keeps yyyy-mm-dd; an edit may keep a close date that has since passed', async () => {
    const made = await call(h, owner, L.createLead, { query: { parentId: partnerId }, body: leadBody({ closeDate: '1/7/2031' }) });
    expect(made.status).toBe(201);
    const { id, closeDate } = okBody(made, 201);
    expect(closeDate).toBe('2031-07-01');
    await query(h.db, "update leads set close_date = '2020-01-31' where id = $1", [id]);
    const kept = await call(h, owner, L.updateLead, { query: { id }, body: { closeDate: '31/01/2020', probability: 40 } });
    expect(kept.status).toBe(200);
    expect(okBody(kept)).toMatchObject({ closeDate: '2020-01-31', probability: 40 });
  });
});

describe('bad input to the lead calls', () => {
  it.each(cases)('refuses %s with a clear 4xx and writes nothing', async (_name, caller, build, status, msg) => {
    const before = await dumpLeadState(h);
    const response = await sendRaw(h, caller(), build());
    expect(response).toEqual({ status, body: { statusCode: status, msg } });
    expect(await dumpLeadState(h)).toEqual(before);
  });
});
