// The calendar of the usage reports, shared by the server (which snaps a range before summing) and
// the SPA (which prints the snapped dates and draws every bucket, empty ones too). No zod: plain
// arithmetic on seconds since the epoch in UTC, since usage_daily keeps UTC days.

/** Bucket sizes of the usage calls (spec section 9: "Plan usage period values include monthly"). */
export const usagePeriods = ['daily', 'weekly', 'monthly'] as const;
export type UsagePeriod = (typeof usagePeriods)[number];

export const usagePeriodLabels: Record<UsagePeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/**
 * How much usage history is kept and reported: a range may span at most this many months (after
 * snapping). The server refuses a longer one with 400; the SPA's range control offers no more.
 */
export const usageHistoryMonths = 24;

/** What a report calls usage that no API token made: calls from the portal's own pages. */
export const portalTokenTag = 'Portal';

const daySeconds = 86_400;

/** The start (seconds, UTC) of the bucket of `period` that holds `seconds`: a day, an ISO week (Monday) or a month. */
export function bucketStart(seconds: number, period: UsagePeriod): number {
  const day = Math.floor(seconds / daySeconds) * daySeconds;
  if (period === 'daily') return day;
  if (period === 'weekly') {
    // 1 January 1970 was a Thursday: days since a Monday are (days + 3) mod 7.
    const weekday = (((day / daySeconds + 3) % 7) + 7) % 7;
    return day - weekday * daySeconds;
  }
  const date = new Date(seconds * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: number, period: UsagePeriod): number {
  if (period === 'daily') return start + daySeconds;
  if (period === 'weekly') return start + 7 * daySeconds;
  const date = new Date(start * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
}

/**
 * The range a report covers: from the start of the bucket holding `fromDate` to the start of the
 * bucket after the one holding `toDate` (so `toDate` is inclusive). For monthly this is spec
 * section 5: the from date snaps to the month's start and the to date to the start of the
 * following month. The result's toDate is exclusive.
 */
export function snapRange(fromDate: number, toDate: number, period: UsagePeriod): { fromDate: number; toDate: number } {
  return { fromDate: bucketStart(fromDate, period), toDate: nextBucket(bucketStart(toDate, period), period) };
}

/** `months` calendar months after the month start `start` (a month start again). */
function addMonthStarts(start: number, months: number): number {
  const date = new Date(start * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()) / 1000;
}

/** Why a range cannot be reported, or null when it can (the server answers 400 with these words). */
export function usageRangeProblem(fromDate: number, toDate: number, period: UsagePeriod): string | null {
  if (toDate < fromDate) return 'The range ends before it starts: choose a to date on or after the from date';
  const snapped = snapRange(fromDate, toDate, period);
  // The snapped range may span usageHistoryMonths from its first day: 1 January to 31 December
  // of the following year is 24 months, one more day is not.
  const start = new Date(snapped.fromDate * 1000);
  const limit = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + usageHistoryMonths, start.getUTCDate()) / 1000;
  if (snapped.toDate > limit) return `A range may span at most ${usageHistoryMonths} months, the usage history kept`;
  return null;
}

/** The start of every bucket of the snapped range, oldest first (the x axis of a chart, empty buckets too). */
export function bucketStarts(range: { fromDate: number; toDate: number }, period: UsagePeriod): number[] {
  const starts: number[] = [];
  for (let start = bucketStart(range.fromDate, period); start < range.toDate; start = nextBucket(start, period)) starts.push(start);
  return starts;
}

/** The first day of the month holding `seconds`, and of the months before it: for "this month", "last month". */
export function monthStart(seconds: number, monthsBack = 0): number {
  return addMonthStarts(bucketStart(seconds, 'monthly'), -monthsBack);
}
