// The bureau's constants and enumerations, plain TypeScript with no zod: the SPA's pages and route
// guards read them without building any schema (zod's first schema probes eval, which the CSP reports).
import { formatCount } from './numbers';

/** Spec section 9: the test sample keeps up to this many lines, sampled evenly from the first chunk. */
export const testSampleLines = 300;
/** The results download's file name (spec section 7, File server). */
export const resultsFileName = 'AddressCleanseResults.zip';
// Defined beside the territories: the route guards read it on the first page, where this module's
// other constants are not wanted.
export { bureauTerritories } from './territory';

export const mappingTypes = ['name', 'organisation', 'address', 'town', 'county', 'postcode', 'ignore'] as const;
export type MappingType = (typeof mappingTypes)[number];
export const delimiters = [',', ';', '\t', '|'] as const;
/**
 * The text encodings a file is read in: detected from its first chunk (a byte order mark, else
 * UTF-8 when its bytes are UTF-8, else Windows-1252, which also reads ISO-8859-1), or chosen by the
 * customer on the mapping page.
 */
export const fileEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type FileEncoding = (typeof fileEncodings)[number];
export const fileEncodingNames: Record<FileEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European, also ISO-8859-1)',
};
export const dedupeLevelKeys = ['address', 'household', 'individual'] as const;
export type DedupeLevelKey = (typeof dedupeLevelKeys)[number];
export const suppressionTypeKeys = ['deceased', 'goneAway', 'mailingPreference'] as const;
export type SuppressionTypeKey = (typeof suppressionTypeKeys)[number];
export const suppressSettings = ['off', 'flag', 'suppress'] as const;
export type SuppressSetting = (typeof suppressSettings)[number];
export const matchCodes = ['matched', 'updated', 'unmatched'] as const;
/** How precisely a row was placed: a delivery point (premise), its street only, or nowhere. */
export const matchLevels = ['premise', 'street', 'none'] as const;
export type MatchLevel = (typeof matchLevels)[number];
/** Why a row is not matched to a premise. */
export const matchReasons = ['noReference', 'noAddress', 'noTownOrPostcode', 'noPremise', 'premiseNotFound', 'ambiguous', 'streetNotFound'] as const;
export type MatchReason = (typeof matchReasons)[number];
/** Each reason in the customer's words. */
export const matchReasonText: Record<MatchReason, string> = {
  noReference: 'The reference data is not loaded',
  noAddress: 'No address lines to match',
  noTownOrPostcode: 'No postcode or town of the reference data to place the address in',
  noPremise: 'Street found; no house number or name was given',
  premiseNotFound: 'Street found; that house number or name is not on it in the reference data',
  ambiguous: 'More than one address fits equally well; none was chosen',
  streetNotFound: 'No street of that name at the postcode or in the town',
};
/** A file with no bytes (or only blank lines): refused before anything is sent, and by the server. */
export const emptyFileMessage = 'The file is empty: upload a file with a header or data rows';
export const outputFileKeys = ['cleansed', 'duplicates', 'suppressed', 'errors'] as const;

/**
 * Where a file stands: mapping (fields not yet confirmed), ready (settings may change, test runs),
 * queued/running (the results job), results (made, not paid), failed (the job gave up: run again),
 * paid (download), discarded (results thrown away; settings may change and results run again).
 */
export const fileStatuses = ['mapping', 'ready', 'queued', 'running', 'results', 'failed', 'paid', 'discarded'] as const;
export type FileStatus = (typeof fileStatuses)[number];


/** Spec section 9: the browser sends files in chunks of this many bytes (the last may be shorter). */
export const uploadChunkBytes = 10_000_000;

/**
 * What a file to cleanse may hold: checked when POST /files first reads the upload (the header and
 * every record of its first chunk), before anything heavier starts, and on every call that reads a
 * stored file's columns. Past them a file is refused with a 400 naming the limit (see the messages below).
 */
export const fileLimits = {
  /**
   * Columns. The mapping page lists every column with two sample values and a type to choose: a
   * name-and-address file has 5 to 30, a wide CRM export a few hundred, and at a thousand the page
   * is already a long scroll (Excel stops at 16,384). Reading a file costs per column (the mapping
   * by content looks at every column of 300 sample rows): this is what bounds that cost.
   */
  columns: 1_000,
  /** Characters in one field: a cell of Excel holds at most 32,767, so any file saved from a spreadsheet fits. */
  fieldCharacters: 32_767,
  /**
   * Bytes in one record (a line, or the lines of a quoted field that spans several): 1 MiB, a
   * thousand columns of a kilobyte each, where a name and address takes a few hundred bytes.
   */
  recordBytes: 1_048_576,
} as const;

const count = formatCount;

/** The refusals of a file past fileLimits: what was found and the limit, in words the SPA can show too. */
export const fileLimitMessages = {
  /** The first record (the header, or the first row) has `found` columns; `line` names a later record. */
  columns: (found: number, line?: number) =>
    `${line === undefined ? 'This file has' : `Line ${count(line)} has`} ${count(found)} columns: at most ${count(fileLimits.columns)} are accepted. Keep the columns to cleanse (names and addresses) and upload the file again`,
  field: (line: number, found: number) =>
    `Line ${count(line)} has a field of ${count(found)} characters: at most ${count(fileLimits.fieldCharacters)} are accepted in one field`,
  /** `found` is null when the record runs past what was read (the first chunk): it is longer still. */
  record: (line: number, found: number | null) =>
    `Line ${count(line)} is ${found === null ? `longer than ${count(fileLimits.recordBytes)} bytes` : `${count(found)} bytes long`}: at most ${count(fileLimits.recordBytes)} bytes are accepted in one record (a line)`,
  /** The same limits in one sentence, for the upload page. */
  summary: `A file may have up to ${count(fileLimits.columns)} columns, ${count(fileLimits.fieldCharacters)} characters in a field and 1 MB (${count(fileLimits.recordBytes)} bytes) in a line.`,
} as const;
