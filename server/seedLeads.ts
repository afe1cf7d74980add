import type { DqService } from '../contract/shared/catalogue';
import type { LeadStatus } from '../contract/shared/leads';
import type { Trx } from './db';
import { addMonths } from './kernel/time';
import { DAY as day } from './kernel/time';

// The demo's leads (seed version 6): the lead options super offers on the form (one retired, still on
// the lead that chose it) and five leads of Northwind Partners, one in each stage of the pipeline,
// each with its history of moves by Sal Sales. Every write finds before it adds, so seeding again
// adds nothing.

const options = [
  { option: 'Address capture at checkout', requirement: 'An online checkout or sign-up form' },
  { option: 'CRM cleanse', requirement: 'A customer file of at least 10,000 records' },
  { option: 'Email validation at sign-up', requirement: 'A web form collecting email addresses' },
  { option: 'Bank details check for direct debits', requirement: 'UK direct debit collection' },
  // Retired: off the form, kept on the lead that chose it.
  { option: 'Printed mailing list rental', requirement: 'None', retired: true },
];

type DemoLead = { company: string; contact: string; services: DqService[]; status: LeadStatus; probability: number; town: string; chosen: string[] };
const leads: DemoLead[] = [
  { company: 'Harbour Outdoor Ltd', contact: 'Nina Harbour', services: ['addresslookup', 'email'], status: 'new', probability: 20, town: 'Bristol', chosen: ['Address capture at checkout'] },
  { company: 'Fenwick Insurance', contact: 'Tom Fenwick', services: ['bankcode', 'name'], status: 'contacted', probability: 35, town: 'Leeds', chosen: ['Bank details check for direct debits'] },
  { company: 'Greenway Charities', contact: 'Ruth Green', services: ['addresscleanse'], status: 'qualified', probability: 50, town: 'York', chosen: ['CRM cleanse', 'Printed mailing list rental'] },
  { company: 'Quay Street Retail', contact: 'Ali Quay', services: ['addresslookup', 'autocomplete'], status: 'proposal', probability: 70, town: 'Glasgow', chosen: ['Address capture at checkout'] },
  { company: 'Brightline Energy', contact: 'Jo Bright', services: ['email', 'bankcode'], status: 'won', probability: 100, town: 'Cardiff', chosen: ['Email validation at sign-up'] },
];

/** The statuses a lead passed through to reach `status`, in order (won goes the whole way). */
const pipeline: LeadStatus[] = ['new', 'contacted', 'qualified', 'proposal', 'won'];
const pathTo = (status: LeadStatus) => pipeline.slice(0, pipeline.indexOf(status) + 1);

const yyyyMmDd = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export async function seedLeads(trx: Trx, now: number, people: { partnerId: number | null; salesId: number | null }): Promise<void> {
  for (const option of options) {
    await trx
      .insertInto('lead_options')
      .values({ option: option.option, requirement: option.requirement, retired: option.retired ?? false, created_at: now, updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const partner = await trx.selectFrom('groups').select('id').where('name', '=', 'Northwind Partners').where('type', '=', 'partner').executeTakeFirst();
  // A demo partner deleted since stays deleted; one that has leads already keeps them.
  if (!partner) return;
  if (await trx.selectFrom('leads').select('id').where('partner_id', '=', partner.id).limit(1).executeTakeFirst()) return;
  const optionIds = new Map((await trx.selectFrom('lead_options').select(['id', 'option']).execute()).map((row) => [row.option, row.id]));

  for (const [index, lead] of leads.entries()) {
    const opened = now - (40 - index * 7) * day;
    const steps = pathTo(lead.status);
    const { id } = await trx
      .insertInto('leads')
      .values({
        partner_id: partner.id,
        company_name: lead.company,
        contact_name: lead.contact,
        services: lead.services,
        close_date: yyyyMmDd(addMonths(now, 2 + index)),
        status: lead.status,
        town: lead.town,
        country: 'United Kingdom',
        email: `${lead.contact.split(' ')[0].toLowerCase()}@${lead.company.split(' ')[0].toLowerCase()}.example.com`,
        job_title: 'Head of Operations',
        probability: lead.probability,
        joint_meeting: index % 2 === 0,
        description: `${lead.company} met Northwind at a customer event and asked about ${lead.services.join(' and ')}.`,
        created_at: opened,
        created_by: people.partnerId,
        updated_at: opened + (steps.length - 1) * 3 * day,
        updated_by: steps.length > 1 ? people.salesId : people.partnerId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('lead_status_history')
      .values(
        steps.map((to, step) => ({
          lead_id: id,
          from_status: step === 0 ? null : steps[step - 1],
          to_status: to,
          note: step === 0 ? '' : `Moved to ${to} after a call with ${lead.contact}`,
          at: opened + step * 3 * day,
          user_id: step === 0 ? people.partnerId : people.salesId,
        })),
      )
      .execute();
    const chosen = lead.chosen.flatMap((name) => (optionIds.has(name) ? [optionIds.get(name)!] : []));
    if (chosen.length) await trx.insertInto('lead_choices').values(chosen.map((option_id) => ({ lead_id: id, option_id }))).execute();
  }
}
