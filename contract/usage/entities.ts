import { z } from 'zod';
import { dqService } from '../plans/entities';
import { usagePeriods } from '../shared/usage';
import { territory } from '../users/entities';

// The usage reports of spec sections 3 and 7: Account plan's "Plan usage: period (seconds) plus
// counts", Token usage (tokenId, tokenTag, accountTokensUsage) and the consumed-against-remaining of
// the Subscription usage summary. Every number is summed by the database; a bucket is named by the
// seconds (UTC) its day, ISO week or month starts.

const seconds = z.number().int();
const rowId = z.number().int();
const clicks = z.number().int();

export const usagePeriod = z.enum(usagePeriods);

/** Clicks used in one bucket; buckets with no use are left out (the range's `periods` lists them all). */
export const usageBucket = z.object({ period: seconds, clicks });
export type UsageBucket = z.infer<typeof usageBucket>;

/** What every report over a range says about it: the range after snapping (toDate exclusive) and its buckets. */
const reportRange = {
  accountId: rowId,
  period: usagePeriod,
  /** The start of the first bucket (the month's start for monthly, spec section 5). */
  fromDate: seconds,
  /** The start of the bucket after the last one: exclusive (the start of the following month for monthly). */
  toDate: seconds,
  /** Every bucket start of the range, oldest first, used or not. */
  periods: z.array(seconds),
  /** Clicks used in the whole range. */
  clicks,
  /** Clicks per bucket across everything the report covers. */
  usage: z.array(usageBucket),
};

/** One subscription's use in the range, against what it has left now. */
export const planUsage = z.object({
  planId: rowId,
  plan: z.string(),
  service: dqService,
  datasetRef: z.string(),
  territory,
  /** Clicks consumed in the range. */
  clicks,
  /** Clicks left now in the bundles running now (the Subscription usage summary's remainClicks). */
  remainClicks: clicks,
  /** Whether calls on the plan are served (a disabled subscription is refused). */
  enabled: z.boolean(),
  usage: z.array(usageBucket),
  /** Free test calls in the range (contract/shared/testCalls.ts), never among the clicks. */
  testCalls: z.number().int().optional(),
});
export type PlanUsage = z.infer<typeof planUsage>;

/** GET /account/plans/usage: per plan (all the account's subscriptions, or the one asked for). */
export const planUsageReport = z.object({ ...reportRange, planId: rowId.nullable(), plans: z.array(planUsage), testCalls: z.number().int().optional() });
export type PlanUsageReport = z.infer<typeof planUsageReport>;

/**
 * Spec section 3, Token usage. tokenId null is the portal's own use (portalTokenTag, "Portal"); a
 * deleted token keeps its tag and its usage.
 */
export const tokenUsage = z.object({
  tokenId: rowId.nullable(),
  tokenTag: z.string(),
  deleted: z.boolean(),
  /** Locked by an owner: its calls are refused until it is unlocked. */
  locked: z.boolean(),
  /** Past its expiry date: its calls are refused. */
  expired: z.boolean(),
  /** Clicks the token used in the range. */
  clicks,
  accountTokensUsage: z.array(usageBucket),
});
export type TokenUsage = z.infer<typeof tokenUsage>;

/** GET /account/tokens/allusage: every token of the account (undeleted ones also when unused), and the portal's use. */
export const allTokensUsageReport = z.object({ ...reportRange, tokens: z.array(tokenUsage) });
export type AllTokensUsageReport = z.infer<typeof allTokensUsageReport>;

/** One plan's share of a token's use. */
export const tokenPlanUsage = planUsage.pick({ planId: true, plan: true, service: true, datasetRef: true, clicks: true, usage: true });
export type TokenPlanUsage = z.infer<typeof tokenPlanUsage>;

/**
 * GET /account/tokens/usage: one tag's use (every token that had the tag: a tag freed by a delete may
 * be given to a new token), over time and per plan.
 */
export const tokenUsageReport = z.object({
  ...reportRange,
  tokenTag: z.string(),
  tokenIds: z.array(rowId),
  /** Whether no token with the tag is in use now (all of them deleted). */
  deleted: z.boolean(),
  accountTokensUsage: z.array(usageBucket),
  plans: z.array(tokenPlanUsage),
});
export type TokenUsageReport = z.infer<typeof tokenUsageReport>;

/** Clicks of calls from one country (ISO 3166 code; '' when not known). */
export const countryUsage = z.object({ country: z.string(), clicks });
export type CountryUsage = z.infer<typeof countryUsage>;

/** GET /account/plans/usage/countries: whole days from fromDate to toDate, most clicks first. */
export const countryUsageReport = z.object({
  accountId: rowId,
  planId: rowId.nullable(),
  fromDate: seconds,
  toDate: seconds,
  clicks,
  countries: z.array(countryUsage),
});
export type CountryUsageReport = z.infer<typeof countryUsageReport>;
