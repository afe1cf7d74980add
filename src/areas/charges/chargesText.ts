import { orderStatuses, type OrderStatus } from '../../../contract/shared/shop';
import { territories, type Territory } from '../../../contract/shared/territory';
import type { Cell } from '../../shared/csv';
import { formatDate, formatDateTime, secondsOfDateInput } from '../../shared/format';
import type { Charge } from '../../api/shop';
import type { ChargesSearch } from '../../routing/params';

// The staff charges page's filters, totals and series as pure functions (tests/views/chargesText.test.ts).

export type ChargeFilters = { from: string; to: string; status: OrderStatus | ''; territory: Territory | '' };
export type ChargesQuery = { fromDate?: number; toDate?: number; status?: OrderStatus; territory?: Territory };

const isStatus = (v: string | undefined): v is OrderStatus => orderStatuses.some((s) => s === v);
const isTerritory = (v: string | undefined): v is Territory => territories.some((t) => t === v);

/**
 * The filters in the address as the form shows them, the query they make, and what was not
 * understood (a day that does not exist, a range backwards): such a filter is left out and said.
 */
export function readFilters(search: ChargesSearch): { filters: ChargeFilters; query: ChargesQuery; problems: string[] } {
  const problems: string[] = [];
  const filters: ChargeFilters = { from: '', to: '', status: '', territory: '' };
  const query: ChargesQuery = {};
  const from = search.from ? secondsOfDateInput(search.from) : null;
  const to = search.to ? secondsOfDateInput(search.to) : null;
  if (search.from && from === null) problems.push('The From date is not a day (yyyy-mm-dd): it is left out.');
  if (search.to && to === null) problems.push('The To date is not a day (yyyy-mm-dd): it is left out.');
  if (from !== null && to !== null && to < from) problems.push('The To date is before the From date: the range is left out.');
  else {
    if (from !== null && search.from) {
      filters.from = search.from;
      query.fromDate = from;
    }
    // To the end of that day: the range includes both days.
    if (to !== null && search.to) {
      filters.to = search.to;
      query.toDate = to + 86_400 - 1;
    }
  }
  if (isStatus(search.status)) query.status = filters.status = search.status;
  else if (search.status) problems.push(`There is no status “${search.status}”: every status is shown.`);
  if (isTerritory(search.territory)) query.territory = filters.territory = search.territory;
  else if (search.territory) problems.push(`There is no territory “${search.territory}”: both are shown.`);
  return { filters, query, problems };
}

/** The filters as the address keeps them (blank ones left out). */
export function searchOf(values: Record<string, string>): ChargesSearch {
  const out: ChargesSearch = {};
  for (const key of ['from', 'to', 'status', 'territory'] as const) if (values[key]?.trim()) out[key] = values[key].trim();
  return out;
}

/** Paid net, tax and total per currency (orders of both territories are never added together). */
export function paidTotals(charges: readonly Charge[]): Array<{ territory: Territory; count: number; net: number; tax: number; total: number }> {
  return territories
    .map((territory) => {
      const paid = charges.filter((c) => c.status === 'paid' && c.territory === territory);
      const sum = (f: (c: Charge) => number) => paid.reduce((n, c) => n + f(c), 0);
      return { territory, count: paid.length, net: sum((c) => c.net), tax: sum((c) => c.tax), total: sum((c) => c.total) };
    })
    .filter((t) => t.count > 0);
}

const dayOf = (c: Charge) => formatDate(c.paidAt ?? c.createdAt);
const dayStart = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return Math.floor(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 1000);
};

/**
 * Paid totals per day per territory, in major units (pounds, dollars), for the chart: every day from
 * the first payment to the last when that is at most `maxDays`, else only the days with payments.
 */
export function paidPerDay(charges: readonly Charge[], maxDays = 62): { days: string[]; ticks: string[]; series: Array<{ label: string; values: number[] }> } {
  const paid = charges.filter((c) => c.status === 'paid');
  if (paid.length === 0) return { days: [], ticks: [], series: [] };
  const starts = paid.map((c) => dayStart(c.paidAt ?? c.createdAt));
  const first = Math.min(...starts);
  const last = Math.max(...starts);
  let days: string[];
  if ((last - first) / 86_400 < maxDays) {
    days = [];
    // Noon steps over the clock changes: a day is 23 or 25 hours twice a year.
    for (let d = first + 43_200; d <= last + 43_200; d += 86_400) {
      const label = formatDate(d);
      if (days.at(-1) !== label) days.push(label);
    }
  } else days = [...new Set(starts.sort((a, b) => a - b).map(formatDate))];
  const series = territories
    .filter((t) => paid.some((c) => c.territory === t))
    .map((t) => ({
      label: t === 'uk' ? 'UK (£)' : 'Australia (A$)',
      values: days.map((day) => paid.filter((c) => c.territory === t && dayOf(c) === day).reduce((n, c) => n + c.total, 0) / 100),
    }));
  return { days, ticks: days.map((d) => d.slice(0, 5)), series };
}

/** Money on the chart's axis: major units with two decimals when there are pence or cents. */
export const chartMoney = (major: number) => major.toLocaleString('en-GB', { maximumFractionDigits: 2 });

export const statusLabels: Record<OrderStatus, string> = { pending: 'Pending', paid: 'Paid', declined: 'Declined', cancelled: 'Cancelled', expired: 'Expired' };
export const kindLabels: Record<Charge['kind'], string> = { shop: 'Shop', renewal: 'Automatic renewal', bureau: 'Bureau file' };

/** The charges as CSV rows, header first; money in major units with its currency. */
export function chargeRows(charges: readonly Charge[]): Cell[][] {
  return [
    ['Order', 'Date', 'Kind', 'Status', 'Organisation', 'User', 'Currency', 'Net', 'Tax', 'Total', 'Invoice', 'Failure'],
    ...charges.map((c) => [
      c.orderId,
      formatDateTime(c.createdAt),
      kindLabels[c.kind],
      statusLabels[c.status],
      c.organisationName ?? '',
      c.userEmail ?? '',
      c.territory === 'uk' ? 'GBP' : 'AUD',
      c.net / 100,
      c.tax / 100,
      c.total / 100,
      c.invoiceNumber ?? '',
      c.failure ?? '',
    ]),
  ];
}
