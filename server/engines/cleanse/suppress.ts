import { gnafParts, pafParts } from '../address/format';
import { seeded } from '../address/generate';
import type { AddressIndex } from '../address/index';
import { dedupeHash } from './dedupe';
import type { InputAddress } from './standardise';

// Suppression: people who must not be mailed (deceased, gone away) or asked not to be (mailing
// preference), found by name and address. The lists here are SAMPLE lists generated from the sample
// reference addresses with a seeded PRNG, like address/generate.ts: the same seed gives the same list,
// and a test can build a file whose rows are on it. A real list loads into the same SuppressionList.

export const suppressionTypes = ['deceased', 'goneAway', 'mailingPreference'] as const;
export type SuppressionType = (typeof suppressionTypes)[number];
/** Per type: suppress (the record goes to the suppressed file), flag (kept, marked), off. */
export type SuppressionSetting = 'suppress' | 'flag' | 'off';
export type SuppressionEntry = { type: SuppressionType; address: InputAddress };

const forenames = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Susan', 'Peter', 'Margaret', 'Thomas', 'Sarah', 'Andrew', 'Helen'];
const surnames = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green'];

/** The reference record `id` as an address (lines by PAF rules for uk). */
export function referenceAddress(index: AddressIndex, id: number, name = ''): InputAddress {
  const f = index.fields(id);
  if (index.layout === 'PAF') {
    const [udprn, organisation, department, sub_building, building_name, building_number, dependent_thoroughfare, thoroughfare, dependent_locality, post_town, postcode, uprn] = f;
    const p = pafParts({ udprn, organisation, department, sub_building, building_name, building_number, dependent_thoroughfare, thoroughfare, dependent_locality, post_town, postcode, uprn }, '', false);
    return { name, organisation: p.organisation.join(' '), lines: p.lines, town: p.town.toUpperCase(), county: '', postcode: p.postcode };
  }
  const [flat_type, flat_number, level, number_first, number_last, street_name, street_type, street_suffix, locality, state, postcode] = f;
  const p = gnafParts({ flat_type, flat_number, level, number_first, number_last, street_name, street_type, street_suffix, locality, state, postcode });
  return { name, organisation: '', lines: p.lines, town: p.town, county: p.county, postcode: p.postcode };
}

/** `perType` entries of each type: reference addresses picked by a seeded PRNG, each with a made-up person. */
export function sampleSuppressionList(index: AddressIndex, perType: number, seed = 29): SuppressionEntry[] {
  const rnd = seeded(seed);
  const out: SuppressionEntry[] = [];
  if (index.size === 0) return out;
  for (const type of suppressionTypes) {
    for (let i = 0; i < perType; i++) {
      const id = Math.floor(rnd() * index.size);
      const name = `${forenames[Math.floor(rnd() * forenames.length)]} ${surnames[Math.floor(rnd() * surnames.length)]}`;
      out.push({ type, address: referenceAddress(index, id, name) });
    }
  }
  return out;
}

/** Entries by the hash of their individual key (name and address): a lookup per record, 1 Map entry per entry. */
export class SuppressionList {
  private byKey = new Map<number, SuppressionType[]>();

  constructor(entries: Iterable<SuppressionEntry>) {
    for (const e of entries) {
      const h = dedupeHash(e.address, 'individual');
      if (h === null) continue;
      const types = this.byKey.get(h) ?? [];
      if (!types.includes(e.type)) types.push(e.type);
      this.byKey.set(h, types);
    }
  }

  /** The types the address (in the same standard form as the entries) is listed under, in suppressionTypes order. */
  lookup(a: InputAddress): SuppressionType[] {
    const h = dedupeHash(a, 'individual');
    const found = h === null ? undefined : this.byKey.get(h);
    return found ? suppressionTypes.filter((t) => found.includes(t)) : [];
  }
}

/** What the settings make of the listed types: suppressed when any is set to suppress; the flagged ones otherwise. */
export function applySuppression(types: readonly SuppressionType[], settings: Partial<Record<SuppressionType, SuppressionSetting>>) {
  const active = types.filter((t) => (settings[t] ?? 'flag') !== 'off');
  return {
    suppressed: active.filter((t) => settings[t] === 'suppress'),
    flagged: active.filter((t) => (settings[t] ?? 'flag') === 'flag'),
  };
}
