// Types only: contract/bureau/entities builds zod schemas, which this page's chunk does without.
import type { BureauStats, SuppressionTypeKey } from '../../../../contract/bureau/entities';
import { currencySymbols, type Territory } from '../../../../contract/shared/territory';
import type { Cell } from '../../../shared/csv';

// The bureau statistics of spec section 3 (per reference file: all files, and those paid for) as the
// stats page shows them: one row per measure, totals, chart series, CSV. Pure (tests/views/bureauStats.test.tsx).

export const suppressionLabels: Record<SuppressionTypeKey, string> = {
  deceased: 'Deceased',
  goneAway: 'Gone away',
  mailingPreference: 'Mailing preference',
};

export type StatsGroup = 'Files' | 'Matching' | 'Deduplication' | 'Suppression';
export type StatsRow = { key: string; group: StatsGroup; label: string; all: number; purchased: number; money?: true };

type Block = BureauStats['all'];

/** Every suppression type, in the contract's order (the labels name each one: the type checks it). */
const suppressionTypes = Object.keys(suppressionLabels).filter((k): k is SuppressionTypeKey => k in suppressionLabels);

/** The suppression types either block counts. */
const typesOf = (s: BureauStats) => suppressionTypes.filter((t) => [...s.all.suppression, ...s.purchased.suppression].some((x) => x.type === t));
const suppressed = (b: Block, type: SuppressionTypeKey, what: 'removed' | 'flagged') => b.suppression.find((x) => x.type === type)?.[what] ?? 0;

/** Every measure of one reference file, all files beside purchased. */
export function statsRows(s: BureauStats): StatsRow[] {
  const row = (key: string, group: StatsGroup, label: string, of: (b: Block) => number, money?: true): StatsRow => ({
    key,
    group,
    label,
    all: of(s.all),
    purchased: of(s.purchased),
    ...(money ? { money } : {}),
  });
  return [
    row('files', 'Files', 'Files', (b) => b.files),
    row('cost', 'Files', 'Cost', (b) => b.cost, true),
    row('inputRecords', 'Files', 'Input records', (b) => b.inputRecords),
    row('outputRecords', 'Files', 'Output records', (b) => b.outputRecords),
    row('matched', 'Matching', 'Matched', (b) => b.matching.matched),
    row('updated', 'Matching', 'Updated', (b) => b.matching.updated),
    row('unmatched', 'Matching', 'Unmatched', (b) => b.matching.unmatched),
    row('unique', 'Deduplication', 'Unique', (b) => b.deduplication.unique),
    row('parent', 'Deduplication', 'Parent', (b) => b.deduplication.parent),
    row('child', 'Deduplication', 'Child', (b) => b.deduplication.child),
    ...typesOf(s).flatMap((t) => [
      row(`${t}-removed`, 'Suppression', `${suppressionLabels[t]}: removed`, (b) => suppressed(b, t, 'removed')),
      row(`${t}-flagged`, 'Suppression', `${suppressionLabels[t]}: flagged`, (b) => suppressed(b, t, 'flagged')),
    ]),
  ];
}

/** Whether any file was cleansed in the range, against any reference file. */
export const hasFiles = (stats: readonly BureauStats[]) => stats.some((s) => s.all.files > 0);

/** Across every reference file: files, purchased files, what was paid, records in, and the share matched or updated. */
export function statsTotals(stats: readonly BureauStats[]) {
  const sum = (f: (s: BureauStats) => number) => stats.reduce((n, s) => n + f(s), 0);
  const input = sum((s) => s.all.inputRecords);
  const found = sum((s) => s.all.matching.matched + s.all.matching.updated);
  const coded = found + sum((s) => s.all.matching.unmatched);
  return {
    files: sum((s) => s.all.files),
    purchasedFiles: sum((s) => s.purchased.files),
    paid: sum((s) => s.purchased.cost),
    inputRecords: input,
    /** Matched or updated, of the records coded; null with none. */
    foundShare: coded > 0 ? found / coded : null,
  };
}

/** The chart of one reference file: matching and deduplication outcomes, all files beside purchased. */
export function outcomeSeries(s: BureauStats) {
  const rows = statsRows(s).filter((r) => r.group === 'Matching' || r.group === 'Deduplication');
  return {
    ticks: rows.map((r) => r.label),
    series: [
      { label: 'All files', values: rows.map((r) => r.all) },
      { label: 'Purchased', values: rows.map((r) => r.purchased) },
    ],
  };
}

/** A measure's label in the table and CSV: the cost names its currency. */
export const measureLabel = (r: StatsRow, territory: Territory) => (r.money ? `${r.label} (${currencySymbols[territory]})` : r.label);

/** Every reference file's measures as CSV rows, header first; money in major units. */
export function statsCsv(stats: readonly BureauStats[], territory: Territory): Cell[][] {
  return [
    ['Reference file', 'Country', 'Group', 'Measure', 'All files', 'Purchased'],
    ...stats.flatMap((s) =>
      statsRows(s).map((r) => [s.mafName, s.mafCountryCode, r.group, measureLabel(r, territory), r.money ? r.all / 100 : r.all, r.money ? r.purchased / 100 : r.purchased]),
    ),
  ];
}
