import { format } from 'date-fns';

// Dates show as dd/mm/yyyy (spec section 9); the server's timestamps are seconds.
export const formatDate = (seconds: number) => format(seconds * 1000, 'dd/MM/yyyy');
export const formatDateTime = (seconds: number) => format(seconds * 1000, 'dd/MM/yyyy HH:mm');
export const formatTime = (seconds: number) => format(seconds * 1000, 'HH:mm:ss');

/** What a date input (yyyy-mm-dd) shows for a timestamp: the same day formatDate shows. */
export const dateInputValue = (seconds: number) => format(seconds * 1000, 'yyyy-MM-dd');

/** The start (local midnight, as formatDate reads it back) of the day a date input holds; null when blank or no such day. */
export function secondsOfDateInput(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day);
  // new Date rolls 31 February over into March: that is not the day typed.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return Math.floor(date.getTime() / 1000);
}
