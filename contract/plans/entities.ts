import { z } from 'zod';
import { calculators, dqServices, maxClicks, maxPricePer1000, subscriptionStatuses } from '../shared/catalogue';
import { creditNote } from '../shop/entities';
import { territory } from '../users/entities';
import { renewalRefusals } from '../shared/shop';

// The catalogue and subscriptions of spec section 3 (Plan, Filter, Comparison, Account plan,
// Subscription usage summary) as the plans manager returns them. Timestamps are seconds since the
// epoch; money is integer minor units (pence or cents) in the plan's territory's currency.

const seconds = z.number().int();
const rowId = z.number().int();

export const dqService = z.enum(dqServices);
export const calculator = z.enum(calculators);

/** One price tier (contract/shared/catalogue.ts PriceTier): clicks fromClicks..toClicks at pricePer1000. */
export const priceTier = z.object({
  fromClicks: z.number().int('Clicks must be whole numbers').min(1, 'Clicks start at 1').max(maxClicks),
  toClicks: z.number().int('Clicks must be whole numbers').min(1).max(maxClicks).nullable(),
  pricePer1000: z.number().int('Prices are whole minor units (pence or cents)').min(0, 'Prices cannot be negative').max(maxPricePer1000),
});

/** A dataset: the reference data one service answers from (PAF, G-NAF, a bank code table...). */
export const dataset = z.object({
  datasetId: rowId,
  /** The dataset's name. */
  dataset: z.string(),
  /** A short unique code (PAF, GNAF, EMAIL...) shown on plans and subscriptions. */
  datasetRef: z.string(),
  service: dqService,
  description: z.string(),
  /** How many plans use it: a dataset in use cannot be deleted. */
  planCount: z.number().int(),
  createdDate: seconds,
  createdBy: rowId.nullable(),
  updatedDate: seconds,
  updatedBy: rowId.nullable(),
});
export type Dataset = z.infer<typeof dataset>;

/** Spec section 3, Filter: a category the shop files the plan under. */
export const planFilter = z.object({
  filterId: rowId,
  planId: rowId,
  description: z.string(),
  category: z.string(),
  displayOrder: z.number().int(),
});
export type PlanFilter = z.infer<typeof planFilter>;

/** Spec section 3, Comparison: a line of the shop's plan comparison. */
export const planComparison = z.object({
  comparisonId: rowId,
  planId: rowId,
  description: z.string(),
  displayOrder: z.number().int(),
});
export type PlanComparison = z.infer<typeof planComparison>;

/** Spec section 3, Plan. */
export const plan = z.object({
  planId: rowId,
  /** The plan's name. */
  plan: z.string(),
  description: z.string(),
  datasetId: rowId,
  dataset: z.string(),
  datasetRef: z.string(),
  service: dqService,
  /** How long a bundle of this plan lasts, in months. */
  duration: z.number().int(),
  /** When the plan can be bought: from availableStart, until availableEnd (null: no end). */
  availableStart: seconds,
  availableEnd: seconds.nullable(),
  calculator,
  pricing: z.array(priceTier),
  /** The pricing in words, derived from calculator and pricing (formulaOf). */
  formula: z.string(),
  createdDate: seconds,
  createdBy: rowId.nullable(),
  updatedDate: seconds,
  updatedBy: rowId.nullable(),
  territory,
  /** Whether a customer may try the plan's service with test clicks before buying. */
  allowTest: z.boolean(),
  displayOrder: z.number().int(),
  planFilter: z.array(planFilter),
  planComparison: z.array(planComparison),
  /** A newer plan replaces this one: it is no longer sold; existing subscriptions keep working. */
  deprecated: z.boolean(),
  deprecatedByPlan: z.string().nullable(),
  deprecatedByPlanId: rowId.nullable(),
  /** How many accounts subscribe to it: a plan in use cannot be deleted. */
  subscriptionCount: z.number().int(),
});
export type Plan = z.infer<typeof plan>;

/** A block of clicks of one plan for one account, valid from startDate to endDate. */
export const bundle = z.object({
  bundleId: rowId,
  accountId: rowId,
  planId: rowId,
  plan: z.string(),
  clicks: z.number().int(),
  usedClicks: z.number().int(),
  remainingClicks: z.number().int(),
  /** What the account paid, minor units of the plan's territory's currency; 0 for a free bundle. */
  price: z.number().int(),
  startDate: seconds,
  endDate: seconds,
  /** staff: made by sales or admin; shop: bought; renewal: automatic renewal. */
  source: z.enum(['staff', 'shop', 'renewal']),
  createdDate: seconds,
  createdBy: rowId.nullable(),
  /** The paid invoice that bought it (UK-000002); null for a bundle staff gave without one. */
  invoiceNumber: z.string().nullable().optional(),
  /** When staff ended it early (its clicks are spent no more); null while it runs its course. */
  endedAt: seconds.nullable().optional(),
  /** Why staff ended it, in their words. */
  endReason: z.string().nullable().optional(),
  /** The credit note that settled it against the invoice. */
  creditNote: creditNote.nullable().optional(),
});
export type Bundle = z.infer<typeof bundle>;

/**
 * Spec section 3, Subscription usage summary with Account plan's endDate and estimatedExpiryDate:
 * one per plan the account subscribes to. The period is the last periodDays days; the change is
 * against the period before it, in per cent (null when nothing was used then).
 */
export const accountPlan = z.object({
  service: dqService,
  plan: z.string(),
  planId: rowId,
  datasetRef: z.string(),
  territory,
  /** The latest end date of the bundles not yet ended; null when none is left. */
  endDate: seconds.nullable(),
  /** When the clicks run out at the period's average rate, or the end date if that comes first. */
  estimatedExpiryDate: seconds.nullable(),
  remainClicks: z.number().int(),
  /** Clicks per day over the period. */
  averageClicks: z.number(),
  clicksConsumedInPeriod: z.number().int(),
  clickConsumptionChange: z.number().nullable(),
  periodDays: z.number().int(),
  status: z.enum(subscriptionStatuses),
  subscription: z.object({
    /** Clicks bought on each automatic renewal; 0: no automatic renewal. */
    clicks: z.number().int(),
    /** Price of one renewal in minor units. */
    price: z.number().int(),
    /** When the next renewal is expected (clicks running out or the end date); null without renewal. */
    estimatedRenewalDate: seconds.nullable(),
    enabled: z.boolean(),
    /** One renewal's price with tax, as the saved card is charged; 0 without renewal. */
    total: z.number().int(),
    /** The account's monthly cap on automatic renewals (tax included); null: no cap. */
    monthlyCap: z.number().int().nullable(),
    /** What will stop the next renewal; null when it will be made or the subscription does not renew. */
    obstacle: z.enum(['plan', 'card', 'cap']).nullable(),
    /** The last automatic renewal, made or refused, and when; null before the first. */
    lastOutcome: z.object({ result: z.enum(['renewed', ...renewalRefusals]), date: seconds }).nullable(),
  }),
  deprecated: z.boolean(),
  deprecatedByPlan: z.string().nullable(),
  /** Text, as spec section 3 writes it. */
  deprecatedByPlanId: z.string().nullable(),
  /** Newest first (bundleId descending). */
  bundles: z.array(bundle),
  /** The plan allows free test calls (contract/shared/testCalls.ts). */
  allowTest: z.boolean().optional(),
  /** Test calls made in the period (free: not in clicksConsumedInPeriod). */
  testCallsInPeriod: z.number().int().optional(),
});
export type AccountPlan = z.infer<typeof accountPlan>;
