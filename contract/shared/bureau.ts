// The bureau's constants and enumerations, plain TypeScript with no zod: the SPA's pages and route
// guards read them without building any schema (zod's first schema probes eval, which the CSP reports).

/** Spec section 9: the test sample keeps up to this many lines, sampled evenly from the first chunk. */
export const testSampleLines = 300;
/** The results download's file name (spec section 7, File server). */
export const resultsFileName = 'AddressCleanseResults.zip';
/** Spec section 2: the file routes are for UK accounts only. */
export const bureauTerritories = ['uk'] as const;

export const mappingTypes = ['name', 'organisation', 'address', 'town', 'county', 'postcode', 'ignore'] as const;
export type MappingType = (typeof mappingTypes)[number];
export const delimiters = [',', ';', '\t', '|'] as const;
export const dedupeLevelKeys = ['address', 'household', 'individual'] as const;
export type DedupeLevelKey = (typeof dedupeLevelKeys)[number];
export const suppressionTypeKeys = ['deceased', 'goneAway', 'mailingPreference'] as const;
export type SuppressionTypeKey = (typeof suppressionTypeKeys)[number];
export const suppressSettings = ['off', 'flag', 'suppress'] as const;
export type SuppressSetting = (typeof suppressSettings)[number];
export const matchCodes = ['matched', 'updated', 'unmatched'] as const;
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
