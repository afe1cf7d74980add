// First: zod's compiled fast path off (see src/shared/zodJitless.ts).
import '../../shared/zodJitless';
import { z } from 'zod';
import { bucketStart, monthStart, snapRange, usagePeriods, usageRangeProblem, type UsagePeriod } from '../../../contract/shared/usage';
import type { ReportSearch } from '../../routing/params';
import { utcDate } from '../../shared/charts/buckets';

// The range of a report as the URL keeps it (?from=yyyy-mm-dd&to=yyyy-mm-dd&period=monthly), checked
// with zod: a value that is not a real day or period is never sent on. A period, plan or tag that is
// not one falls back to its default; a date that is not a date is said to be one, in the page's words.

const day = 86_400;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text));

export const reportSearchSchema = z.object({
  from: isoDay.optional().catch(undefined),
  to: isoDay.optional().catch(undefined),
  period: z.enum(usagePeriods).optional().catch(undefined),
  planId: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  tag: z.string().trim().min(1).max(60).optional().catch(undefined),
});
export type ReportParams = z.infer<typeof reportSearchSchema>;

/** Seconds at the UTC midnight of a yyyy-mm-dd day. */
export const secondsOfDay = (text: string) => Date.parse(`${text}T00:00:00Z`) / 1000;
/** The yyyy-mm-dd of the UTC day holding `seconds`. */
export const dayOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export type ResolvedRange = {
  period: UsagePeriod;
  /** What the user asked for: UTC midnights, to inclusive. */
  fromDate: number;
  toDate: number;
  /** After snapping to whole periods (spec section 5): toDate exclusive. */
  snapped: { fromDate: number; toDate: number };
  /** Why the server would refuse it; the page says so instead of asking. */
  problem: string | null;
};

/** How a date of the URL is shown: 2026-02-31 as the page writes dates (31/02/2026), anything else as it is, shortened. */
const asTyped = (text: string) => {
  const parts = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  return parts ? `${parts[3].padStart(2, '0')}/${parts[2].padStart(2, '0')}/${parts[1]}` : text.trim().slice(0, 30);
};

/** Why a from or to date of the URL cannot be used (it is not a date), or null. */
export function urlDateProblem(search: Pick<ReportSearch, 'from' | 'to'>): string | null {
  for (const which of ['from', 'to'] as const) {
    const text = search[which];
    if (text !== undefined && !isoDay.safeParse(text).success) {
      return `The ${which} date in this page's address, “${asTyped(String(text))}”, is not a date: choose the dates below (dd/mm/yyyy) and Apply.`;
    }
  }
  return null;
}

/**
 * The last three months (this one included) by month, unless the URL says otherwise. A date of the
 * URL that is not a date (`search`, as given) is the problem, before anything about the range.
 */
export function resolveRange(params: ReportParams, now: number, search: Pick<ReportSearch, 'from' | 'to'> = {}): ResolvedRange {
  const period = params.period ?? 'monthly';
  const today = bucketStart(now, 'daily');
  const fromDate = params.from ? secondsOfDay(params.from) : monthStart(now, 2);
  const toDate = params.to ? secondsOfDay(params.to) : today;
  const problem = urlDateProblem(search) ?? usageRangeProblem(fromDate, toDate, period);
  return { period, fromDate, toDate, snapped: snapRange(fromDate, toDate, period), problem };
}

/** "01/09/2026 to 30/11/2026": the snapped range with its last day inclusive, as the page prints it. */
export const rangeText = (snapped: { fromDate: number; toDate: number }) => `${utcDate(snapped.fromDate)} to ${utcDate(snapped.toDate - day)}`;

/** The quick picks of the range control: this month, last month, the last three months. */
export function quickPicks(now: number): { label: string; from: string; to: string }[] {
  const today = dayOfSeconds(now);
  return [
    { label: 'This month', from: dayOfSeconds(monthStart(now)), to: today },
    { label: 'Last month', from: dayOfSeconds(monthStart(now, 1)), to: dayOfSeconds(monthStart(now) - day) },
    { label: 'Last 3 months', from: dayOfSeconds(monthStart(now, 2)), to: today },
  ];
}

export function parseReportSearch(search: ReportSearch): ReportParams {
  return reportSearchSchema.parse(search);
}
