import { dqServiceLabels } from '../../../contract/shared/catalogue';
import type { UsagePeriod } from '../../../contract/shared/usage';
import type { UsageBucket } from '../../../contract/usage/entities';
import { bucketLabel, bucketTick, fillBuckets } from '../../shared/charts/buckets';
import type { ChartSeries } from '../../shared/charts/UsageChart';
import type { UsageColumn } from '../../shared/charts/UsageTable';
import { formatCount } from '../../../contract/shared/numbers';

// From a report to a chart and its table: one series (and one table column) per subject (plan or
// token), one row per period with the server's total across subjects. No sums here: every number
// comes from the server's grouping sets, so the table, the chart and the CSV agree with it.

export type Subject = { key: string; label: string; clicks: number; usage: readonly UsageBucket[] };
export type PeriodRow = { period: number; values: number[]; total: number };

export function overTime(periods: readonly number[], period: UsagePeriod, subjects: readonly Subject[], across: readonly UsageBucket[], clicks: number) {
  const filled = subjects.map((s) => fillBuckets(periods, s.usage));
  const totals = fillBuckets(periods, across);
  const rows: PeriodRow[] = periods.map((p, i) => ({ period: p, values: filled.map((values) => values[i]), total: totals[i] }));
  const series: ChartSeries[] = subjects.map((s, i) => ({ label: s.label, values: filled[i] }));
  const columns: UsageColumn<PeriodRow>[] = [
    { header: 'Period', value: (r) => bucketLabel(r.period, period) },
    ...subjects.map((s, i) => ({ header: s.label, value: (r: PeriodRow) => r.values[i], total: s.clicks })),
    ...(subjects.length > 1 ? [{ header: 'Total', value: (r: PeriodRow) => r.total, total: clicks }] : []),
  ];
  return {
    rows,
    series,
    columns,
    ticks: periods.map((p) => bucketTick(p, period)),
    labels: periods.map((p) => bucketLabel(p, period)),
  };
}

export const planLabel = (p: { plan: string; service: keyof typeof dqServiceLabels }) => `${p.plan} (${dqServiceLabels[p.service]})`;

/** "Clicks per month from 01/09/2026 to 30/11/2026 for 2 plans: 1,234 in all, most in October 2026." */
export function describeOverTime(what: string, rangeWords: string, period: UsagePeriod, rows: readonly PeriodRow[], clicks: number): string {
  const unit = { daily: 'day', weekly: 'week', monthly: 'month' }[period];
  if (clicks === 0) return `Line chart of clicks per ${unit} ${rangeWords} ${what}: no clicks were used.`;
  const busiest = rows.reduce((best, r) => (r.total > best.total ? r : best), rows[0]);
  return `Line chart of clicks per ${unit} ${rangeWords} ${what}: ${formatCount(clicks)} in all, the most (${formatCount(busiest.total)}) in ${bucketLabel(busiest.period, period)}.`;
}
