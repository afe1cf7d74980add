// Shared by the leads tests: request helpers for the lead, lead option and partner calls,
// leads and options written straight into the database, and a dump of every table they can change.
import type { InjectOptions } from 'fastify';
import type { LeadStatus } from '../../../contract/shared/leads';
import type { LeadInput } from '../../../contract/leads/schemas';
import { request, type Query } from '../support/calls';
import { query, type Harness } from '../support/harness';
import { uniqueText } from '../support/rows';
import { nowOf } from '../support/catalogue';

/** A request to the lead calls of the user server (/api/users/lead...). */
export const leads = (method: InjectOptions['method'], path: string, q?: Query, payload?: unknown) =>
  request(method, `/api/users/lead${path}`, q, payload);

/** A valid submission for POST /lead. */
export const leadBody = (overrides: Partial<LeadInput> = {}): LeadInput => ({
  companyName: uniqueText('Company'),
  contactName: 'Carla Contact',
  services: ['addresslookup', 'email'],
  closeDate: '2030-06-30',
  email: 'carla@prospect.example.com',
  ...overrides,
});

/** A lead row of the partner, as POST /lead would write it (with its first history row). */
export async function insertLead(h: Harness, partnerId: number, fields: { status?: LeadStatus; optionIds?: number[] } = {}): Promise<number> {
  const now = nowOf(h);
  const { rows } = await query<{ id: number }>(h.db,
    `insert into leads (partner_id, company_name, contact_name, services, close_date, status, email, created_at, updated_at)
     values ($1, $2, 'Carla Contact', '{addresslookup}', '2030-06-30', $3, 'carla@prospect.example.com', $4, $4) returning id`,
    [partnerId, uniqueText('Company'), fields.status ?? 'new', now]);
  const id = rows[0].id;
  await query(h.db, `insert into lead_status_history (lead_id, from_status, to_status, at) values ($1, null, 'new', $2)`, [id, now]);
  for (const optionId of fields.optionIds ?? []) await query(h.db, 'insert into lead_choices (lead_id, option_id) values ($1, $2)', [id, optionId]);
  return id;
}

/** A lead option row. */
export async function insertOption(h: Harness, fields: { option?: string; retired?: boolean } = {}): Promise<number> {
  const now = nowOf(h);
  const { rows } = await query<{ id: number }>(h.db,
    'insert into lead_options (option, requirement, retired, created_at, updated_at) values ($1, $2, $3, $4, $4) returning id',
    [fields.option ?? uniqueText('Option'), 'A requirement', fields.retired ?? false, now]);
  return rows[0].id;
}

/** Everything the lead and lead option calls can change, to compare before and after a refused call. */
export async function dumpLeadState(h: Harness) {
  const q = async (sql: string) => (await query(h.db, sql)).rows;
  return {
    leads: await q('select * from leads order by id'),
    history: await q('select * from lead_status_history order by id'),
    options: await q('select * from lead_options order by id'),
    choices: await q('select * from lead_choices order by lead_id, option_id'),
    outbox: await q('select count(*)::int as n from outbox'),
  };
}

export async function groupIdOf(h: Harness, name: string): Promise<number> {
  return (await query<{ id: number }>(h.db, 'select id from groups where name = $1', [name])).rows[0].id;
}
