// The plan form's values as typed, checked by the rules of contract/plans/schemas.ts (planInput and
// planProblems: their limits and messages are contract/shared/catalogueRules.ts) and turned into the
// body the server takes.

import { calculators, type Calculator } from '../../../contract/shared/catalogue';
import { territories, type Territory } from '../../../contract/shared/territory';
import type { Plan, PlanBody } from '../../api/plans';
import { dateInputValue, secondsOfDateInput } from '../../shared/format';
import {
  catalogueLimits as limits,
  catalogueMessages as messages,
  displayOrderProblem,
  durationProblem,
} from '../../../contract/shared/catalogueRules';
import { optionalTextProblem, textProblem } from '../../../contract/shared/text';
import { chosenId, displayOrderOf, firstProblem } from './rules';
import { readTiers, type TierDraft } from './tiers';

export const planFieldOrder = [
  'plan',
  'description',
  'datasetId',
  'duration',
  'availableStart',
  'availableEnd',
  'territory',
  'calculator',
  'displayOrder',
  'pricing',
] as const;
export type PlanField = (typeof planFieldOrder)[number];
export type PlanErrors = Partial<Record<PlanField, string | null>>;

export const calculatorOf = (value: string): Calculator => calculators.find((c) => c === value) ?? 'volume';
export const territoryOf = (value: string): Territory | undefined => territories.find((t) => t === value);

/** A day typed in a date input: its seconds, or why not (blank is allowed where `optional`). */
function dayOf(text: string, optional: boolean): { seconds: number | null; problem: string | null } {
  if (!text.trim()) return { seconds: null, problem: optional ? null : messages.startRequired };
  const seconds = secondsOfDateInput(text);
  if (seconds === null) return { seconds: null, problem: messages.notADay };
  return seconds < 0 ? { seconds: null, problem: messages.before1970 } : { seconds, problem: null };
}

/** A day left as it was keeps its exact time (a seeded plan's window need not start at midnight). */
function keep(day: { seconds: number | null; problem: string | null }, text: string, was: number | null | undefined) {
  return was != null && day.seconds !== null && text.trim() === dateInputValue(was) ? { ...day, seconds: was } : day;
}

/** The body of a new or changed plan (`original`), or the message of every field with a problem. */
export function readPlan(
  v: Record<string, string>,
  drafts: readonly TierDraft[],
  original?: Pick<Plan, 'availableStart' | 'availableEnd'>,
): { body: PlanBody; errors: null } | { body: null; errors: PlanErrors } {
  const start = keep(dayOf(v.availableStart ?? '', false), v.availableStart ?? '', original?.availableStart);
  const end = keep(dayOf(v.availableEnd ?? '', true), v.availableEnd ?? '', original?.availableEnd);
  const tiers = readTiers(drafts);
  const datasetId = chosenId(v.datasetId);
  const territory = territoryOf(v.territory ?? '');
  const errors: PlanErrors = {
    plan: textProblem(v.plan ?? '', 'A name', limits.name),
    description: optionalTextProblem(v.description ?? '', 'A description', limits.description),
    datasetId: datasetId ? null : messages.datasetRequired,
    duration: durationProblem(v.duration ?? ''),
    availableStart: start.problem,
    availableEnd: end.problem ?? (start.seconds !== null && end.seconds !== null && end.seconds <= start.seconds ? messages.window : null),
    territory: territory ? null : messages.territoryRequired,
    displayOrder: displayOrderProblem(v.displayOrder ?? ''),
    pricing: tiers.problem,
  };
  if (firstProblem(planFieldOrder, errors) || !datasetId || !territory || start.seconds === null || !tiers.tiers) return { body: null, errors };
  return {
    body: {
      plan: v.plan.trim(),
      description: (v.description ?? '').trim(),
      datasetId,
      duration: Number(v.duration.trim()),
      availableStart: start.seconds,
      availableEnd: end.seconds,
      calculator: calculatorOf(v.calculator ?? ''),
      pricing: tiers.tiers,
      territory,
      allowTest: v.allowTest === 'on',
      displayOrder: displayOrderOf(v.displayOrder ?? ''),
      deprecatedByPlanId: chosenId(v.deprecatedByPlanId) ?? null,
    },
    errors: null,
  };
}

/** What the form starts with: the plan being edited, or a new plan from today in the portal's territory. */
export function planDefaults(plan: Plan | undefined, territory: Territory, todaySeconds: number) {
  return {
    plan: plan?.plan ?? '',
    description: plan?.description ?? '',
    datasetId: plan ? String(plan.datasetId) : '',
    duration: String(plan?.duration ?? 12),
    availableStart: dateInputValue(plan?.availableStart ?? todaySeconds),
    availableEnd: plan?.availableEnd != null ? dateInputValue(plan.availableEnd) : '',
    territory: plan?.territory ?? territory,
    calculator: plan?.calculator ?? 'volume',
    allowTest: plan?.allowTest ?? false,
    displayOrder: String(plan?.displayOrder ?? 0),
    deprecatedByPlanId: plan?.deprecatedByPlanId ? String(plan.deprecatedByPlanId) : '',
  };
}
