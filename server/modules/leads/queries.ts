import { sql, type Selectable } from 'kysely';
import type { Lead, LeadOption, LeadStatusChange } from '../../../contract/leads/entities';
import type { LeadStatus } from '../../../contract/shared/leads';
import type { Db } from '../../db';
import type { LeadOptionsTable, LeadsTable } from '../../db/leadsSchema';

// The SQL of leads and lead options, through Kysely. Db is the database or a transaction alike.

type LeadRow = Omit<Selectable<LeadsTable>, 'close_date'> & { close_date: string; partner_name: string };

/** Leads with their partner's name, newest first: of one partner, one lead, or (no filter) all. */
export function leadRows(db: Db, where: { partnerId?: number; id?: number }, lock = false): Promise<LeadRow[]> {
  return db
    .selectFrom('leads')
    .innerJoin('groups', 'groups.id', 'leads.partner_id')
    .selectAll('leads')
    // A date column is parsed to a local Date by both drivers: read the calendar date as text.
    .select([sql<string>`to_char(leads.close_date, 'YYYY-MM-DD')`.as('close_date'), 'groups.name as partner_name'])
    .$if(where.partnerId !== undefined, (qb) => qb.where('leads.partner_id', '=', where.partnerId!))
    .$if(where.id !== undefined, (qb) => qb.where('leads.id', '=', where.id!))
    .$if(lock, (qb) => qb.forUpdate('leads'))
    .orderBy('leads.id', 'desc')
    .execute();
}

export const toOption = (row: Selectable<LeadOptionsTable>): LeadOption => ({
  id: row.id,
  option: row.option,
  requirement: row.requirement,
  retired: row.retired,
});

/** Every lead option, those offered first, then by text. */
export async function optionRows(db: Db, ids?: readonly number[]): Promise<LeadOption[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .selectFrom('lead_options')
    .selectAll()
    .$if(ids !== undefined, (qb) => qb.where('id', 'in', [...ids!]))
    .orderBy('retired')
    .orderBy(({ fn }) => fn('lower', ['option']))
    .orderBy('id')
    .execute();
  return rows.map(toOption);
}

/** The options chosen on each of the leads. */
export async function choicesOf(db: Db, leadIds: readonly number[]): Promise<Map<number, LeadOption[]>> {
  const result = new Map<number, LeadOption[]>(leadIds.map((id) => [id, []]));
  if (leadIds.length === 0) return result;
  const rows = await db
    .selectFrom('lead_choices')
    .innerJoin('lead_options', 'lead_options.id', 'lead_choices.option_id')
    .selectAll('lead_options')
    .select('lead_choices.lead_id')
    .where('lead_choices.lead_id', 'in', [...leadIds])
    .orderBy('lead_options.id')
    .execute();
  for (const row of rows) result.get(row.lead_id)!.push(toOption(row));
  return result;
}

/** Replaces the lead's choice of options. */
export async function setChoices(db: Db, leadId: number, optionIds: readonly number[]): Promise<void> {
  await db.deleteFrom('lead_choices').where('lead_id', '=', leadId).execute();
  if (optionIds.length) await db.insertInto('lead_choices').values(optionIds.map((option_id) => ({ lead_id: leadId, option_id }))).execute();
}

/** A lead's status moves, oldest first, with the name of who moved it. */
export async function historyOf(db: Db, leadId: number): Promise<LeadStatusChange[]> {
  const rows = await db
    .selectFrom('lead_status_history')
    .leftJoin('users', 'users.id', 'lead_status_history.user_id')
    .select([
      'lead_status_history.from_status as from',
      'lead_status_history.to_status as to',
      'lead_status_history.note',
      'lead_status_history.at',
      'lead_status_history.user_id as userId',
      'users.user_name as userName',
    ])
    .where('lead_status_history.lead_id', '=', leadId)
    .orderBy('lead_status_history.id')
    .execute();
  return rows.map((row) => ({ ...row, at: Number(row.at) }));
}

export async function writeHistory(db: Db, leadId: number, from: LeadStatus | null, to: LeadStatus, note: string, userId: number, at: number): Promise<void> {
  await db.insertInto('lead_status_history').values({ lead_id: leadId, from_status: from, to_status: to, note, at, user_id: userId }).execute();
}

export function toLead(row: LeadRow, options: LeadOption[]): Lead {
  return {
    id: row.id,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    companyName: row.company_name,
    contactName: row.contact_name,
    services: row.services,
    openDate: Number(row.created_at),
    closeDate: row.close_date,
    status: row.status,
    companyAddress: {
      address1: row.address1,
      address2: row.address2,
      address3: row.address3,
      address4: row.address4,
      town: row.town,
      county: row.county,
      postcode: row.postcode,
      country: row.country,
    },
    email: row.email,
    phoneNumber: row.phone_number,
    jobTitle: row.job_title,
    division: row.division,
    integrations: row.integrations,
    enrichments: row.enrichments,
    cleansing: row.cleansing,
    probability: row.probability,
    jointMeeting: row.joint_meeting,
    description: row.description,
    options,
    createTimestamp: Number(row.created_at),
    updateTimestamp: Number(row.updated_at),
    creationUserId: row.created_by,
    updateUserId: row.updated_by,
  };
}

/** Leads as the contract names them, with their options (two queries whatever the count). */
export async function leadsOf(db: Db, where: { partnerId?: number; id?: number }): Promise<Lead[]> {
  const rows = await leadRows(db, where);
  const choices = await choicesOf(db, rows.map((row) => row.id));
  return rows.map((row) => toLead(row, choices.get(row.id)!));
}
