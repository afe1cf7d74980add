import { z } from 'zod';
import type { CallShape } from '../endpoint';
import { flag, id } from '../fields';
import { calculators, dqServices, maxClicks, tierProblem } from '../shared/catalogue';
import {
  bundleMessages,
  catalogueLimits as limits,
  catalogueMessages as messages,
  datasetRefPattern,
  endReasonMaxLength,
  endReasonMessages,
} from '../shared/catalogueRules';
import { creditNoteKinds } from '../shared/shop';
import { parseTerritory } from '../shared/territory';
import { textRequired, textTooLong } from '../shared/text';
import { message } from '../users/schemas';
import { accountPlan, bundle, dataset, plan, planComparison, planFilter, priceTier } from './entities';

// Calls of the plans manager (spec section 7) served under /api/plans. Writes to the catalogue are
// for admin and super; bundles for admin, super and sales; reads for any validated user (the shop
// shows the catalogue), with unavailable and deprecated plans for staff only.

/** GET /account/candelete ?accountId (plans manager): true when nothing hangs below the account. */
export const accountIdQuery = z.object({ accountId: id });
export const canDelete = z.boolean();
export const canDeleteAccount = { query: accountIdQuery, response: canDelete } satisfies CallShape;

// Limits and messages from contract/shared/catalogueRules.ts and text.ts, which the SPA's forms check with.
const text = (what: string, max: number) => z.string().trim().min(1, textRequired(what)).max(max, textTooLong(what, max));
const displayOrder = z.number().int('The display order is a whole number').min(0).max(limits.maxDisplayOrder);
/** Seconds since the epoch, as the server's timestamps are (spec section 9). */
const seconds = z.number().int('Dates are whole seconds').min(0, messages.before1970);

/** Territory names of spec section 5: uk, united kingdom, australia, aus; others 'Unknown territory'. */
export const territoryName = z.string().transform((name, ctx) => {
  try {
    return parseTerritory(name);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Unknown territory' });
    return z.NEVER;
  }
});

// ---- Datasets ----------------------------------------------------------------------------------

export const datasetIdQuery = z.object({ datasetId: id });
export const datasetsQuery = z.object({ datasetId: id.optional(), service: z.enum(dqServices).optional() });
const datasetFields = {
  dataset: text('A name', limits.name),
  datasetRef: z.string().trim().toUpperCase().regex(datasetRefPattern, messages.datasetRef),
  service: z.enum(dqServices, messages.serviceRequired),
  description: z.string().trim().max(limits.description),
};
export const datasetInput = z.object({ ...datasetFields, description: datasetFields.description.default('') }).strict();
// No defaults in an update: a field left out keeps its stored value (a default would overwrite it).
export const datasetUpdate = z.object(datasetFields).partial().strict();

export const listDatasets = { query: datasetsQuery, response: z.array(dataset) } satisfies CallShape;
/** Answers 201 Created. */
export const createDataset = { body: datasetInput, response: dataset } satisfies CallShape;
export const updateDataset = { query: datasetIdQuery, body: datasetUpdate, response: dataset } satisfies CallShape;
/** Refused (409) while a plan uses the dataset. */
export const deleteDataset = { query: datasetIdQuery, response: message } satisfies CallShape;

// ---- Plans -------------------------------------------------------------------------------------

export const planIdQuery = z.object({ planId: id });
export const plansQuery = z.object({
  planId: id.optional(),
  datasetId: id.optional(),
  service: z.enum(dqServices).optional(),
  territory: territoryName.optional(),
  /** Staff only: plans outside their availability window and deprecated plans too. */
  all: flag,
});

const planFields = {
  plan: text('A name', limits.name),
  description: z.string().trim().max(limits.description).default(''),
  datasetId: z.number().int().positive(messages.datasetRequired),
  duration: z.number().int(messages.durationWhole).min(1, messages.durationMin).max(limits.maxDuration, messages.durationMax),
  availableStart: seconds,
  availableEnd: seconds.nullable().default(null),
  calculator: z.enum(calculators).default('volume'),
  pricing: z.array(priceTier).min(1, 'A plan needs at least one price tier').max(20, 'A plan has at most 20 price tiers'),
  territory: territoryName,
  allowTest: z.boolean().default(false),
  displayOrder: displayOrder.default(0),
  /** The newer plan that replaces this one; null: not deprecated. */
  deprecatedByPlanId: z.number().int().positive().nullable().default(null),
};

type PlanRules = { availableStart?: number; availableEnd?: number | null; pricing?: z.infer<typeof priceTier>[] };
/** The rules across fields, also run by the server on an update merged with the stored plan. */
export function planProblems(p: PlanRules): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (p.availableEnd != null && p.availableStart != null && p.availableEnd <= p.availableStart)
    problems.push({ path: 'availableEnd', message: messages.window });
  const tiers = p.pricing && tierProblem(p.pricing);
  if (tiers) problems.push({ path: 'pricing', message: tiers });
  return problems;
}
const withPlanRules = <T extends PlanRules>(value: T, ctx: z.RefinementCtx<T>) => {
  // A field its own schema refused already (a negative price) is not refused again in other words.
  const refused = new Set(ctx.issues.map((issue) => String(issue.path?.[0])));
  for (const p of planProblems(value)) if (!refused.has(p.path)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};

export const planInput = z.object(planFields).strict().superRefine(withPlanRules);
/** An update changes the fields it carries; the server checks the merged plan with planProblems. */
export const planUpdate = z
  .object({
    plan: planFields.plan,
    description: z.string().trim().max(limits.description),
    datasetId: planFields.datasetId,
    duration: planFields.duration,
    availableStart: seconds,
    availableEnd: seconds.nullable(),
    calculator: z.enum(calculators),
    pricing: planFields.pricing,
    territory: territoryName,
    allowTest: z.boolean(),
    displayOrder,
    deprecatedByPlanId: z.number().int().positive().nullable(),
  })
  .partial()
  .strict()
  .superRefine(withPlanRules);

export const listPlans = { query: plansQuery, response: z.array(plan) } satisfies CallShape;
/** Answers 201 Created. */
export const createPlan = { body: planInput, response: plan } satisfies CallShape;
export const updatePlan = { query: planIdQuery, body: planUpdate, response: plan } satisfies CallShape;
/** Refused (409) while an account subscribes to the plan. */
export const deletePlan = { query: planIdQuery, response: message } satisfies CallShape;

// ---- Filters and comparisons (spec section 7: body description, category, displayOrder) ----------

export const filterIdQuery = z.object({ filterId: id });
export const comparisonIdQuery = z.object({ comparisonId: id });
const filterFields = { description: text('A description', limits.itemText), category: text('A category', limits.category), displayOrder };
const comparisonFields = { description: text('A description', limits.itemText), displayOrder };
export const filterInput = z.object({ ...filterFields, displayOrder: displayOrder.default(0) }).strict();
export const comparisonInput = z.object({ ...comparisonFields, displayOrder: displayOrder.default(0) }).strict();
// As for datasets: an update without defaults, so a field left out keeps its value.
export const filterUpdate = z.object(filterFields).partial().strict();
export const comparisonUpdate = z.object(comparisonFields).partial().strict();

export const listFilters = { query: planIdQuery, response: z.array(planFilter) } satisfies CallShape;
/** Answers 201 Created. */
export const createFilter = { query: planIdQuery, body: filterInput, response: planFilter } satisfies CallShape;
export const updateFilter = { query: filterIdQuery, body: filterUpdate, response: planFilter } satisfies CallShape;
export const deleteFilter = { query: filterIdQuery, response: message } satisfies CallShape;

export const listComparisons = { query: planIdQuery, response: z.array(planComparison) } satisfies CallShape;
/** Answers 201 Created. */
export const createComparison = { query: planIdQuery, body: comparisonInput, response: planComparison } satisfies CallShape;
export const updateComparison = { query: comparisonIdQuery, body: comparisonUpdate, response: planComparison } satisfies CallShape;
export const deleteComparison = { query: comparisonIdQuery, response: message } satisfies CallShape;

// ---- Account plans, bundles and subscriptions ---------------------------------------------------

/** GET /account/plans ?accountId: the account's subscriptions (owner of the account, or staff). */
export const listAccountPlans = { query: accountIdQuery, response: z.array(accountPlan) } satisfies CallShape;

const clicks = z.number().int('Clicks are a whole number').min(1, 'A bundle holds at least 1 click').max(maxClicks);
/** POST /bundles ?organisationId, accountId (staff). */
export const createBundleQuery = z.object({ organisationId: id, accountId: id });
export const bundleInput = z
  .object({
    planId: z.number().int().positive(bundleMessages.planRequired),
    clicks,
    /** Absent: now. */
    startDate: seconds.optional(),
    /** Absent: the start date plus the plan's duration. */
    endDate: seconds.optional(),
    /** Absent: the plan's price for the clicks; 0 for a free bundle. */
    price: z.number().int('Prices are whole minor units (pence or cents)').min(0, 'Prices cannot be negative').optional(),
  })
  .strict()
  .refine((b) => b.endDate === undefined || b.startDate === undefined || b.endDate > b.startDate, {
    path: ['endDate'],
    message: bundleMessages.endBeforeStart,
  });
/**
 * PUT /bundles ?bundleId (staff). A start date of zero or less is dropped (spec section 5), so the
 * bundle keeps the one it has.
 */
export const bundleIdQuery = z.object({ bundleId: id });
export const bundleUpdate = z
  .object({
    clicks,
    startDate: z.number().int('Dates are whole seconds'),
    endDate: seconds,
    price: z.number().int('Prices are whole minor units (pence or cents)').min(0, 'Prices cannot be negative'),
  })
  .partial()
  .strict()
  .transform(({ startDate, ...rest }) => (startDate !== undefined && startDate > 0 ? { ...rest, startDate } : rest));

/** Answers 201 Created. */
export const createBundle = { query: createBundleQuery, body: bundleInput, response: bundle } satisfies CallShape;
export const updateBundle = { query: bundleIdQuery, body: bundleUpdate, response: bundle } satisfies CallShape;
/** Refused (409) once clicks of the bundle are used, or once it is paid for: end it instead. */
export const deleteBundle = { query: bundleIdQuery, response: message } satisfies CallShape;

/**
 * POST /bundles/end ?bundleId (ours; admin and super): ends a paid bundle now with a reason, and
 * issues a credit note against its invoice. `amount` is the net credited in minor units; absent, the
 * unused clicks' share of the price (contract/shared/shop.ts unusedShare).
 */
export const endBundleInput = z
  .object({
    reason: z.string(endReasonMessages.required).trim().min(1, endReasonMessages.required).max(endReasonMaxLength, endReasonMessages.tooLong),
    kind: z.enum(creditNoteKinds, 'Choose a refund or a credit note'),
    amount: z.number('The amount must be a number').int('The amount is whole minor units (pence or cents)').min(0, 'The amount cannot be negative').optional(),
  })
  .strict();
export const endBundle = { query: bundleIdQuery, body: endBundleInput, response: bundle } satisfies CallShape;

/** DELETE /payment/subscription ?accountId, planId: calls are refused and it does not renew. */
export const subscriptionQuery = z.object({ accountId: id, planId: id });
export const disableSubscription = { query: subscriptionQuery, response: message } satisfies CallShape;
/**
 * PUT /payment/subscription ?accountId, planId, clicks with basic credentials (the owner types the
 * password again): enables it, renewing clicks at a time (0: no automatic renewal).
 */
export const enableSubscriptionQuery = subscriptionQuery.extend({ clicks: z.coerce.number().int().min(0).max(maxClicks).default(0) });
export const enableSubscription = { query: enableSubscriptionQuery, response: message } satisfies CallShape;
