// First: the schemas below are built with zod's compiled fast path off (see ./zodJitless).
import '../../../shared/zodJitless';
import { format } from 'date-fns';
import { calendarDate, leadInput, leadUpdate } from '../../../../contract/leads/schemas';
import { addressFieldNames, type AddressField } from '../../../../contract/shared/address';
import { dqServices, type DqService } from '../../../../contract/shared/catalogue';
import { closeDateOfText, isPastCloseDate, leadMessages } from '../../../../contract/shared/leads';
import type { LeadDetail, LeadInput, LeadOption } from '../../../api/leads';
import { closeDateText } from './leadText';

// The lead submission form (spec section 3: a Lead and what a submission adds): what is typed,
// checked with the server's own schema (contract/leads/schemas.ts), so the message under each field
// is the server's words, before anything is sent.

export const leadTextFields = [
  'companyName',
  'contactName',
  'email',
  'phoneNumber',
  'jobTitle',
  'division',
  'closeDate',
  'probability',
  'integrations',
  'enrichments',
  'cleansing',
  'description',
] as const;
type TextField = (typeof leadTextFields)[number];
/** Every field that can carry a problem: the texts, the address lines, and the choices. */
export type LeadField = TextField | AddressField | 'services' | 'optionIds' | 'jointMeeting';
export type LeadProblems = Partial<Record<LeadField, string>>;

/** The order the fields appear in: the first with a problem takes the focus. */
export const fieldOrder: readonly LeadField[] = [
  'companyName',
  ...addressFieldNames,
  'contactName',
  'jobTitle',
  'division',
  'email',
  'phoneNumber',
  'services',
  'integrations',
  'enrichments',
  'cleansing',
  'probability',
  'closeDate',
  'jointMeeting',
  'optionIds',
  'description',
];

const isField = (key: unknown): key is LeadField => fieldOrder.some((f) => f === key);

/** A typed probability: blank is left out (0 on a new lead, kept on an edit); anything else as Number reads it. */
const probabilityOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The submission a filled form makes (before checking): every field as the server takes it. */
export function leadBodyOf(data: FormData): LeadInput {
  const text = (name: string) => String(data.get(name) ?? '');
  const companyAddress = Object.fromEntries(addressFieldNames.map((name) => [name, text(name).trim() || null]));
  const services = data.getAll('services').filter((v): v is DqService => dqServices.some((s) => s === v));
  const probability = probabilityOf(text('probability'));
  return {
    companyName: text('companyName'),
    contactName: text('contactName'),
    services,
    // Typed as the portal writes dates (dd/mm/yyyy), sent as the API keeps them (yyyy-mm-dd).
    closeDate: closeDateOfText(text('closeDate')),
    companyAddress,
    email: text('email'),
    phoneNumber: text('phoneNumber'),
    jobTitle: text('jobTitle'),
    division: text('division'),
    integrations: text('integrations'),
    enrichments: text('enrichments'),
    cleansing: text('cleansing'),
    ...(probability === undefined ? {} : { probability }),
    jointMeeting: data.get('jointMeeting') === 'on',
    description: text('description'),
    optionIds: data.getAll('optionIds').map(Number),
  };
}

/** Today in the browser, yyyy-mm-dd. */
export const today = () => format(new Date(), 'yyyy-MM-dd');

/**
 * The problem of each field (the server's schema's words and its rule that a new or changed close
 * date is today or later), or none: `body` may be sent. `lead` is the lead edited, if any.
 */
export function leadProblems(body: LeadInput, lead?: Pick<LeadDetail, 'closeDate'>, day = today()): LeadProblems {
  const parsed = (lead ? leadUpdate : leadInput).safeParse(body);
  const problems: LeadProblems = {};
  const closeDate = calendarDate.safeParse(body.closeDate);
  if (closeDate.success && isPastCloseDate(closeDate.data, day, lead?.closeDate)) problems.closeDate = leadMessages.pastCloseDate;
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    // companyAddress.town is the Town field; services.0 the services.
    const [first, second] = issue.path;
    const field = first === 'companyAddress' ? second : first;
    if (isField(field)) problems[field] ??= issue.message;
  }
  return problems;
}

/** The first field with a problem, to take the focus. */
export const firstProblem = (problems: LeadProblems) => fieldOrder.find((f) => problems[f]);

/**
 * The lead options the form offers: those on offer, and the retired ones this lead already has (they
 * stay until unticked; a retired option cannot be newly chosen).
 */
export function offeredOptions(options: readonly LeadOption[], lead?: Pick<LeadDetail, 'options'>): LeadOption[] {
  const chosen = new Set(lead?.options.map((o) => o.id));
  return options.filter((o) => !o.retired || chosen.has(o.id));
}

const isAddressField = (name: string): name is AddressField => addressFieldNames.some((a) => a === name);

/** What a form field shows for the lead edited (blank for a new lead). */
export function initialValue(lead: LeadDetail | undefined, name: TextField | AddressField): string {
  if (!lead) return '';
  if (name === 'closeDate') return closeDateText(lead.closeDate);
  return isAddressField(name) ? (lead.companyAddress[name] ?? '') : String(lead[name]);
}
