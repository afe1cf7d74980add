import type { z } from 'zod';
import type { dedupeLevel, outputField, outputGroup, suppressionGroup, suppressionType } from '../../../contract/bureau/entities';
import type { DedupeLevelKey, SuppressionTypeKey, SuppressSetting } from '../../../contract/bureau/entities';
import type { Territory } from '../../../contract/shared/territory';
import type { AddressIndex } from '../../engines/address/index';
import { sampleSuppressionList, SuppressionList, suppressionTypes } from '../../engines/cleanse/suppress';
import { badRequest } from '../../errors';
import type { Deps } from '../../kernel/deps';
import { readyIndex } from '../address/index';

// What a file may be cleansed with: the reference files (mafs), the suppression lists of each, the
// dedupe levels and the output groups and fields. The mafs are rows (migration 010); the rest are
// constants of the bureau, with the suppression lists built from the reference data by the
// engine's sample list (a real list loads into the same SuppressionList).

type Group = z.input<typeof suppressionGroup>;

/** Entries per suppression type in the sample lists. */
export const suppressionEntriesPerType = 200;

export const suppressionTypeInfo: Record<SuppressionTypeKey, { name: string; description: string; defaultSetting: SuppressSetting }> = {
  deceased: { name: 'Deceased', description: 'People reported as deceased: never mail them', defaultSetting: 'suppress' },
  goneAway: { name: 'Gone away', description: 'People who have moved from the address', defaultSetting: 'suppress' },
  mailingPreference: { name: 'Mailing preference', description: 'People who asked not to receive unaddressed or direct mail', defaultSetting: 'flag' },
};

export const suppressionTypeList = (): z.input<typeof suppressionType>[] =>
  suppressionTypes.map((suppressType) => ({ suppressType, name: suppressionTypeInfo[suppressType].name, description: suppressionTypeInfo[suppressType].description }));

/** A maf's suppression groups: one list per type, numbered mafId * 100 + 1, 2, 3. */
export function suppressionGroupsOf(mafId: number, counts?: Record<SuppressionTypeKey, number>): Group[] {
  return suppressionTypes.map((suppressType, i) => ({
    suppressGroupId: mafId * 100 + i + 1,
    suppressType,
    name: `${suppressionTypeInfo[suppressType].name} (sample list)`,
    records: counts?.[suppressType] ?? suppressionEntriesPerType,
    defaultSetting: suppressionTypeInfo[suppressType].defaultSetting,
  }));
}

/** The default suppression settings of a maf's groups, as stored on a file. */
export const defaultSuppression = (mafId: number): Record<string, SuppressSetting> =>
  Object.fromEntries(suppressionGroupsOf(mafId).map((g) => [String(g.suppressGroupId), g.defaultSetting]));

const lists = new WeakMap<AddressIndex, { list: SuppressionList; counts: Record<SuppressionTypeKey, number> }>();
/** The sample suppression list of a reference index, built once per index. */
export function suppressionListOf(index: AddressIndex) {
  let found = lists.get(index);
  if (!found) {
    const entries = sampleSuppressionList(index, suppressionEntriesPerType);
    const counts = { deceased: 0, goneAway: 0, mailingPreference: 0 };
    for (const e of entries) counts[e.type]++;
    found = { list: new SuppressionList(entries), counts };
    lists.set(index, found);
  }
  return found;
}

/** The reference index of a territory (503 with Retry-After while it loads: the address engine's loader). */
export const referenceIndex = (deps: Pick<Deps, 'addressDatasets'>, territory: Territory) => readyIndex(deps.addressDatasets, territory).index;

/** Waits until the territory's reference data is loaded (the results job), or throws when it failed. */
export async function waitForIndex(deps: Pick<Deps, 'addressDatasets'>, territory: Territory): Promise<AddressIndex> {
  await deps.addressDatasets.start();
  return referenceIndex(deps, territory);
}

export const dedupeLevels: z.input<typeof dedupeLevel>[] = [
  { settingId: 0, level: null, name: 'None', description: 'Keep every record' },
  { settingId: 1, level: 'address', name: 'Address', description: 'One record per address (and organisation)' },
  { settingId: 2, level: 'household', name: 'Household', description: 'One record per surname at an address' },
  { settingId: 3, level: 'individual', name: 'Individual', description: 'One record per person at an address' },
];

/** The dedupe level of PUT /files/dedupesettings: settingId from GET /dedupelevels, settingField its level when given. */
export function dedupeLevelOf(settingId: number, settingField: DedupeLevelKey | null | undefined): DedupeLevelKey | null {
  const found = dedupeLevels.find((d) => d.settingId === settingId);
  if (!found) throw badRequest(`Unknown dedupe setting ${settingId}: the settings are ${dedupeLevels.map((d) => `${d.settingId} (${d.name})`).join(', ')}`);
  if (settingField !== undefined && settingField !== found.level) throw badRequest(`Dedupe setting ${settingId} is ${found.name}, not ${settingField ?? 'none'}`);
  return found.level;
}

/** The address lines the output has: PAF addresses run to five lines at most. */
export const outputAddressLines = 5;

export const outputGroupIds = { address: 1, match: 2, dedupe: 3, suppression: 4, input: 5 } as const;

export const outputGroups: z.input<typeof outputGroup>[] = [
  { outputGroupId: outputGroupIds.address, name: 'Cleansed address', description: 'Name, organisation and the cleansed address', required: true, defaultOn: true },
  { outputGroupId: outputGroupIds.match, name: 'Match details', description: 'How each address matched the reference file and what changed', required: false, defaultOn: true },
  { outputGroupId: outputGroupIds.dedupe, name: 'Deduplication', description: 'Parent, child or unique, and the duplicate group', required: false, defaultOn: true },
  { outputGroupId: outputGroupIds.suppression, name: 'Suppression', description: 'The suppression lists a kept record is flagged on', required: false, defaultOn: true },
  { outputGroupId: outputGroupIds.input, name: 'Original input', description: "The record's fields as they were in your file", required: false, defaultOn: false },
];

const field = (outputFieldId: number, outputGroupId: number, name: string, description: string) => ({ outputFieldId, outputGroupId, name, description });
export const outputFields: z.input<typeof outputField>[] = [
  field(1, 1, 'Name', 'The name, tidied'),
  field(2, 1, 'Organisation', 'The organisation'),
  ...Array.from({ length: outputAddressLines }, (_, i) => field(3 + i, 1, `Address line ${i + 1}`, i === 0 ? 'The first line of the cleansed address' : `Line ${i + 1} of the address (blank when shorter)`)),
  field(8, 1, 'Town', 'The post town'),
  field(9, 1, 'County', 'The county'),
  field(10, 1, 'Postcode', 'The postcode'),
  field(11, 2, 'Match code', 'matched, updated or unmatched'),
  field(12, 2, 'Fields changed', 'The fields the reference file corrected'),
  field(13, 3, 'Dedupe flag', 'parent, child or unique'),
  field(14, 3, 'Dedupe group', 'Records with one group number are duplicates of each other'),
  field(15, 4, 'Suppression flags', 'The lists a kept record is on (flagged, not removed)'),
  field(16, 5, 'Input line', 'The line of your file the record began on'),
  field(17, 5, 'Input fields', "Your file's columns follow, as they were (a value a spreadsheet would run as a formula starts with ')"),
];

export const defaultOutputGroups = () => outputGroups.filter((g) => g.defaultOn || g.required).map((g) => g.outputGroupId);

/** The groups a PUT asks for, with the required ones always in; an unknown id is a 400. */
export function acceptOutputGroups(ids: readonly number[]): number[] {
  const unknown = ids.filter((id) => !outputGroups.some((g) => g.outputGroupId === id));
  if (unknown.length) throw badRequest(`Unknown output group ${unknown.join(', ')}: the groups are ${outputGroups.map((g) => `${g.outputGroupId} (${g.name})`).join(', ')}`);
  const chosen = new Set([...ids, ...outputGroups.filter((g) => g.required).map((g) => g.outputGroupId)]);
  return outputGroups.map((g) => g.outputGroupId).filter((id) => chosen.has(id));
}
