import type { Insertable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Lead, LeadDetail } from '../../../contract/leads/entities';
import type { leadInput, leadStatusBody, leadUpdate } from '../../../contract/leads/schemas';
import { mayUser } from '../../../contract/shared/access';
import { addressFieldNames } from '../../../contract/shared/address';
import { isLeadOpen, isPastCloseDate, leadMessages, leadStatusLabels, mayMoveLead } from '../../../contract/shared/leads';
import { blockedMessages } from '../../../contract/shared/messages';
import type { Db } from '../../db';
import type { LeadsTable } from '../../db/leadsSchema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { secondsOf, utcDay } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertPartnerAllows, assertStaff, authoriseGroup, groupFacts, isRowId, type Caller } from '../access/index';
import { mailOf } from '../../kernel/html';
import { ownersEmails } from '../../kernel/ownersMail';
import { chosenOptionIds, deleteLeadRow, historyOf, insertLead, leadPartnerId, leadRows, leadsOf, optionRows, setChoices, updateLeadRow, writeHistory } from './queries';

// Partner leads (spec sections 2, 6 and 7, Leads). Owners of a partner that is not a referrer submit,
// read, edit and delete its leads; staff act as owners on every partner, see every lead and alone
// move a lead through its statuses, which mails the partner's owners. Each write, its history row
// and its choice of options commit together or not at all; the mail goes after the commit.

type LeadDeps = Pick<Deps, 'db' | 'clock'>;
type LeadInput = z.output<typeof leadInput>;
type LeadUpdate = z.output<typeof leadUpdate>;

export const leadNotFound = () => notFound('Lead not found');

/** Who made a row and when: made and last changed alike. */
const authored = (now: number, userId: number) => ({ created_at: now, created_by: userId, updated_at: now, updated_by: userId });

/**
 * The partner, once the caller may manage it (owner, sudoowner, staff): a group that is not a partner
 * is a 400, and a referrer partner is refused with the spec's blocked-page message, whoever asks.
 */
export async function authorisePartner(db: Db, caller: Caller, partnerId: number, lock?: 'share') {
  const group = await authoriseGroup(db, caller, partnerId, 'manage', lock);
  if (group.type !== 'partner') throw badRequest(leadMessages.notPartner);
  const { subtype } = await groupFacts(db, partnerId);
  return { ...group, subtype };
}

async function leadPartner(db: Db, caller: Caller, partnerId: number, lock?: 'share') {
  const partner = await authorisePartner(db, caller, partnerId, lock);
  assertPartnerAllows(partner.subtype, 'leads');
  return partner;
}

/**
 * The lead `id` once the caller may act on its partner, locked for update when a writer passes its
 * `trx`. An unknown id and a lead of a partner the caller may not manage both answer 404 'Lead not
 * found', so ids cannot be probed.
 */
async function leadToChange(db: Db, caller: Caller, id: number, lock = true) {
  if (!isRowId(id)) throw leadNotFound();
  const found = await leadPartnerId(db, id);
  if (!found) throw leadNotFound();
  try {
    await leadPartner(db, caller, found.partner_id, lock ? 'share' : undefined);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403 && error.message !== blockedMessages.partnerType) throw leadNotFound();
    throw error;
  }
  const [row] = await leadRows(db, { id }, lock);
  if (!row) throw leadNotFound();
  return row;
}

/**
 * Runs a write that chooses options; an option deleted by super while the write waited on its row
 * fails the choice's foreign key, which is said as the unknown option it has become.
 */
async function choosing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23503') throw badRequest(`optionIds: ${leadMessages.unknownOption}`);
    throw error;
  }
}

/** A partner changes an open lead only; staff change any. */
function assertEditable(caller: Caller, status: Lead['status']): void {
  if (!isLeadOpen(status) && !mayUser(caller, 'change closed leads')) throw conflict(leadMessages.closed);
}

/** Newly chosen options must exist and be offered; those already on the lead may stay though retired. */
async function checkChoice(db: Db, optionIds: readonly number[], kept: readonly number[] = []): Promise<void> {
  const fresh = optionIds.filter((id) => !kept.includes(id));
  const found = await optionRows(db, fresh.filter(isRowId));
  if (found.length !== fresh.length) throw badRequest(`optionIds: ${leadMessages.unknownOption}`);
  if (found.some((option) => option.retired)) throw badRequest(`optionIds: ${leadMessages.retiredOption}`);
}

async function oneLead(db: Db, id: number): Promise<LeadDetail> {
  const [lead] = await leadsOf(db, { id });
  if (!lead) throw leadNotFound();
  return { ...lead, history: await historyOf(db, id) };
}

// ---- Reads ---------------------------------------------------------------------------------------

/** GET /lead ?parentId: the partner's leads, newest first; staff leave parentId out for every lead. */
export async function listLeads(deps: LeadDeps, caller: Caller, query: { parentId?: number }): Promise<Lead[]> {
  if (query.parentId === undefined) {
    if (!mayUser(caller, 'see everything')) throw badRequest(`parentId: ${leadMessages.partnerRequired}`);
    return leadsOf(deps.db, {});
  }
  await leadPartner(deps.db, caller, query.parentId);
  return leadsOf(deps.db, { partnerId: query.parentId });
}

/** GET /lead/detail ?id: one lead with its status history. */
export async function getLead(deps: LeadDeps, caller: Caller, query: { id: number }): Promise<LeadDetail> {
  await leadToChange(deps.db, caller, query.id, false);
  return oneLead(deps.db, query.id);
}

// ---- Writes --------------------------------------------------------------------------------------

/** POST /lead ?parentId: a new lead, status new. Answers 201. */
export async function createLead(deps: LeadDeps, caller: Caller, input: { query: { parentId: number }; body: LeadInput }): Promise<Lead> {
  const now = secondsOf(deps.clock);
  const { body } = input;
  if (isPastCloseDate(body.closeDate, utcDay(deps.clock))) throw badRequest(`closeDate: ${leadMessages.pastCloseDate}`);
  const id = await choosing(() =>
    deps.db.transaction().execute(async (trx) => {
      await leadPartner(trx, caller, input.query.parentId, 'share');
      await checkChoice(trx, body.optionIds);
      const row = await insertLead(trx, {
        partner_id: input.query.parentId,
        // Every required column is in a full submission (leadInput gives defaults to the rest).
        ...(columnsOf(body) as Pick<Insertable<LeadsTable>, 'company_name' | 'contact_name' | 'services' | 'close_date' | 'email'>),
        ...authored(now, caller.id),
      });
      await setChoices(trx, row.id, body.optionIds);
      await writeHistory(trx, row.id, null, 'new', '', caller.id, now);
      return row.id;
    }),
  );
  return (await leadsOf(deps.db, { id }))[0]!;
}

/** The column of each field of a lead that is stored as it is given. */
const columnNames = {
  companyName: 'company_name',
  contactName: 'contact_name',
  services: 'services',
  closeDate: 'close_date',
  email: 'email',
  phoneNumber: 'phone_number',
  jobTitle: 'job_title',
  division: 'division',
  integrations: 'integrations',
  enrichments: 'enrichments',
  cleansing: 'cleansing',
  probability: 'probability',
  jointMeeting: 'joint_meeting',
  description: 'description',
} as const satisfies Record<Exclude<keyof LeadUpdate, 'companyAddress' | 'optionIds'>, keyof LeadsTable>;

/** The lead's columns from the fields given (an update leaves the others out; an address is replaced whole). */
function columnsOf(body: LeadUpdate): Updateable<LeadsTable> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columnNames)) {
    const value = body[field as keyof typeof columnNames];
    if (value !== undefined) columns[column] = value;
  }
  if (body.companyAddress) for (const name of addressFieldNames) columns[name] = body.companyAddress[name] ?? null;
  return columns as Updateable<LeadsTable>;
}

/** PUT /lead ?id: changes the fields given; optionIds replaces the choice (retired options already chosen may stay). */
export async function updateLead(deps: LeadDeps, caller: Caller, input: { query: { id: number }; body: LeadUpdate }): Promise<Lead> {
  const now = secondsOf(deps.clock);
  const { body } = input;
  await choosing(() =>
    deps.db.transaction().execute(async (trx) => {
      const row = await leadToChange(trx, caller, input.query.id);
      assertEditable(caller, row.status);
      if (body.closeDate !== undefined && isPastCloseDate(body.closeDate, utcDay(deps.clock), row.close_date)) {
        throw badRequest(`closeDate: ${leadMessages.pastCloseDate}`);
      }
      if (body.optionIds !== undefined) {
        const kept = await chosenOptionIds(trx, row.id);
        await checkChoice(trx, body.optionIds, kept);
        await setChoices(trx, row.id, body.optionIds);
      }
      await updateLeadRow(trx, row.id, { ...columnsOf(body), updated_at: now, updated_by: caller.id });
    }),
  );
  return (await leadsOf(deps.db, { id: input.query.id }))[0]!;
}

/** DELETE /lead ?id: the lead, its choices and its history. A partner deletes an open lead only. */
export async function deleteLead(deps: LeadDeps, caller: Caller, query: { id: number }): Promise<{ msg: string }> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await leadToChange(trx, caller, query.id);
    assertEditable(caller, row.status);
    await deleteLeadRow(trx, row.id);
  });
  return { msg: 'Lead deleted' };
}

/**
 * PUT /lead/status ?id (staff): moves the lead along leadTransitions and records the move; after the
 * commit the partner's owners are mailed (through SMTP, or the outbox). A mail that fails is logged:
 * the move stands, and its history row says it happened.
 */
export async function moveLead(
  deps: Pick<Deps, 'db' | 'clock' | 'mail' | 'log'>,
  caller: Caller,
  input: { query: { id: number }; body: z.output<typeof leadStatusBody> },
): Promise<LeadDetail> {
  assertStaff(caller);
  const now = secondsOf(deps.clock);
  const { status, note } = input.body;
  const row = await deps.db.transaction().execute(async (trx) => {
    const lead = await leadToChange(trx, caller, input.query.id);
    if (lead.status === status) throw conflict(leadMessages.sameStatus);
    if (!mayMoveLead(lead.status, status)) throw conflict(`${leadMessages.badMove} (${lead.status} to ${status})`);
    await updateLeadRow(trx, lead.id, { status, updated_at: now, updated_by: caller.id });
    await writeHistory(trx, lead.id, lead.status, status, note, caller.id, now);
    return lead;
  });
  const subject = `Lead ${row.company_name}: ${leadStatusLabels[status]}`;
  const lines = [
    `The status of your lead for ${row.company_name} (${row.contact_name}), submitted by ${row.partner_name}, moved from ${leadStatusLabels[row.status]} to ${leadStatusLabels[status]}.`,
    ...(note ? [`Note: ${note}`] : []),
  ];
  // The partner's owners (on it or above it).
  for (const to of await ownersEmails(deps.db, [row.partner_id])) {
    await deps.mail.send(mailOf(to, subject, lines, `lead ${row.id}: ${row.status} -> ${status}`)).catch((error: unknown) => {
      deps.log.error(error, `lead status mail to ${to} failed`);
    });
  }
  return oneLead(deps.db, row.id);
}
