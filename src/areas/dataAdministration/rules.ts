// The catalogue's input rules as contract/plans/schemas.ts states them (that module carries zod, which
// the SPA leaves out): the same limits and, where the schema words a message, the same words.
// tests/views/dataAdministration.test.tsx holds the two to each other.

import { dqServices, type DqService } from '../../../contract/shared/catalogue';

export const limits = { name: 100, description: 2000, itemText: 200, category: 100, maxDuration: 120, maxDisplayOrder: 100_000 } as const;

export const messages = {
  serviceRequired: 'Choose the service the dataset belongs to',
  datasetRef: 'A reference is 2 to 32 letters, digits, - or _',
  datasetRequired: 'Choose a dataset',
  durationWhole: 'The duration is whole months',
  durationMin: 'A plan lasts at least 1 month',
  durationMax: `A plan lasts at most ${limits.maxDuration} months`,
  window: 'The availability window must end after it starts',
  startRequired: 'Choose the day the plan becomes available',
  notADay: 'Enter a day as dd/mm/yyyy',
  before1970: 'Dates cannot be before 1970',
  displayOrder: `The display order is a whole number from 0 to ${limits.maxDisplayOrder.toLocaleString('en-GB')}`,
} as const;

/** Required text, trimmed, at most `max` characters: "A name is required", "A name is at most 100 characters". */
export function textProblem(value: string, what: string, max: number): string | null {
  const trimmed = value.trim();
  if (!trimmed) return `${what} is required`;
  return trimmed.length > max ? `${what} is at most ${max} characters` : null;
}

/** Optional text: only its length is checked. */
export const optionalTextProblem = (value: string, what: string, max: number) =>
  value.trim().length > max ? `${what} is at most ${max} characters` : null;

/** A dataset reference as the server stores it: trimmed and upper case. */
export const datasetRefOf = (value: string) => value.trim().toUpperCase();
export const datasetRefProblem = (value: string) => (/^[A-Z0-9][A-Z0-9_-]{1,31}$/.test(datasetRefOf(value)) ? null : messages.datasetRef);

export const serviceOf = (value: string): DqService | undefined => dqServices.find((s) => s === value);

/** Whole months, 1 to 120. */
export function durationProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return messages.durationWhole;
  const months = Number(trimmed);
  if (months < 1) return messages.durationMin;
  return months > limits.maxDuration ? messages.durationMax : null;
}

/** A blank display order is 0 (the server's default). */
export function displayOrderProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d{1,6}$/.test(trimmed) && Number(trimmed) <= limits.maxDisplayOrder ? null : messages.displayOrder;
}
export const displayOrderOf = (text: string) => Number(text.trim() || '0');

/** A positive id chosen in a select; undefined for the empty choice. */
export const chosenId = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** The first field with a problem, in the order the form shows them, for focus to go to. */
export function firstProblem<K extends string>(order: readonly K[], errors: Partial<Record<K, string | null>>): K | undefined {
  return order.find((k) => errors[k]);
}
