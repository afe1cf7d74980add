import { z } from 'zod';
import { fileId } from '../files/entities';
import { territory } from '../users/entities';

// The bureau's entities (spec section 3: Bureau stats, Bureau file upload with its test and file
// results, Admin cost, Job charge) and the settings a file is cleansed with. Money is integer minor
// units of the territory's currency except the per-record and per-match prices, which are minor
// units with up to four decimals (0.35 is 0.35p a record). Timestamps are seconds.

const rowId = z.number().int();
const seconds = z.number().int();
const money = z.number().int();
const count = z.number().int();

export { testSampleLines, resultsFileName, fileLimits, fileLimitMessages, bureauTerritories, mappingTypes, delimiters, dedupeLevelKeys, suppressionTypeKeys, suppressSettings, matchCodes, matchLevels, matchReasons, matchReasonText, outputFileKeys, fileStatuses, fileEncodings, fileEncodingNames } from '../shared/bureau';
export type { FileEncoding, MappingType, DedupeLevelKey, SuppressionTypeKey, SuppressSetting, FileStatus, MatchLevel, MatchReason } from '../shared/bureau';
import { fileEncodings, mappingTypes, delimiters, dedupeLevelKeys, suppressionTypeKeys, suppressSettings, matchCodes, matchLevels, matchReasons, outputFileKeys, fileStatuses } from '../shared/bureau';

/** Spec section 3, Bureau file upload: inputFields. */
export const inputField = z.object({
  name: z.string(),
  row1: z.string(),
  row2: z.string(),
  mappingType: z.enum(mappingTypes),
  /** Order among the columns of the same type (address lines 1, 2, ...), from 1. */
  mappingOrder: z.number().int().min(0),
  /** The column's position in the file, from 0. */
  inputOrder: z.number().int().min(0),
});
export type InputField = z.infer<typeof inputField>;

/** A reference file the addresses are matched against (spec: mafId, mafName, mafCountryCode). */
export const maf = z.object({ mafId: rowId, mafName: z.string(), mafCountryCode: z.string(), territory });
export type Maf = z.infer<typeof maf>;

export const dedupeLevel = z.object({
  /** 0 is no deduplication. */
  settingId: rowId,
  level: z.enum(dedupeLevelKeys).nullable(),
  name: z.string(),
  description: z.string(),
});
export type DedupeLevel = z.infer<typeof dedupeLevel>;

export const suppressionType = z.object({ suppressType: z.enum(suppressionTypeKeys), name: z.string(), description: z.string() });
/** A suppression list of a reference file, screened with one of the settings. */
export const suppressionGroup = z.object({
  suppressGroupId: rowId,
  suppressType: z.enum(suppressionTypeKeys),
  name: z.string(),
  records: count,
  defaultSetting: z.enum(suppressSettings),
});
export const fileSuppression = z.object({ suppressGroupId: rowId, suppressSetting: z.enum(suppressSettings) });

export const outputField = z.object({ outputFieldId: rowId, outputGroupId: rowId, name: z.string(), description: z.string() });
export const outputGroup = z.object({
  outputGroupId: rowId,
  name: z.string(),
  description: z.string(),
  /** Always in the output (the cleansed address). */
  required: z.boolean(),
  defaultOn: z.boolean(),
});

const suppressionCounts = z.object({ type: z.enum(suppressionTypeKeys), removed: count, flagged: count });
const codingStats = z.object({ matched: count, updated: count, unmatched: count });
const outputGroupStats = z.object({ cleansed: count, duplicates: count, suppressed: count, errors: count });

/** One row of the test, before and after (the before is the file's fields as read). */
export const sampleRow = z.object({
  /** The line of the customer's file the record began on (of the test file, when one was given). */
  line: count,
  before: z.array(z.string()),
  after: z.object({ organisation: z.string(), name: z.string(), lines: z.array(z.string()), town: z.string(), county: z.string(), postcode: z.string() }),
  matchCode: z.enum(matchCodes).nullable(),
  /** How precisely the row was placed and why not to a premise (absent in results kept before they were reported). */
  matchLevel: z.enum(matchLevels).nullable().optional(),
  matchReason: z.enum(matchReasons).nullable().optional(),
  changed: z.array(z.string()),
  dedupe: z.enum(['parent', 'child', 'unique']).nullable(),
  suppressed: z.array(z.enum(suppressionTypeKeys)),
  flagged: z.array(z.enum(suppressionTypeKeys)),
  outputFile: z.enum(outputFileKeys),
  error: z.string().nullable(),
});

/** Spec section 3, test results, with the rows they came from. */
export const testResults = z.object({
  recordCount: count,
  codingStats,
  suppressionStats: z.array(suppressionCounts),
  outputGroupStats,
  rows: z.array(sampleRow),
  settingsVersion: count,
});
export type TestResults = z.infer<typeof testResults>;

/** Spec section 3, file results. */
export const fileResults = z.object({
  inputRecordCount: count,
  outputRecordCount: count,
  codingStats,
  addressUpdateStats: z.record(z.string(), count),
  dedupeStats: z.object({ child: count, parent: count, unique: count }),
  suppressionRemovedStats: z.record(z.enum(suppressionTypeKeys), count),
  suppressionFlaggedStats: z.record(z.enum(suppressionTypeKeys), count),
  outputGroupStats,
  errorCount: count,
  /** Ours: records cleansed with a warning (a character that could not be read in the file's encoding, replaced; or a field cut). */
  warningCount: count.optional(),
});
export type FileResults = z.infer<typeof fileResults>;

/** One priced line of a file's results (per cost type). */
export const costLine = z.object({
  /** The admin cost (price row) the line was priced from: its real prices make the job charge's royalties. */
  costId: rowId,
  costTypeId: rowId,
  name: z.string(),
  basePrice: money,
  pricePerRecord: z.number(),
  pricePerMatch: z.number(),
  /** Records charged for: at least the cost's minimum record count. */
  records: count,
  matches: count,
  amount: money,
});
export const fileCosts = z.object({
  territory,
  currency: z.enum(['GBP', 'AUD']),
  lines: z.array(costLine),
  net: money,
  tax: money,
  taxRateBasisPoints: z.number().int(),
  total: money,
});
export type FileCosts = z.infer<typeof fileCosts>;

/** A file in the list (spec: id, name) and ours: where it stands. */
export const fileSummary = z.object({
  id: rowId,
  name: z.string(),
  status: z.enum(fileStatuses),
  rowCount: count,
  createdAt: seconds,
  /** When the results are deleted under the retention setting (null while there are none). */
  expiresAt: seconds.nullable(),
});
export type FileSummary = z.infer<typeof fileSummary>;

/** The whole file record: spec section 3, Bureau file upload, with its settings and progress. */
export const bureauFile = fileSummary.extend({
  fileServerId: fileId,
  testFileServerId: fileId.nullable(),
  delimiter: z.enum(delimiters),
  hasHeader: z.boolean(),
  useQuotes: z.boolean(),
  /** Ours: the encoding the file is read in (detected, or chosen on the mapping page), and the one detected. */
  encoding: z.enum(fileEncodings),
  detectedEncoding: z.enum(fileEncodings),
  testRowCount: count,
  inputFields: z.array(inputField),
  templateFileId: rowId.nullable(),
  mafId: rowId.nullable(),
  usePAF: z.boolean(),
  dedupeLevel: z.enum(dedupeLevelKeys).nullable(),
  separateFile: z.boolean(),
  suppression: z.array(fileSuppression),
  outputGroupIds: z.array(rowId),
  settingsVersion: count,
  /** Whether the test results are for the current settings. */
  tested: z.boolean(),
  progress: z.object({ done: count, total: count }),
  failure: z.string().nullable(),
  paidAt: seconds.nullable(),
});
export type BureauFile = z.infer<typeof bureauFile>;

const statsBlock = z.object({
  files: count,
  cost: money,
  inputRecords: count,
  outputRecords: count,
  matching: codingStats,
  deduplication: z.object({ child: count, parent: count, unique: count }),
  suppression: z.array(suppressionCounts),
});
/** Spec section 3, Bureau stats, per reference file: all files, and those paid for. */
export const bureauStats = z.object({ mafId: rowId, mafName: z.string(), mafCountryCode: z.string(), all: statsBlock, purchased: statsBlock });
export type BureauStats = z.infer<typeof bureauStats>;

/** Spec section 3, Admin cost, with its id and type name. */
export const adminCost = z.object({
  costId: rowId,
  costTypeId: rowId,
  costTypeName: z.string(),
  basePrice: money,
  pricePerMatch: z.number(),
  pricePerRecord: z.number(),
  realPricePerMatch: z.number(),
  realPricePerRecord: z.number(),
  territory,
  minRecCount: count,
  startDate: seconds,
  endDate: seconds.nullable(),
});
export type AdminCost = z.infer<typeof adminCost>;
export const costType = z.object({ costTypeId: rowId, name: z.string(), description: z.string(), appliesTo: z.enum(['cleanse', 'paf', 'dedupe', 'suppression']) });

const chargeLine = z.object({ costTypeId: rowId, name: z.string(), records: count, matches: count, charge: money, realCharge: money });
/** Spec section 3, Job charge. */
export const jobCharge = z.object({
  jobId: rowId,
  accId: rowId.nullable(),
  accountName: z.string(),
  fileName: z.string(),
  mafId: rowId.nullable(),
  territory,
  totalCharges: money,
  totalRealCharges: money,
  totalCount: count,
  date: seconds,
  isPostPay: z.boolean(),
  transactions: z.array(chargeLine),
});
export type JobCharge = z.infer<typeof jobCharge>;
/** Royalties per cost type over a range: what the provider owes the data owners. */
export const royaltyCharge = z.object({ costTypeId: rowId, name: z.string(), territory, jobs: count, records: count, matches: count, charges: money, realCharges: money });

export const retention = z.object({ uploadDays: z.number().int(), resultDays: z.number().int() });
export type Retention = z.infer<typeof retention>;
