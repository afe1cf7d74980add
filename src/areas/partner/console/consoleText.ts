import { formatMoney } from '../../../../contract/shared/catalogue';
import { currencySymbols, territories, territoryLabels, type Territory } from '../../../../contract/shared/territory';
import type { ConsoleAccount, PartnerConsole } from '../../../api/leads';
import { bucketTick, utcDate } from '../../../shared/charts/buckets';
import type { ChartSeries } from '../../../shared/charts/UsageChart';

// The partner console's chart series, table rows and totals as pure functions (tests/views/partnerConsole.test.tsx).

/** The accounts drawn one by one; the rest are added up as "Other accounts", so the chart stays readable. */
export const chartedAccounts = 6;

/** An account as the chart and the table name it: "Northwind Retail UK (Northwind Retail)". */
export const accountLabel = (a: Pick<ConsoleAccount, 'accountName' | 'organisationName'>) => `${a.accountName} (${a.organisationName})`;

/** Clicks per day of the busiest accounts (and the others together), for the line chart. */
export function clickSeries(report: PartnerConsole): { ticks: string[]; labels: string[]; series: ChartSeries[] } {
  const ranked = [...report.accounts].sort((a, b) => b.clicks - a.clicks).filter((a) => a.clicks > 0);
  const shown = ranked.slice(0, chartedAccounts);
  const rest = ranked.slice(chartedAccounts);
  const perDay = (a: ConsoleAccount) => report.days.map((day) => a.days.find((d) => d.day === day)?.clicks ?? 0);
  const series: ChartSeries[] = shown.map((a) => ({ label: accountLabel(a), values: perDay(a) }));
  if (rest.length > 0) {
    const sums = rest.map(perDay);
    series.push({ label: `Other accounts (${rest.length})`, values: report.days.map((_, i) => sums.reduce((n, s) => n + s[i], 0)) });
  }
  return { ticks: report.days.map((d) => bucketTick(d, 'daily')), labels: report.days.map(utcDate), series };
}

/** Spend per day per currency, in major units (pounds, dollars): one series per territory with spend. */
export function spendSeries(report: PartnerConsole): ChartSeries[] {
  return territories
    .filter((t) => report.accounts.some((a) => a.territory === t && a.spend > 0))
    .map((t) => ({
      label: `${territoryLabels[t]} (${currencySymbols[t]})`,
      values: report.days.map((day) => report.accounts.filter((a) => a.territory === t).reduce((n, a) => n + (a.days.find((d) => d.day === day)?.spend ?? 0), 0) / 100),
    }));
}

/** The totals per currency in words: "£12.50 + A$3.00" (pounds and dollars never add up). */
export const spendTotalText = (totals: PartnerConsole['totals']) =>
  totals.filter((t) => t.spend > 0 || t.clicks > 0).map((t) => formatMoney(t.spend, t.territory)).join(' + ') || '—';

/** Spend in the CSV: major units with the currency code beside them. */
export const currencyCode = (territory: Territory) => (territory === 'uk' ? 'GBP' : 'AUD');
