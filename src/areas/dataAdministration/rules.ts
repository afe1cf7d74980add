// What the data administration forms read from their fields, before the checks of
// contract/shared/catalogueRules.ts (the limits and messages contract/plans/schemas.ts is built from).

import { dqServices, type DqService } from '../../../contract/shared/catalogue';

export const serviceOf = (value: string): DqService | undefined => dqServices.find((s) => s === value);

/** A blank display order is 0 (the server's default). */
export const displayOrderOf = (text: string) => Number(text.trim() || '0');

/** A positive id chosen in a select; undefined for the empty choice. */
export const chosenId = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** The first field with a problem, in the order the form shows them, for focus to go to. */
export function firstProblem<K extends string>(order: readonly K[], errors: Partial<Record<K, string | null>>): K | undefined {
  return order.find((k) => errors[k]);
}
