import type { AddressIndex } from '../address/index';
import { Deduper, dedupeHash, type DedupeFlag, type DedupeLevel } from './dedupe';
import type { InputField } from './mapping';
import { matchAddress, unmatched, type MatchCode, type MatchLevel, type MatchReason, type MatchResult } from './match';
import type { ErrorCode, ParseItem, RowIssue } from './parse';
import { addressReader, standardise, standardiseForKey, type InputAddress, type Territory } from './standardise';
import { applySuppression, suppressionTypes, type SuppressionList, type SuppressionSetting, type SuppressionType } from './suppress';

// The whole cleanse of a parsed file: address from the mapping, standard form, match, dedupe flags,
// suppression and the output group, row by row in file order, with running stats in the shapes of
// the spec's test and file results. Dedupe needs every key counted before the first flag is known,
// so with a dedupe level the rows are read twice (`rows` is called once per pass); without one,
// once. Nothing but the dedupe groups (a Map of key hashes while counting, then typed arrays) is held between rows.

export type OutputGroup = 'cleansed' | 'duplicates' | 'suppressed' | 'errors';
export const outputGroups: OutputGroup[] = ['cleansed', 'duplicates', 'suppressed', 'errors'];

export type CleanseSettings = {
  territory: Territory;
  /** The reference index of the territory; null: no matching (every row unmatched). */
  index: AddressIndex | null;
  mapping: readonly InputField[];
  /** Use the reference address when matched (usePAF); false keeps the customer's standardised lines. */
  usePAF: boolean;
  dedupeLevel: DedupeLevel | null;
  /** Children go to a separate duplicates file (separateFile) instead of staying flagged in the output. */
  separateDuplicates: boolean;
  suppression: { list: SuppressionList; settings: Partial<Record<SuppressionType, SuppressionSetting>> } | null;
};

export type OutputRow = {
  line: number;
  input: string[];
  matchCode: MatchCode | null;
  /** How precisely the row was placed, and why not to a premise (null for an error row). */
  matchLevel: MatchLevel | null;
  matchReason: MatchReason | null;
  changed: string[];
  address: InputAddress;
  dedupe: DedupeFlag | null;
  group: number;
  suppressed: SuppressionType[];
  flagged: SuppressionType[];
  outputGroup: OutputGroup;
  issues: RowIssue[];
  error: { code: ErrorCode; message: string } | null;
};

const byType = (): Record<SuppressionType, number> => ({ deceased: 0, goneAway: 0, mailingPreference: 0 });

export function emptyStats() {
  const addressUpdates: Record<string, number> = {};
  const groups: Record<OutputGroup, number> = { cleansed: 0, duplicates: 0, suppressed: 0, errors: 0 };
  return {
    inputRecords: 0,
    outputRecords: 0,
    matching: { matched: 0, updated: 0, unmatched: 0 },
    /** Fields corrected by matching: address1.., town, postcode. */
    addressUpdates,
    deduplication: { child: 0, parent: 0, unique: 0 },
    suppression: { removed: byType(), flagged: byType() },
    outputGroups: groups,
    /** Rows with a replaced character or a cut field, still cleansed. */
    warnings: 0,
    errors: 0,
  };
}
export type CleanseStats = ReturnType<typeof emptyStats>;

/** The file's items, one at a time or in batches (parseDelimitedBatches: one await per batch, not per row). */
type Rows = () => AsyncIterable<ParseItem | ParseItem[]> | Iterable<ParseItem | ParseItem[]>;
const itemsOf = (got: ParseItem | ParseItem[]): ParseItem[] => (Array.isArray(got) ? got : [got]);

const blank: InputAddress = { name: '', organisation: '', lines: [], town: '', county: '', postcode: '' };

/** Cleanses the rows; `stats` (pass one to read it while running) is updated as each row is yielded. */
export async function* cleanse(rows: Rows, settings: CleanseSettings, stats: CleanseStats = emptyStats()): AsyncGenerator<OutputRow> {
  const dedupe = settings.dedupeLevel ? new Deduper() : null;
  const level = settings.dedupeLevel;
  const addressOf = addressReader(settings.mapping);
  if (dedupe && level) {
    for await (const got of rows()) {
      for (const item of itemsOf(got)) if (item.kind === 'row') dedupe.countHash(dedupeHash(standardiseForKey(addressOf(item.fields), settings.territory), level));
    }
    dedupe.countDone();
  }
  for await (const got of rows()) for (const item of itemsOf(got)) {
    stats.inputRecords++;
    if (item.kind === 'error') {
      stats.errors++;
      stats.outputGroups.errors++;
      yield { line: item.line, input: [item.raw], matchCode: null, matchLevel: null, matchReason: null, changed: [], address: blank, dedupe: null, group: 0, suppressed: [], flagged: [], outputGroup: 'errors', issues: [], error: { code: item.code, message: item.message } };
      continue;
    }
    if (item.issues.length) stats.warnings++;
    const std = standardise(addressOf(item.fields), settings.territory);
    const m: MatchResult = settings.index ? matchAddress(std, settings.index, settings.territory) : unmatched(std, 'none', 'noReference');
    stats.matching[m.code]++;
    for (const f of m.changed) stats.addressUpdates[f] = (stats.addressUpdates[f] ?? 0) + 1;
    const address = settings.usePAF ? m.address : std;
    const d = dedupe ? dedupe.flagNext() : null;
    if (d) stats.deduplication[d.flag]++;
    const listed = settings.suppression ? settings.suppression.list.lookup(address) : [];
    const s = settings.suppression ? applySuppression(listed, settings.suppression.settings) : { suppressed: [], flagged: [] };
    for (const t of s.suppressed) stats.suppression.removed[t]++;
    for (const t of s.flagged) stats.suppression.flagged[t]++;
    const outputGroup: OutputGroup = s.suppressed.length ? 'suppressed' : d?.flag === 'child' && settings.separateDuplicates ? 'duplicates' : 'cleansed';
    stats.outputGroups[outputGroup]++;
    if (outputGroup === 'cleansed') stats.outputRecords++;
    yield {
      line: item.line, input: item.fields, matchCode: m.code, matchLevel: m.level, matchReason: m.reason, changed: m.changed, address, dedupe: d?.flag ?? null, group: d?.group ?? 0,
      suppressed: s.suppressed, flagged: s.flagged, outputGroup, issues: item.issues, error: null,
    };
  }
}

/** The spec's test results (free test): recordCount, codingStats, suppressionStats, outputGroupStats. */
export const testResults = (s: CleanseStats) => ({
  recordCount: s.inputRecords,
  codingStats: { ...s.matching },
  suppressionStats: suppressionTypes.map((type) => ({ type, removed: s.suppression.removed[type], flagged: s.suppression.flagged[type] })),
  outputGroupStats: { ...s.outputGroups },
});

/** The spec's file results, and the Bureau stats block (matching, deduplication, suppression) per file. */
export const fileResults = (s: CleanseStats) => ({
  inputRecordCount: s.inputRecords,
  outputRecordCount: s.outputRecords,
  codingStats: { ...s.matching },
  addressUpdateStats: { ...s.addressUpdates },
  dedupeStats: { ...s.deduplication },
  suppressionRemovedStats: { ...s.suppression.removed },
  suppressionFlaggedStats: { ...s.suppression.flagged },
  outputGroupStats: { ...s.outputGroups },
  errorCount: s.errors,
  warningCount: s.warnings,
});
