// First: the schemas below are built with zod's compiled fast path off (see ./zodJitless).
import '../../../shared/zodJitless';
import { createCost } from '../../../../contract/bureau/schemas';
import type { Territory } from '../../../../contract/shared/territory';
import { dayOfText } from '../../../shared/dateRange';
import { dateInputValue, formatDate, secondsOfDateInput } from '../../../shared/format';
import { issueProblems, serverProblems, type FieldProblems } from '../../../shared/fieldProblems';
import { majorUnitsProblem, majorUnitsText, minorUnitsOf } from '../../../shared/money';
import type { AdminCost, CostBody } from '../../../api/bureau';

// The price update form (POST /admin/costs): what is typed, checked with the server's own schema
// (contract/bureau/schemas.ts), so the messages under the fields are the server's words.

export const priceFields = ['basePrice', 'pricePerRecord', 'pricePerMatch', 'realPricePerRecord', 'realPricePerMatch', 'minRecCount', 'startDate'] as const;
export type PriceField = (typeof priceFields)[number];
export type PriceFields = Record<PriceField, string>;
export type PriceProblems = FieldProblems<PriceField>;

/**
 * The form filled with a price: money in pounds or dollars, per-record and per-match prices in pence or
 * cents; the start left blank (now), or for a scheduled price (after `now`) its own day, so that saving
 * changes it (a new price starting on or before a scheduled one replaces it).
 */
export const fieldsOf = (cost: AdminCost, now?: number): PriceFields => ({
  basePrice: majorUnitsText(cost.basePrice),
  pricePerRecord: String(cost.pricePerRecord),
  pricePerMatch: String(cost.pricePerMatch),
  realPricePerRecord: String(cost.realPricePerRecord),
  realPricePerMatch: String(cost.realPricePerMatch),
  minRecCount: String(cost.minRecCount),
  startDate: now !== undefined && cost.startDate > now ? formatDate(cost.startDate) : '',
});

/** A typed number: blank stays blank (required), anything else as Number reads it (NaN is refused by the schema). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The body of POST /admin/costs for the cost being replaced, or the problem of each field. */
export function priceBody(cost: AdminCost, fields: PriceFields, now: number): { body: CostBody | null; problems: PriceProblems } {
  const problems: PriceProblems = {};
  const base = majorUnitsProblem(fields.basePrice, 'The base price');
  if (base) problems.basePrice = base;
  let startDate: number | undefined;
  const typed = fields.startDate.trim();
  if (typed) {
    const day = dayOfText(typed) ?? '';
    const start = secondsOfDateInput(day);
    const today = dateInputValue(now);
    if (start === null) problems.startDate = 'The start date is not a day (dd/mm/yyyy)';
    else if (day < today) problems.startDate = 'The start date is in the past: leave it blank to start now';
    // Today is now: the day's start has passed.
    else if (day > today) startDate = start;
  }
  const blank = (f: PriceField, what: string) => {
    if (!fields[f].trim()) problems[f] ??= `${what} is required`;
  };
  blank('pricePerRecord', 'The price per record');
  blank('pricePerMatch', 'The price per match');
  blank('realPricePerRecord', 'The real price per record');
  blank('realPricePerMatch', 'The real price per match');
  blank('minRecCount', 'The minimum record count');
  const candidate = {
    costTypeId: cost.costTypeId,
    territory: cost.territory,
    basePrice: minorUnitsOf(fields.basePrice) ?? 0,
    pricePerRecord: numberOf(fields.pricePerRecord),
    pricePerMatch: numberOf(fields.pricePerMatch),
    realPricePerRecord: numberOf(fields.realPricePerRecord),
    realPricePerMatch: numberOf(fields.realPricePerMatch),
    minRecCount: numberOf(fields.minRecCount),
    ...(startDate === undefined ? {} : { startDate }),
  };
  const parsed = createCost.body.safeParse(candidate);
  if (!parsed.success) Object.assign(problems, { ...issueProblems(parsed.error.issues, priceFields), ...problems });
  return Object.keys(problems).length > 0 || !parsed.success ? { body: null, problems } : { body: parsed.data, problems };
}

/** The server's refusal ("pricePerRecord: The price per record has at most four decimal places; ...") by field. */
export const priceServerProblems = (detail: string) => serverProblems(detail, priceFields);

/** The labels of the form, in the territory's money. */
export function priceLabels(territory: Territory): Record<PriceField, string> {
  const unit = territory === 'uk' ? 'p' : 'c';
  const money = territory === 'uk' ? '£' : 'A$';
  return {
    basePrice: `Base price (${money})`,
    pricePerRecord: `Price per record (${unit})`,
    pricePerMatch: `Price per match (${unit})`,
    realPricePerRecord: `Real price per record (${unit})`,
    realPricePerMatch: `Real price per match (${unit})`,
    minRecCount: 'Minimum record count',
    startDate: 'Start date',
  };
}
