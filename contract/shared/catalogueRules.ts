// The catalogue's input rules (datasets, plans, filters, comparisons, bundles) with no zod: the
// limits and messages contract/plans/schemas.ts builds its schemas from, and the checks the data
// administration and bundle forms run with them, so a form says what the server would, in its words.
import { formatCount } from './numbers';

export const catalogueLimits = {
  name: 100,
  description: 2000,
  itemText: 200,
  category: 100,
  maxDuration: 120,
  maxDisplayOrder: 100_000,
} as const;

export const catalogueMessages = {
  serviceRequired: 'Choose the service the dataset belongs to',
  datasetRef: 'A reference is 2 to 32 letters, digits, - or _',
  datasetRequired: 'Choose a dataset',
  territoryRequired: 'Choose a territory',
  durationWhole: 'The duration is whole months',
  durationMin: 'A plan lasts at least 1 month',
  durationMax: `A plan lasts at most ${catalogueLimits.maxDuration} months`,
  window: 'The availability window must end after it starts',
  startRequired: 'Choose the day the plan becomes available',
  notADay: 'Enter a day as dd/mm/yyyy',
  before1970: 'Dates cannot be before 1970',
  displayOrder: `The display order is a whole number from 0 to ${formatCount(catalogueLimits.maxDisplayOrder)}`,
} as const;

/** What the bundle forms say (the date and price fields as typed; the server words whole minor units). */
export const bundleMessages = {
  planRequired: 'Choose a plan',
  clicks: 'Clicks are a whole number of at least 1',
  price: 'Enter a price of zero or more, with at most two decimal places',
  date: 'Enter a date',
  endBeforeStart: 'A bundle must end after it starts',
} as const;

/** Ending a paid bundle early: the reason staff give, as contract/plans/schemas.ts endBundleInput words it. */
export const endReasonMaxLength = 500;
export const endReasonMessages = { required: 'Give the reason for ending the bundle', tooLong: `The reason is at most ${endReasonMaxLength} characters` } as const;
export function endReasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return endReasonMessages.required;
  return trimmed.length > endReasonMaxLength ? endReasonMessages.tooLong : null;
}

/** A dataset reference as the server stores it: trimmed and upper case, 2 to 32 letters, digits, - or _. */
export const datasetRefOf = (value: string) => value.trim().toUpperCase();
export const datasetRefPattern = /^[A-Z0-9][A-Z0-9_-]{1,31}$/;
export const datasetRefProblem = (value: string) => (datasetRefPattern.test(datasetRefOf(value)) ? null : catalogueMessages.datasetRef);

/** Whole months, 1 to 120, as typed. */
export function durationProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return catalogueMessages.durationWhole;
  const months = Number(trimmed);
  if (months < 1) return catalogueMessages.durationMin;
  return months > catalogueLimits.maxDuration ? catalogueMessages.durationMax : null;
}

/** A display order as typed: blank is 0 (the server's default). */
export function displayOrderProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d{1,6}$/.test(trimmed) && Number(trimmed) <= catalogueLimits.maxDisplayOrder ? null : catalogueMessages.displayOrder;
}
