// Numbers as the portal writes them (en-GB: 1,234,567), shared by the SPA and the server. Whole numbers
// are grouped here rather than by toLocaleString: the first Intl call of a page loads the locale data,
// which costs the dashboard tens of milliseconds on a phone before its first figures show.

/** A whole number with thousands separators (en-GB); anything else as toLocaleString('en-GB') writes it. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-GB');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The month and year (UTC) of a timestamp in seconds: "November 2026". */
export function formatMonthYear(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
