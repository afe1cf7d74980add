import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { addressInput, id } from '../fields';
import { dqServices } from '../shared/catalogue';
import { closeDateOfText, leadTextLimits as max } from '../shared/leads';
import { date, inRange } from '../usage/schemas';
import { email, message } from '../users/schemas';
import { lead, leadDetail, leadOption, leadStatus, partnerAccountInfo as accountInfoLine, partnerConsole as consoleReport } from './entities';

// The Leads calls of spec section 7 and GET /partner/accountinfo, with the calls of ours beside them
// (a lead's detail, its status moves, the partner console). Every message names what is wrong; the
// server adds the field's name (probability: ...).

export const parentIdQuery = z.object({ parentId: id });
/** GET /lead: a partner's leads; without parentId, staff get every lead. */
export const listLeadsQuery = z.object({ parentId: id.optional() });
export const leadIdQuery = z.object({ id });
export const partnerIdQuery = z.object({ partnerId: id });

const text = (limit: number, name: string) => z.string().trim().max(limit, `${name} is at most ${limit} characters`);
const required = (limit: number, name: string) => text(limit, name).min(1, `${name} is required`);

/** Does yyyy-mm-dd name a day that exists (not 2030-02-30, not 2030-13-01)? */
function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * A real day of the calendar (2026-02-30 is refused), written as the portal shows dates (dd/mm/yyyy)
 * or as the API stores them (yyyy-mm-dd); either way it is yyyy-mm-dd once parsed.
 */
export const calendarDate = z
  .string()
  .transform(closeDateOfText)
  .superRefine((value, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) ctx.addIssue({ code: 'custom', message: 'The close date is a date written dd/mm/yyyy, for example 31/12/2026' });
    else if (!isCalendarDay(value)) ctx.addIssue({ code: 'custom', message: 'The close date is not a day of the calendar' });
  });

const leadFields = {
  companyName: required(max.companyName, 'The company name'),
  contactName: required(max.contactName, 'The contact name'),
  services: z
    .array(z.enum(dqServices, `Must be one of ${dqServices.join(', ')}`))
    .min(1, 'Choose at least one service')
    .transform((list) => [...new Set(list)]),
  closeDate: calendarDate,
  companyAddress: z.object(addressInput).strict(),
  email,
  phoneNumber: text(max.phoneNumber, 'The phone number'),
  jobTitle: text(max.jobTitle, 'The job title'),
  division: text(max.division, 'The division'),
  integrations: text(max.integrations, 'Integrations'),
  enrichments: text(max.enrichments, 'Enrichments'),
  cleansing: text(max.cleansing, 'Cleansing'),
  probability: z
    .number('The probability is a number from 0 to 100')
    .int('The probability is a whole per cent')
    .min(0, 'The probability is from 0 to 100')
    .max(100, 'The probability is from 0 to 100'),
  jointMeeting: z.boolean(),
  description: text(max.description, 'The description'),
  /** The lead options chosen (ids from GET /lead/option); a retired option cannot be newly chosen. */
  optionIds: z
    .array(z.number().int().positive())
    .max(100, 'At most 100 lead options')
    .transform((list) => [...new Set(list)]),
};

/** POST /lead ?parentId: a submission; what is left out is empty (no probability given is 0). */
export const leadInput = z
  .object({
    ...leadFields,
    companyAddress: leadFields.companyAddress.default({}),
    phoneNumber: leadFields.phoneNumber.default(''),
    jobTitle: leadFields.jobTitle.default(''),
    division: leadFields.division.default(''),
    integrations: leadFields.integrations.default(''),
    enrichments: leadFields.enrichments.default(''),
    cleansing: leadFields.cleansing.default(''),
    probability: leadFields.probability.default(0),
    jointMeeting: leadFields.jointMeeting.default(false),
    description: leadFields.description.default(''),
    optionIds: leadFields.optionIds.default([]),
  })
  .strict();
export type LeadInput = z.input<typeof leadInput>;

/** PUT /lead ?id: a field left out keeps its stored value; optionIds, when given, replaces the choice. */
export const leadUpdate = z.object(leadFields).partial().strict();
export type LeadUpdate = z.input<typeof leadUpdate>;

/** PUT /lead/status ?id (staff): the next status (contract/shared/leads.ts leadTransitions) and a note mailed with it. */
export const leadStatusBody = z
  .object({ status: leadStatus, note: text(max.note, 'The note').default('') })
  .strict();

const optionFields = {
  option: required(max.option, 'The option'),
  requirement: text(max.requirement, 'The requirement'),
};
/** POST /lead/option (super). */
export const leadOptionInput = z.object({ ...optionFields, requirement: optionFields.requirement.default('') }).strict();
/** PUT /lead/option ?id (super): retired true takes it off the form, false offers it again. */
export const leadOptionUpdate = z
  .object({ ...optionFields, retired: z.boolean() })
  .partial()
  .strict();

/** GET /partner/console ?partnerId, fromDate, toDate: whole UTC days, at most usageHistoryMonths. */
export const consoleQuery = z.object({ partnerId: id, fromDate: date('fromDate'), toDate: date('toDate') }).superRefine(inRange);

export const listLeads = { query: listLeadsQuery, response: z.array(lead) } satisfies CallShape;
export const getLead = { query: leadIdQuery, response: leadDetail } satisfies CallShape;
/** Answers 201 Created. */
export const createLead = { query: parentIdQuery, body: leadInput, response: lead } satisfies CallShape;
export const updateLead = { query: leadIdQuery, body: leadUpdate, response: lead } satisfies CallShape;
export const deleteLead = { query: leadIdQuery, response: message } satisfies CallShape;
export const moveLead = { query: leadIdQuery, body: leadStatusBody, response: leadDetail } satisfies CallShape;
export const listLeadOptions = { response: z.array(leadOption) } satisfies CallShape;
/** Answers 201 Created. */
export const createLeadOption = { body: leadOptionInput, response: leadOption } satisfies CallShape;
export const updateLeadOption = { query: leadIdQuery, body: leadOptionUpdate, response: leadOption } satisfies CallShape;
export const deleteLeadOption = { query: leadIdQuery, response: message } satisfies CallShape;
export const partnerAccountInfo = { query: partnerIdQuery, response: z.array(accountInfoLine) } satisfies CallShape;
export const partnerConsole = { query: consoleQuery, response: consoleReport } satisfies CallShape;
