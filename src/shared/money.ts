import type { Territory } from '../../contract/shared/territory';

// Money typed by a person: major units (pounds, dollars) with at most two decimals, kept as integer
// minor units (pence, cents) as the server keeps every price (contract/shared/catalogue.ts).

/** The largest amount typed: nine digits of pounds or dollars. */
export const maxMajorUnits = '999,999,999.99';

/** Why a typed amount is not a price, or null; `what` names the field in the message. */
export function majorUnitsProblem(text: string, what = 'A price'): string | null {
  const trimmed = text.trim();
  if (!trimmed) return `${what} is required`;
  if (trimmed.startsWith('-')) return `${what} cannot be negative`;
  if (/^\d{10,}(\.\d*)?$/.test(trimmed)) return `${what} is too large: at most ${maxMajorUnits}`;
  return /^\d{1,9}(\.\d{1,2})?$/.test(trimmed) ? null : `${what} is an amount with at most 2 decimals, such as 12.50`;
}

/** "12.5" -> 1250: digits, not floating point, so 0.29 is 29 and never 28.999. Null when not an amount. */
export function minorUnitsOf(text: string): number | null {
  if (majorUnitsProblem(text)) return null;
  const [whole, fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 -> "12.50": what an input shows for a stored price. */
export const majorUnitsText = (minor: number) => `${Math.trunc(minor / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/** The minor unit a per-record or per-match price is written in: pence or cents. */
export const minorUnit: Record<Territory, { short: string; name: string }> = {
  uk: { short: 'p', name: 'pence' },
  australia: { short: 'c', name: 'cents' },
};

/** 0.35 -> "0.35p": a per-record or per-match price, up to four decimals, in pence or cents. */
export const perUnit = (minor: number, territory: Territory) =>
  `${minor.toLocaleString('en-GB', { maximumFractionDigits: 4 })}${minorUnit[territory].short}`;
