import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { id } from '../fields';
import { usagePeriods, usageRangeProblem, type UsagePeriod } from '../shared/usage';
import { allTokensUsageReport, countryUsageReport, planUsageReport, tokenUsageReport } from './entities';

// The four usage calls of spec section 7 (service plans, bearer; owners of the account and staff).
// Dates are seconds since the epoch (spec section 9); the range covers the bucket holding fromDate
// through the bucket holding toDate, so monthly snaps as spec section 5 says. A range that ends
// before it starts, or spans more than usageHistoryMonths, is refused here with 400.

/** 9999-12-31T23:59:59Z: beyond it no calendar arithmetic is meaningful. */
const latest = 253_402_300_799;
export const date = (name: string) =>
  z.coerce.number(`${name} is a date in seconds since 1970`).int(`${name} is whole seconds`).min(0, `${name} cannot be before 1970`).max(latest, `${name} is too far ahead`);

const period = z.enum(usagePeriods, `The period is one of ${usagePeriods.join(', ')}`).default('monthly');

type Range = { fromDate: number; toDate: number; period?: UsagePeriod };
export const inRange = <T extends Range>(value: T, ctx: z.RefinementCtx<T>) => {
  const problem = usageRangeProblem(value.fromDate, value.toDate, value.period ?? 'daily');
  if (problem) ctx.addIssue({ code: 'custom', path: ['toDate'], message: problem });
};

const range = { accountId: id, fromDate: date('fromDate'), toDate: date('toDate') };

/** GET /account/plans/usage ?accountId, planId, period, fromDate, toDate. No planId: every subscription of the account. */
export const planUsageQuery = z.object({ ...range, planId: id.optional(), period }).superRefine(inRange);
export const planUsage = { query: planUsageQuery, response: planUsageReport } satisfies CallShape;

/** GET /account/tokens/allusage ?accountId, period, fromDate, toDate. */
export const allTokensUsageQuery = z.object({ ...range, period }).superRefine(inRange);
export const allTokensUsage = { query: allTokensUsageQuery, response: allTokensUsageReport } satisfies CallShape;

/** GET /account/tokens/usage ?accountId, tokenTag, period, fromDate, toDate. A tag the account never had is 404. */
export const tokenUsageQuery = z
  .object({ ...range, tokenTag: z.string().trim().min(1, 'Choose a token tag').max(60, 'A token tag is at most 60 characters'), period })
  .superRefine(inRange);
export const tokenUsage = { query: tokenUsageQuery, response: tokenUsageReport } satisfies CallShape;

/** GET /account/plans/usage/countries ?accountId, planId, fromDate, toDate: whole days (no period). No planId: every plan. */
export const countryUsageQuery = z.object({ ...range, planId: id.optional() }).superRefine(inRange);
export const countryUsage = { query: countryUsageQuery, response: countryUsageReport } satisfies CallShape;
