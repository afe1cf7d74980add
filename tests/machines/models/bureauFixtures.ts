/** Sample answers of the bureau server (contract/bureau) for the bureau file model and view tests. */
import type { FileCosts, FileResults, TestResults } from '../../../contract/bureau/entities';
import type { FieldsData, FileSettings, SettingsData } from '../../../machines/bureauFileParts';

export const fields: FieldsData = {
  delimiter: ',',
  hasHeader: true,
  encoding: 'windows-1252',
  detectedEncoding: 'windows-1252',
  inputFields: [
    { name: 'Name', row1: 'Mr J Smith', row2: 'Ms A Jones', mappingType: 'name', mappingOrder: 1, inputOrder: 0 },
    { name: 'Address 1', row1: '10 Downing Street', row2: '1 High Street', mappingType: 'address', mappingOrder: 1, inputOrder: 1 },
    { name: 'Town', row1: 'London', row2: 'Leeds', mappingType: 'town', mappingOrder: 1, inputOrder: 2 },
    { name: 'Postcode', row1: 'SW1A 2AA', row2: 'LS1 1AA', mappingType: 'postcode', mappingOrder: 1, inputOrder: 3 },
  ],
  templates: [{ fileId: 12, name: 'customers-october.csv', createdAt: 1_760_000_000 }],
};

export const settings: FileSettings = {
  mafId: 1,
  usePAF: true,
  dedupeSettingId: 0,
  separateFile: false,
  suppression: [{ suppressGroupId: 1, suppressSetting: 'suppress' }],
  outputGroupIds: [1],
};

export const settingsData: SettingsData = {
  settings,
  options: {
    mafs: [{ mafId: 1, mafName: 'UK addresses', mafCountryCode: 'GB', territory: 'uk' }],
    dedupeLevels: [
      { settingId: 0, level: null, name: 'None', description: 'Keep every record' },
      { settingId: 1, level: 'address', name: 'Address', description: 'One record per address' },
    ],
    suppressionTypes: [{ suppressType: 'deceased', name: 'Deceased', description: 'People who have died' }],
    byMaf: {
      1: {
        suppression: [{ suppressGroupId: 1, suppressType: 'deceased', name: 'Deceased register', records: 1000, defaultSetting: 'suppress' }],
        outputGroups: [{ outputGroupId: 1, name: 'Address', description: 'The cleansed address', required: true, defaultOn: true }],
        outputFields: [{ outputFieldId: 1, outputGroupId: 1, name: 'Address line 1', description: 'First line' }],
      },
    },
    prices: {
      territory: 'uk',
      records: 1000,
      prices: [
        { costTypeId: 1, name: 'Address cleanse', appliesTo: 'cleanse', basePrice: 500, pricePerRecord: 5000, pricePerMatch: 0, minRecCount: 1000 },
        { costTypeId: 2, name: 'PAF addresses', appliesTo: 'paf', basePrice: 0, pricePerRecord: 0, pricePerMatch: 3500, minRecCount: 0 },
        { costTypeId: 3, name: 'Deduplication', appliesTo: 'dedupe', basePrice: 0, pricePerRecord: 1000, pricePerMatch: 0, minRecCount: 0 },
        { costTypeId: 4, name: 'Suppression screening', appliesTo: 'suppression', basePrice: 250, pricePerRecord: 2000, pricePerMatch: 0, minRecCount: 0 },
      ],
    },
  },
};

const codingStats = { matched: 250, updated: 30, unmatched: 20 };
const outputGroupStats = { cleansed: 290, duplicates: 0, suppressed: 10, errors: 0 };

export const testResults: TestResults = {
  recordCount: 300,
  codingStats,
  suppressionStats: [{ type: 'deceased', removed: 10, flagged: 0 }],
  outputGroupStats,
  settingsVersion: 1,
  rows: [
    {
      line: 2,
      before: ['Mr J Smith', '10 downing st', 'london', 'SW1A2AA'],
      after: { organisation: '', name: 'Mr J Smith', lines: ['10 Downing Street'], town: 'LONDON', county: '', postcode: 'SW1A 2AA' },
      matchCode: 'updated',
      changed: ['lines', 'town', 'postcode'],
      dedupe: null,
      suppressed: [],
      flagged: [],
      outputFile: 'cleansed',
      error: null,
    },
  ],
};

export const fileResults: FileResults = {
  inputRecordCount: 1000,
  outputRecordCount: 960,
  codingStats: { matched: 850, updated: 100, unmatched: 50 },
  addressUpdateStats: { postcode: 60, town: 40 },
  dedupeStats: { child: 0, parent: 0, unique: 1000 },
  suppressionRemovedStats: { deceased: 40, goneAway: 0, mailingPreference: 0 },
  suppressionFlaggedStats: { deceased: 0, goneAway: 0, mailingPreference: 0 },
  outputGroupStats: { cleansed: 960, duplicates: 0, suppressed: 40, errors: 0 },
  errorCount: 0,
};

export const costs: FileCosts = {
  territory: 'uk',
  currency: 'GBP',
  lines: [{ costId: 1, costTypeId: 1, name: 'Address cleanse', basePrice: 500, pricePerRecord: 0.5, pricePerMatch: 0.25, records: 1000, matches: 950, amount: 1238 }],
  net: 1238,
  tax: 248,
  taxRateBasisPoints: 2000,
  total: 1486,
};
