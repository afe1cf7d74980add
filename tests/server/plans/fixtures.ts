// Shared by the plans tests: a valid body for a new plan.
import { day, twoTiers, unique } from '../support/catalogue';

/** A valid POST /plans body on the dataset. */
export const planBody = (datasetId: number, now: number, overrides: Record<string, unknown> = {}) => ({
  plan: unique('New plan'),
  description: 'Two tiers',
  datasetId,
  duration: 12,
  availableStart: now - day,
  pricing: twoTiers,
  territory: 'uk',
  ...overrides,
});
