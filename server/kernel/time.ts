// Calendar arithmetic on epoch seconds, in UTC.

/** Seconds in a day. */
export const DAY = 86_400;

/** Seconds at the UTC midnight starting the day of `seconds`. */
export const dayOf = (seconds: number) => Math.floor(seconds / DAY) * DAY;

/**
 * `months` calendar months after `seconds`, in UTC, at the same time of day; a day the target month
 * lacks becomes its last day (31 January + 1 month = 28 or 29 February), as a customer would expect.
 */
export function addMonths(seconds: number, months: number): number {
  const from = new Date(seconds * 1000);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const to = Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds());
  return to / 1000;
}
