import type { UsagePeriod } from '../../../contract/shared/usage';
import { formatCount } from '../../../contract/shared/numbers';

// Names of usage buckets (seconds at a UTC midnight) for axes, tables and CSV. In UTC, whatever the
// browser's zone: a bucket is a UTC day, ISO week or month (contract/shared/usage.ts).

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yyyy of a UTC day (spec section 9). */
export function utcDate(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** A bucket in full, for tables and CSV: "March 2028", "Week of 28/02/2028", "29/02/2028". */
export function bucketLabel(seconds: number, period: UsagePeriod): string {
  const d = new Date(seconds * 1000);
  if (period === 'monthly') return `${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  if (period === 'weekly') return `Week of ${utcDate(seconds)}`;
  return utcDate(seconds);
}

/** A bucket in short, for a chart's axis: "Mar 2028", "28/02". */
export function bucketTick(seconds: number, period: UsagePeriod): string {
  const d = new Date(seconds * 1000);
  if (period === 'monthly') return `${months[d.getUTCMonth()].slice(0, 3)} ${d.getUTCFullYear()}`;
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}`;
}

/** The clicks of each bucket of `periods`, 0 where `usage` has none (the server leaves unused buckets out). */
export function fillBuckets(periods: readonly number[], usage: readonly { period: number; clicks: number }[]): number[] {
  const byPeriod = new Map(usage.map((b) => [b.period, b.clicks]));
  return periods.map((p) => byPeriod.get(p) ?? 0);
}

/** Whole numbers as the portal writes them: 12,345. */
export const count = formatCount;
