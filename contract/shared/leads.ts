// The words and rules of partner leads (spec sections 2, 3 and 6) with no zod: the server, the
// guards and the pages read the same statuses, moves and limits from here. Who may administer the
// lead form and change a closed lead is decided in access.ts.

import { userNeedRefusals } from './access';

/**
 * The sales pipeline a lead moves through. A partner submits it (new); staff contact the company,
 * qualify it, send a proposal and close it won or lost. won and lost are closed.
 */
export const leadStatuses = ['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  proposal: 'Proposal sent',
  won: 'Won',
  lost: 'Lost',
};

/**
 * Where staff may move a lead from each status: one step forward, or lost from any open status; a
 * closed lead may be reopened (back to contacted), never jumped straight to won.
 */
export const leadTransitions: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'lost'],
  contacted: ['qualified', 'lost'],
  qualified: ['proposal', 'lost'],
  proposal: ['won', 'lost'],
  won: ['contacted'],
  lost: ['contacted'],
};

export const closedLeadStatuses: readonly LeadStatus[] = ['won', 'lost'];
export const isLeadOpen = (status: LeadStatus) => !closedLeadStatuses.includes(status);
export const mayMoveLead = (from: LeadStatus, to: LeadStatus) => leadTransitions[from].includes(to);

/** Longest texts of a lead and a lead option. */
export const leadTextLimits = {
  companyName: 200,
  contactName: 200,
  phoneNumber: 40,
  jobTitle: 200,
  division: 200,
  integrations: 2000,
  enrichments: 2000,
  cleansing: 2000,
  description: 5000,
  option: 200,
  requirement: 2000,
  note: 2000,
} as const;

/** The server's refusals on leads, word for word (the SPA shows them after "Failed to ...: "). */
export const leadMessages = {
  closed: userNeedRefusals['change closed leads'],
  notPartner: 'This group is not a partner: choose a partner group',
  partnerRequired: 'Choose a partner (parentId)',
  retiredOption: 'A retired lead option cannot be chosen',
  unknownOption: 'No such lead option',
  optionInUse: 'This lead option is chosen on a lead, so it cannot be deleted: retire it instead',
  sameStatus: 'The lead already has this status',
  badMove: 'A lead cannot move from this status to that one',
  duplicateOption: 'A lead option with this text already exists',
  pastCloseDate: 'The close date has passed: choose today or a later day',
} as const;

/** A close date as the portal writes dates (dd/mm/yyyy, spec section 9) in the API's form (yyyy-mm-dd); any other text as it is. */
export function closeDateOfText(text: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return match ? `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}` : text.trim();
}

/**
 * Whether a close date (yyyy-mm-dd) is before `today` (yyyy-mm-dd): a new lead, or a lead's close
 * date changed, must close today or later; a lead keeping the date it has is not asked again.
 */
export function isPastCloseDate(closeDate: string, today: string, kept?: string): boolean {
  return closeDate !== kept && closeDate < today;
}

