import { accessRefusals, isAdminUser } from '../../../contract/shared/access';
import { forbidden, notFound } from '../../errors';
import type { Actor } from '../groups/access';
import { isRowId } from '../groups/access';

// What the plans manager's services share: the role checks of calls that concern no group, the
// words of a missing row, and calendar arithmetic.

/** Datasets, plans, filters and comparisons are written by admin and super only (spec section 6). */
export function assertAdmin(actor: Actor): void {
  if (!isAdminUser(actor)) throw forbidden(accessRefusals.adminOnly);
}

export const missing = {
  dataset: () => notFound('Dataset not found'),
  plan: () => notFound('Plan not found'),
  filter: () => notFound('Filter not found'),
  comparison: () => notFound('Comparison not found'),
  bundle: () => notFound('Bundle not found'),
  subscription: () => notFound('This account has no subscription to this plan'),
};

/** Ids are int4 columns: a larger number is no row, answered as such rather than as a database error. */
export function assertRowId(id: number, notFoundError: () => Error): void {
  if (!isRowId(id)) throw notFoundError();
}

export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

const day = 86_400;

/** Seconds at the UTC midnight starting the day of `seconds`. */
export const dayOf = (seconds: number) => Math.floor(seconds / day) * day;

/**
 * `months` calendar months after `seconds`, in UTC, at the same time of day; a day the target month
 * lacks becomes its last day (31 January + 1 month = 28 or 29 February), as a customer would expect.
 */
export function addMonths(seconds: number, months: number): number {
  const from = new Date(seconds * 1000);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const to = Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds());
  return to / 1000;
}
