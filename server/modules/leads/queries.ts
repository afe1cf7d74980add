import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
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

/** The partner of a lead; undefined when there is no such lead. */
export function leadPartnerId(db: Db, id: number) {
  return db.selectFrom('leads').select('partner_id').where('id', '=', id).executeTakeFirst();
}

/** Adds a lead and answers its id. */
export function insertLead(db: Db, row: Insertable<LeadsTable>) {
  return db.insertInto('leads').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Changes the columns given of one lead. */
export async function updateLeadRow(db: Db, id: number, changes: Updateable<LeadsTable>): Promise<void> {
  await db.updateTable('leads').set(changes).where('id', '=', id).execute();
}

/** Deletes one lead (its choices and history go with it). */
export async function deleteLeadRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('leads').where('id', '=', id).execute();
}

/** The ids of the options chosen on a lead. */
export async function chosenOptionIds(db: Db, leadId: number): Promise<number[]> {
  return (await db.selectFrom('lead_choices').select('option_id').where('lead_id', '=', leadId).execute()).map((c) => c.option_id);
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

/** One lead option, locked for update; undefined when there is none. */
export function leadOptionForUpdate(db: Db, id: number) {
  return db.selectFrom('lead_options').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Adds a lead option and answers its row. */
export function insertLeadOption(db: Db, row: Insertable<LeadOptionsTable>) {
  return db.insertInto('lead_options').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Changes the columns given of one lead option and answers its row. */
export function updateLeadOptionRow(db: Db, id: number, changes: Updateable<LeadOptionsTable>) {
  return db.updateTable('lead_options').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Whether any lead has chosen the option. */
export async function isOptionChosen(db: Db, optionId: number): Promise<boolean> {
  const used = await db.selectFrom('lead_choices').select('lead_id').where('option_id', '=', optionId).limit(1).executeTakeFirst();
  return used !== undefined;
}

/** Deletes one lead option. */
export async function deleteLeadOptionRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('lead_options').where('id', '=', id).execute();
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

/** The accounts under the partner (partner > organisation > account), by organisation then account. */
export function clientAccounts(db: Db, partnerId: number) {
  return db
    .selectFrom('groups as org')
    .innerJoin('groups as account', 'account.parent_id', 'org.id')
    .select(['org.id as organisationId', 'org.name as organisationName', 'account.id as accountId', 'account.name as accountName', 'account.territory'])
    .where('org.parent_id', '=', partnerId)
    .where('org.type', '=', 'organisation')
    .where('account.type', '=', 'account')
    .orderBy('org.id')
    .orderBy('account.id')
    .execute();
}

/**
 * Clicks and spend of each account per UTC day in the range: a click is valued at its subscription's
 * price per click over all its bundles, and each account-day is rounded to minor units.
 */
export async function spendByAccountDay(db: Db, accountIds: readonly number[], range: { fromDate: number; toDate: number }) {
  if (accountIds.length === 0) return [];
  const ids = [...accountIds];
  return db
    .with('rate', (qc) =>
      qc
        .selectFrom('bundles')
        .select(['account_id', 'plan_id', sql<number>`sum(price)::numeric / sum(clicks)`.as('per_click')])
        .where('account_id', 'in', ids)
        .groupBy(['account_id', 'plan_id']),
    )
    .selectFrom('usage_daily as u')
    .leftJoin('rate', (join) => join.onRef('rate.account_id', '=', 'u.account_id').onRef('rate.plan_id', '=', 'u.plan_id'))
    .select([
      'u.account_id as accountId',
      'u.day',
      sql<number>`sum(u.clicks)::bigint`.as('clicks'),
      sql<number>`round(sum(u.clicks * coalesce(rate.per_click, 0)))::bigint`.as('spend'),
    ])
    .where('u.account_id', 'in', ids)
    .where('u.day', '>=', range.fromDate)
    .where('u.day', '<', range.toDate)
    .groupBy(['u.account_id', 'u.day'])
    .execute();
}
