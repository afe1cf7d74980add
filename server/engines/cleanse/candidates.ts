import type { AddressIndex } from '../address/index';
import { words, type GnafRecord, type PafRecord } from '../address/records';
import { lineWords, linesWords } from '../address/streets';
import { townKey } from './standardise';

// The candidates as the matcher reads them: a reference record's words, split once (cached per
// index), and the records at a postcode (the last postcode asked is kept, as a file's rows at one
// postcode come together).

export const hasDigit = (w: string) => /\d/.test(w);

/** Words of a sub-building or premise that a customer often leaves out: "5 Victoria Court" is Flat 5 of it. */
export const optionalPremiseWords = new Set(['flat', 'apartment', 'unit', 'suite', 'shop', 'level', 'room', 'the']);

const nameWord = (w: string) => !hasDigit(w) && !optionalPremiseWords.has(w);

/** A record's parts as the matcher checks them, each once per record. */
export type CandWords = {
  /** Premise, street and locality words, once each (what scoring compares). */
  words: string[];
  /** Which of `words` hold a digit (a premise number). */
  digit: boolean[];
  /** House, building and sub-building names the row must name, each as words in order (no digits, none of optionalPremiseWords). */
  premiseNames: string[][];
  /** Thoroughfare words; dependent thoroughfare words (PAF). */
  street: string[];
  dependentStreet: string[];
  /** Street, dependent street and locality words: a row of only these names no premise. */
  place: Set<string>;
  /** Organisation and department words (PAF). */
  organisation: Set<string>;
  town: string;
  locality: string;
  /** The postcode without spaces, in capitals. */
  postcode: string;
};

function candidateOf(index: AddressIndex, id: number): CandWords {
  const f = index.fields(id);
  const paf = index.layout === 'PAF';
  // PAF: organisation, department (1, 2), sub_building .. building_number (3..5), dependent
  // thoroughfare (6), thoroughfare (7), dependent locality (8), post town (9), postcode (10).
  // G-NAF: flat_type .. number_last (0..4), street name, type, suffix (5..7), locality (8), postcode (10).
  const premiseFields = paf ? [f[3], f[4], f[5]] : f.slice(0, 5);
  const premise = linesWords(premiseFields);
  const street = paf ? lineWords(f[7] ?? '') : linesWords([f[5], f[6]]);
  const dependentStreet = paf ? lineWords(f[6] ?? '') : [];
  const locality = paf ? lineWords(f[8] ?? '') : [];
  const suffix = paf ? [] : lineWords(f[7] ?? '');
  const unique = [...new Set([...premise, ...dependentStreet, ...street, ...suffix, ...locality])];
  return {
    words: unique,
    digit: unique.map(hasDigit),
    premiseNames: premiseFields.map((p) => lineWords(p ?? '').filter(nameWord)).filter((ws) => ws.length > 0),
    street,
    dependentStreet,
    place: new Set([...street, ...dependentStreet, ...suffix, ...locality]),
    organisation: new Set(paf ? words(`${f[1] ?? ''} ${f[2] ?? ''}`) : []),
    town: townKey(paf ? f[9] ?? '' : f[8] ?? ''),
    locality: paf ? townKey(f[8] ?? '') : '',
    postcode: (f[10] ?? '').toUpperCase().replace(/\s+/g, ''),
  };
}

// Candidate parts by record, per index: files usually come sorted by postcode or area, so the records
// of one postcode are checked many times in a row. Cleared when full so memory stays bounded (a few
// hundred bytes an entry).
const CACHE_MAX = 200_000;
const wordCache = new WeakMap<AddressIndex, Map<number, CandWords>>();
export function wordsOf(index: AddressIndex, id: number): CandWords {
  let cache = wordCache.get(index);
  if (!cache) wordCache.set(index, (cache = new Map()));
  let ws = cache.get(id);
  if (!ws) {
    if (cache.size >= CACHE_MAX) cache.clear();
    ws = candidateOf(index, id);
    cache.set(id, ws);
  }
  return ws;
}

// The last postcode's candidates, per index (finished, so they never change): rows of one postcode
// usually come one after another.
const lastPostcode = new WeakMap<AddressIndex, { postcode: string; ids: number[] }>();
export function postcodeCandidates(index: AddressIndex, postcode: string): number[] {
  const last = lastPostcode.get(index);
  if (last?.postcode === postcode) return last.ids;
  const ids = index.byPostcode(postcode, 500).ids;
  lastPostcode.set(index, { postcode, ids });
  return ids;
}

export const toPaf = (f: readonly string[]): PafRecord => {
  const [udprn, organisation, department, sub_building, building_name, building_number, dependent_thoroughfare, thoroughfare, dependent_locality, post_town, postcode, uprn] = f;
  return { udprn, organisation, department, sub_building, building_name, building_number, dependent_thoroughfare, thoroughfare, dependent_locality, post_town, postcode, uprn };
};
export const toGnaf = (f: readonly string[]): GnafRecord => {
  const [flat_type, flat_number, level, number_first, number_last, street_name, street_type, street_suffix, locality, state, postcode] = f;
  return { flat_type, flat_number, level, number_first, number_last, street_name, street_type, street_suffix, locality, state, postcode };
};
