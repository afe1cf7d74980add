// The usage alerts of a subscription as the services page shows and edits them: percentages of the
// clicks of its current bundles at which the account's owners are emailed, once per crossing. The
// server checks the same rules (contract/metering/schemas.ts); these say so before the call.

export const maxThresholds = 10;

/** "50%, 80% and 100%". */
export function thresholdList(thresholds: readonly number[]): string {
  const parts = [...thresholds].sort((a, b) => a - b).map((t) => `${t}%`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** What the card says of the alerts. */
export function alertsText(thresholds: readonly number[]): string {
  return thresholds.length === 0 ? 'No usage alerts.' : `The owners are emailed at ${thresholdList(thresholds)} of the clicks used.`;
}

/** The thresholds typed as "50, 80, 100" (commas or spaces; a trailing % is fine), or why they cannot be. Empty turns alerts off. */
export function parseThresholds(text: string): { thresholds: number[] } | { problem: string } {
  const parts = text.split(/[\s,;]+/).map((p) => p.replace(/%$/, '')).filter(Boolean);
  const thresholds: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) < 1 || Number(part) > 100) return { problem: `"${part}" is not a whole percentage from 1 to 100` };
    const value = Number(part);
    if (thresholds.includes(value)) return { problem: `${value}% is given twice` };
    thresholds.push(value);
  }
  if (thresholds.length > maxThresholds) return { problem: `At most ${maxThresholds} thresholds` };
  return { thresholds: thresholds.sort((a, b) => a - b) };
}
