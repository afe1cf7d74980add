import type { z } from 'zod';
import type * as S from '../../../contract/bureau/schemas';
import type { SuppressionTypeKey, SuppressSetting, TestResults } from '../../../contract/bureau/entities';
import type { AddressIndex } from '../../engines/address/index';
import { parseDelimited } from '../../engines/cleanse/parse';
import { cleanse, emptyStats, testResults, type CleanseSettings, type OutputRow } from '../../engines/cleanse/run';
import { notFound } from '../../errors';
import { referenceIndex, suppressionGroupsOf, suppressionListOf } from './catalogue';
import { delimiterOf, ownFile, type BureauCaller, type BureauDeps } from './files';
import * as Q from './queries';

// A file's settings as the cleanse engine takes them, and the free test (GET /files/testresults):
// the engine run over the stored test sample for the current settings, kept on the file
// (test_results, test_version) until a setting changes.

/** The engine's settings for a file: its mapping, PAF, dedupe level and the suppression settings per list type. */
export function cleanseSettingsOf(file: Q.FileRow, index: AddressIndex): CleanseSettings {
  const groups = file.maf_id === null ? [] : suppressionGroupsOf(file.maf_id);
  const byType: Partial<Record<SuppressionTypeKey, SuppressSetting>> = {};
  for (const g of groups) byType[g.suppressType] = file.suppression[String(g.suppressGroupId)] ?? g.defaultSetting;
  return {
    territory: 'uk',
    index,
    mapping: file.input_fields,
    usePAF: file.use_paf,
    dedupeLevel: file.dedupe_level,
    separateDuplicates: file.separate_file,
    suppression: groups.length ? { list: suppressionListOf(index).list, settings: byType } : null,
  };
}

/** How a file's records are read: the delimiter, header and encoding as stored. */
export const parseOptionsOf = (file: Q.FileRow) => ({ delimiter: delimiterOf(file.delimiter), hasHeader: file.has_header, quotes: file.use_quotes, encoding: file.encoding });
/** How the file's test sample is read: as the file, in the encoding of a given test file or as the server's own UTF-8 sample. */
export const sampleOptionsOf = (file: Q.FileRow) => ({ ...parseOptionsOf(file), encoding: file.test_encoding ?? 'utf-8' });

type SampleRow = z.input<typeof S.getTestResults.response>['rows'][number];

export function sampleRowOf(row: OutputRow): SampleRow {
  const a = row.address;
  return {
    line: row.line,
    before: row.input,
    after: { organisation: a.organisation, name: a.name, lines: a.lines, town: a.town, county: a.county, postcode: a.postcode },
    matchCode: row.matchCode,
    matchLevel: row.matchLevel,
    matchReason: row.matchReason,
    changed: row.changed,
    dedupe: row.dedupe,
    suppressed: row.suppressed,
    flagged: row.flagged,
    outputFile: row.outputGroup,
    error: row.error?.message ?? null,
  };
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces);
}

/** The free test on the sample (at most 300 records), run again only when the settings changed since. */
export async function getTestResults(deps: BureauDeps, caller: BureauCaller, query: { fileId: number }): Promise<TestResults> {
  const file = await ownFile(deps.db, caller.user, query.fileId);
  if (file.test_version === file.settings_version) {
    const kept = await Q.testResultsOf(deps.db, file.id);
    if (kept?.test_results && kept.test_version === file.settings_version) return kept.test_results;
  }
  const index = referenceIndex(deps, 'uk');
  const sample = file.test_upload_id ? await deps.fileStorage.readFile(file.test_upload_id) : null;
  if (!sample) throw notFound('The test sample of this file is no longer kept: upload the file again');
  const bytes = await readAll(sample.stream);
  const stats = emptyStats();
  const rows: SampleRow[] = [];
  // The server's sample is numbered as the customer's file: each record's line there.
  const fileLine = new Map(file.test_lines ?? []);
  for await (const row of cleanse(() => parseDelimited([bytes], sampleOptionsOf(file)), cleanseSettingsOf(file, index), stats)) rows.push(sampleRowOf({ ...row, line: fileLine.get(row.line) ?? row.line }));
  const results: TestResults = { ...testResults(stats), rows, settingsVersion: file.settings_version };
  // Kept only when the settings are still those it ran on.
  await Q.setFile(deps.db, file.id, { test_results: JSON.stringify(results), test_version: file.settings_version }, { version: file.settings_version });
  return results;
}
