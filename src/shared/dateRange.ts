import { dateInputValue, formatDate, secondsOfDateInput } from './format';

// A range of whole days chosen by a person (from and to, both included), as the address keeps it
// (?from=yyyy-mm-dd&to=yyyy-mm-dd) and as the server takes it (seconds: the start of the first day,
// the last second of the last). Days are the browser's own, as formatDate shows them (dd/mm/yyyy).

export type DayRange = {
  /** yyyy-mm-dd, what the date inputs hold. */
  from: string;
  to: string;
  /** Seconds at the start of `from` and the last second of `to`. */
  fromSeconds: number;
  toSeconds: number;
  /** What in the address was not understood and left out for the default (said on the page). */
  problems: string[];
};

/** The last second of the day a date input holds (its next midnight less one: 23 or 25 hours on a clock change). */
function endOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return Math.floor(new Date(year, month - 1, date + 1).getTime() / 1000) - 1;
}

/** yyyy-mm-dd of the first day of the month `back` months before the one holding `now` (seconds). */
function monthStart(now: number, back = 0): string {
  const d = new Date(now * 1000);
  return dateInputValue(new Date(d.getFullYear(), d.getMonth() - back, 1).getTime() / 1000);
}

/** The default range: the last three months, this one included, to today. */
export const defaultDays = (now: number) => ({ from: monthStart(now, 2), to: dateInputValue(now) });

/**
 * The range in the address, or the default for what is missing; a day that does not exist or a
 * range that ends before it starts is not used, and said.
 */
export function readDayRange(search: { from?: string; to?: string }, now: number): DayRange {
  const problems: string[] = [];
  const fallback = defaultDays(now);
  let from = search.from && secondsOfDateInput(search.from) !== null ? search.from : fallback.from;
  let to = search.to && secondsOfDateInput(search.to) !== null ? search.to : fallback.to;
  if (search.from && from !== search.from) problems.push('The From date is not a day (yyyy-mm-dd): the default is used.');
  if (search.to && to !== search.to) problems.push('The To date is not a day (yyyy-mm-dd): the default is used.');
  if (to < from) {
    problems.push('The To date is before the From date: the default range is used.');
    ({ from, to } = fallback);
  }
  return { from, to, fromSeconds: secondsOfDateInput(from) ?? 0, toSeconds: endOfDay(to), problems };
}

/** "01/09/2026 to 25/11/2026". */
export const dayRangeText = (range: Pick<DayRange, 'fromSeconds' | 'toSeconds'>) => `${formatDate(range.fromSeconds)} to ${formatDate(range.toSeconds)}`;

/**
 * A day typed as dd/mm/yyyy (spec section 9; d/m and dashes or dots too) as yyyy-mm-dd, or null when
 * it is no such day. Typed rather than picked: a date input shows the browser's own order, which is
 * mm/dd/yyyy in many.
 */
export function dayOfText(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return secondsOfDateInput(day) === null ? null : day;
}

/** yyyy-mm-dd as dd/mm/yyyy, what the day fields show. */
export const textOfDay = (day: string) => day.split('-').reverse().join('/');

/** Why two typed days (dd/mm/yyyy) are not a range, or null. */
export function dayRangeProblem(from: string, to: string): string | null {
  const first = dayOfText(from);
  const last = dayOfText(to);
  if (first === null || last === null) return 'Enter both dates as dd/mm/yyyy.';
  return last < first ? 'The To date is before the From date.' : null;
}

/** The quick picks beside a range: this month, last month, the last three months, this year. */
export function dayRangePicks(now: number): { label: string; from: string; to: string }[] {
  const today = dateInputValue(now);
  const d = new Date(now * 1000);
  const lastMonthEnd = dateInputValue(new Date(d.getFullYear(), d.getMonth(), 0).getTime() / 1000);
  return [
    { label: 'This month', from: monthStart(now), to: today },
    { label: 'Last month', from: monthStart(now, 1), to: lastMonthEnd },
    { label: 'Last 3 months', from: monthStart(now, 2), to: today },
    { label: 'This year', from: dateInputValue(new Date(d.getFullYear(), 0, 1).getTime() / 1000), to: today },
  ];
}
