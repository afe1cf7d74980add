import { z } from 'zod';
import { dqServices } from '../shared/catalogue';
import { leadStatuses } from '../shared/leads';
import { address, territory } from '../users/entities';

// Spec section 3: Lead (with the fields a submission adds), Lead option and Partner account info;
// and the partner console of ours. Timestamps are seconds since the epoch; a close date is a
// calendar date, yyyy-mm-dd, as the submission form takes it.

const seconds = z.number().int();
const rowId = z.number().int();

export const leadStatus = z.enum(leadStatuses);

/** Spec section 3, Lead option: what a partner may tick on a lead. A retired one stays on the leads that chose it. */
export const leadOption = z.object({
  id: rowId,
  option: z.string(),
  requirement: z.string(),
  retired: z.boolean(),
});
export type LeadOption = z.infer<typeof leadOption>;

/** One move of a lead's status: who moved it, when, and the note sent with it. */
export const leadStatusChange = z.object({
  from: leadStatus.nullable(),
  to: leadStatus,
  note: z.string(),
  at: seconds,
  userId: rowId.nullable(),
  userName: z.string().nullable(),
});
export type LeadStatusChange = z.infer<typeof leadStatusChange>;

/** Spec section 3, Lead, with the fields a submission adds. */
export const lead = z.object({
  id: rowId,
  /** The partner group the lead was submitted under (the spec's parentId). */
  partnerId: rowId,
  partnerName: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  /** The data-quality services the company is interested in. */
  services: z.array(z.enum(dqServices)),
  /** When it was submitted. */
  openDate: seconds,
  /** Expected close date, yyyy-mm-dd. */
  closeDate: z.string(),
  status: leadStatus,
  /** The company's address lines (address1-4, town, county, postcode, country). */
  companyAddress: address,
  email: z.string(),
  phoneNumber: z.string(),
  jobTitle: z.string(),
  division: z.string(),
  integrations: z.string(),
  enrichments: z.string(),
  cleansing: z.string(),
  /** Per cent, 0-100. */
  probability: z.number().int(),
  jointMeeting: z.boolean(),
  description: z.string(),
  /** The lead options chosen, retired ones included. */
  options: z.array(leadOption),
  createTimestamp: seconds,
  updateTimestamp: seconds,
  creationUserId: rowId.nullable(),
  updateUserId: rowId.nullable(),
});
export type Lead = z.infer<typeof lead>;

/** GET /lead/detail: a lead with its status history, oldest first. */
export const leadDetail = lead.extend({ history: z.array(leadStatusChange) });
export type LeadDetail = z.infer<typeof leadDetail>;

/** Spec section 3, Partner account info: one line per subscription of each account under the partner. */
export const partnerAccountInfo = z.object({
  organisationId: rowId,
  organisationName: z.string(),
  accountId: rowId,
  accountName: z.string(),
  planName: z.string(),
  /** The dataset's reference (PAF, GNAF, EMAIL...). */
  datasetType: z.string(),
  /** Clicks of the bundles running now. */
  clickLimit: z.number().int(),
  usedClicks: z.number().int(),
  remainingClicks: z.number().int(),
  /** Earliest start and latest end of the bundles running now; null when none runs. */
  startDate: seconds.nullable(),
  endDate: seconds.nullable(),
  /** When the clicks run out at the last 30 days' rate, or the end date if that comes first. */
  estimatedExpiryDate: seconds.nullable(),
});
export type PartnerAccountInfo = z.infer<typeof partnerAccountInfo>;

/** One day of one account in the console: clicks and what they cost, minor units of the account's currency. */
export const consoleDay = z.object({ day: seconds, clicks: z.number().int(), spend: z.number().int() });

/** One client account of the partner in the console, with every day of the range (empty days as 0). */
export const consoleAccount = z.object({
  organisationId: rowId,
  organisationName: z.string(),
  accountId: rowId,
  accountName: z.string(),
  territory,
  clicks: z.number().int(),
  spend: z.number().int(),
  days: z.array(consoleDay),
});

/**
 * GET /partner/console: usage and spend per client account over whole UTC days fromDate to toDate
 * (exclusive, after snapping to days). Spend values each click at the price per click of the bundles
 * of its subscription (bundle price / bundle clicks); each account-day is rounded to minor units and
 * the totals are sums of those, so the chart, the table and the CSV agree. Totals are per territory,
 * since pounds and Australian dollars do not add.
 */
export const partnerConsole = z.object({
  partnerId: rowId,
  fromDate: seconds,
  toDate: seconds,
  /** The start of every day of the range. */
  days: z.array(seconds),
  accounts: z.array(consoleAccount),
  totals: z.array(z.object({ territory, clicks: z.number().int(), spend: z.number().int() })),
});
export type PartnerConsole = z.infer<typeof partnerConsole>;
