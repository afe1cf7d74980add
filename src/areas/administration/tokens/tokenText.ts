import { dqServiceLabels, type DqService } from '../../../../contract/shared/catalogue';
import type { Cell } from '../../../shared/csv';
import { dateInputValue, formatDate, secondsOfDateInput } from '../../../shared/format';
import type { Token, TokenAuditEntry } from '../../../api/tokens';
import { formatCount } from '../../../../contract/shared/numbers';

// How the tokens page words a token: the table's cells, its CSV, and the form's conversions between
// what is typed and what the server takes.

export const never = 'Never';
export const expiryText = (expiry: number) => (expiry === 0 ? never : formatDate(expiry));
export const isExpired = (t: Pick<Token, 'expiry'>, now: number) => t.expiry !== 0 && t.expiry <= now;
export const rangesText = (ranges: readonly string[]) => (ranges.length ? ranges.join(', ') : 'Anywhere');
export const referrerText = (referrer: string | null) => referrer ?? 'Any';
export const capText = (cap: number | null) => (cap === null ? 'None' : formatCount(cap));
export const servicesText = (services: readonly DqService[]) => services.map((s) => dqServiceLabels[s]).join(', ');
/** The services column's words: short, so a token's row fits a laptop's width. */
export const shortServiceLabels: Record<DqService, string> = {
  addresslookup: 'Address lookup',
  autocomplete: 'Autocomplete',
  email: 'Email',
  bankcode: 'Bank code',
  name: 'Name',
  addresscleanse: 'Address cleanse',
};
export const typeText = { server: 'Server', browser: 'Browser' } as const;

/** Why a token cannot be exported now, or null when it can. */
export function exportBlock(t: Token, now: number): string | null {
  if (t.locked) return 'locked';
  if (isExpired(t, now)) return 'expired';
  return null;
}

export const csvHeader = ['Tag', 'Type', 'Locked', 'IP ranges', 'Referrer', 'Expiry', 'Created', 'Updated', 'Services', 'Daily cap'];

/** The table as CSV rows, header first: the same words and dates as on the page. */
export function tokenCsvRows(tokens: readonly Token[]): Cell[][] {
  return [
    csvHeader,
    ...tokens.map((t) => [
      t.tag,
      typeText[t.type],
      t.locked ? 'Yes' : 'No',
      t.ipRange.join(' '),
      referrerText(t.referrer),
      expiryText(t.expiry),
      formatDate(t.createTimestamp),
      formatDate(t.updateTimestamp),
      servicesText(t.services),
      t.dailyCap,
    ]),
  ];
}

export const actionText: Record<TokenAuditEntry['action'], string> = {
  create: 'Created',
  update: 'Changed',
  lock: 'Locked',
  unlock: 'Unlocked',
  export: 'Exported',
  delete: 'Deleted',
  cap: 'Daily cap changed',
};

/** What the expiry's date input shows: '' for none. */
export const dateInputOf = (expiry: number) => (expiry === 0 ? '' : dateInputValue(expiry));

/** An expiry from a date input: the last second of that day where the user is (so it shows as that date); blank is none (0). */
export function expiryOf(dateInput: string): number {
  const start = secondsOfDateInput(dateInput);
  return start === null ? 0 : start + 86_399;
}

/** The lines of the IP ranges box, blank ones dropped; the server checks each as a network. */
export const rangesOf = (text: string) => text.split(/[\r\n,]+/).map((line) => line.trim()).filter(Boolean);

/** A daily cap typed, '' for none; anything else goes to the server as typed, to be refused there. */
export const capOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));
