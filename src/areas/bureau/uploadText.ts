// The words and numbers of the upload page.

export const uploadHeading = 'Upload a file to cleanse';

/** 1234567 -> "1.2 MB" (decimal units, as file sizes are shown by the operating systems' file pickers). */
export function bytesText(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Seconds left -> "About 3 minutes left"; null while not yet measured. */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return 'Working out the time left';
  if (seconds < 60) return `About ${Math.max(1, seconds)} second${seconds === 1 ? '' : 's'} left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `About ${minutes} minute${minutes === 1 ? '' : 's'} left`;
  const hours = Math.floor(minutes / 60);
  return `About ${hours} hour${hours === 1 ? '' : 's'} ${minutes % 60} min left`;
}
