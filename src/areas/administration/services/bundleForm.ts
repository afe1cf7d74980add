import { addMonths, format, isValid, parse, startOfDay } from 'date-fns';
import { priceOf, quantityProblem } from '../../../../contract/shared/catalogue';
import { bundleMessages } from '../../../../contract/shared/catalogueRules';
import type { Bundle, BundleInput, BundleUpdate, Plan } from '../../../api/plans';

// The bundle forms' rules (create at /administration/services/bundlecreate, edit under
// /administration/services/bundleedit): dates as the date inputs hold them, prices in major units as
// typed, and what each form sends. Pure functions, tested on their own.

/** A date input's value (yyyy-mm-dd) for a timestamp in seconds, in the browser's time zone. */
export const toDateInput = (seconds: number) => format(seconds * 1000, 'yyyy-MM-dd');

/** Seconds at the start of the day a date input names, or null when it names none. */
export function fromDateInput(value: string): number | null {
  const date = parse(value, 'yyyy-MM-dd', new Date(0));
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(date) ? Math.floor(date.getTime() / 1000) : null;
}

/** Start today; end when the plan's duration (months) has passed from the start. */
export function defaultDates(now: number, durationMonths: number) {
  const start = startOfDay(now * 1000);
  return { start: format(start, 'yyyy-MM-dd'), end: format(addMonths(start, durationMonths), 'yyyy-MM-dd') };
}

/** The end date for a start date typed: the start plus the plan's duration. */
export function endFor(start: string, durationMonths: number): string | null {
  const seconds = fromDateInput(start);
  return seconds === null ? null : format(addMonths(seconds * 1000, durationMonths), 'yyyy-MM-dd');
}

/** Minor units as the price field shows them: 1250 -> "12.50". */
export const toPriceInput = (minor: number) => (minor / 100).toFixed(2);

/** A typed price in major units ("12.5", "12.50", "0") as minor units, or null when it is not one. */
export function fromPriceInput(value: string): number | null {
  const text = value.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The plan's price of `clicks` (priceOf), or why that quantity cannot be bought on it. */
export function suggestedPrice(plan: Pick<Plan, 'calculator' | 'pricing'>, clicks: number): { price: number } | { problem: string } {
  const problem = quantityProblem(plan.pricing, clicks);
  return problem ? { problem } : { price: priceOf(plan.calculator, plan.pricing, clicks) };
}

/** What the bundle form holds, as typed. */
export type BundleFields = { clicks: string; start: string; end: string; price: string };
export type FieldProblems = Partial<Record<keyof BundleFields | 'planId', string>>;

/** The typed values as numbers, with a message (contract/shared/catalogueRules.ts) for each that is not acceptable. */
export function readFields(fields: BundleFields) {
  const clicks = /^\d{1,10}$/.test(fields.clicks.trim()) ? Number(fields.clicks.trim()) : null;
  const startDate = fromDateInput(fields.start);
  const endDate = fromDateInput(fields.end);
  const price = fromPriceInput(fields.price);
  const problems: FieldProblems = {};
  if (clicks === null || clicks < 1) problems.clicks = bundleMessages.clicks;
  if (startDate === null) problems.start = bundleMessages.date;
  if (endDate === null) problems.end = bundleMessages.date;
  else if (startDate !== null && endDate <= startDate) problems.end = bundleMessages.endBeforeStart;
  if (price === null) problems.price = bundleMessages.price;
  return { values: { clicks: clicks ?? 0, startDate: startDate ?? 0, endDate: endDate ?? 0, price: price ?? 0 }, problems };
}

/** POST /bundles: everything the form shows, as it shows it. */
export function createBody(planId: number, fields: BundleFields): { body: BundleInput; problems: FieldProblems } {
  const { values, problems } = readFields(fields);
  return { body: { planId, ...values }, problems };
}

/**
 * PUT /bundles: only what was changed. The start date above all: the server drops one of zero or
 * less (spec section 5) and keeps the bundle's own, so an unchanged start is not sent at all; and an
 * unchanged end date is not rounded to the day the date input shows.
 */
export function updateBody(bundle: Bundle, fields: BundleFields): { body: BundleUpdate; problems: FieldProblems } {
  const { values, problems } = readFields(fields);
  const body: BundleUpdate = {};
  if (values.clicks !== bundle.clicks) body.clicks = values.clicks;
  if (fields.start !== toDateInput(bundle.startDate)) body.startDate = values.startDate;
  if (fields.end !== toDateInput(bundle.endDate)) body.endDate = values.endDate;
  if (values.price !== bundle.price) body.price = values.price;
  // An end date checked against the bundle's own start when the start is not changed.
  if (!problems.end && body.endDate !== undefined && body.startDate === undefined && values.endDate <= bundle.startDate) problems.end = bundleMessages.endBeforeStart;
  return { body, problems };
}

/** The fields of a bundle being edited, as the form first shows them. */
export const fieldsOf = (bundle: Bundle): BundleFields => ({
  clicks: String(bundle.clicks),
  start: toDateInput(bundle.startDate),
  end: toDateInput(bundle.endDate),
  price: toPriceInput(bundle.price),
});
