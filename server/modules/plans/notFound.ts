import { notFound } from '../../errors';
import { isRowId } from '../access/index';

// The words of a plans-manager row that is not there.

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
