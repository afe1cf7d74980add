import { gnafParts, pafParts } from '../address/format';
import type { AddressIndex } from '../address/index';
import { words, type GnafRecord, type PafRecord } from '../address/records';
import { lineWords, linesWords, streetToken } from '../address/streets';
import { countyOfTown, isValidPostcode, townKey, type InputAddress, type Territory } from './standardise';

// Matching a standardised address against the reference index of its territory. Candidates come
// from the postcode when it is a real one (a postcode holds tens of addresses) and otherwise from a
// word search of the lines and town. Candidates are scored on their raw fields' words, cheap to
// compare; only the winner is formatted by PAF rules. The premise decides: every number of the input
// must be in the candidate and the other way round, so 12 Church Road never becomes 14. Ties go to
// the lowest record id, so the result is the same on every run.

export type MatchCode = 'matched' | 'updated' | 'unmatched';
export type MatchResult = { code: MatchCode; address: InputAddress; changed: string[]; recordId: number | null };

const hasDigit = (w: string) => /\d/.test(w);

/** The words of a record's premise and street fields (no organisation, town or postcode), cut from its row unsplit. */
function candidateWords(index: AddressIndex, id: number): string[] {
  // PAF: sub_building .. dependent_locality are columns 3..8; G-NAF: flat_type .. street_suffix are 0..7.
  return linesWords([index.layout === 'PAF' ? index.fieldSpan(id, 3, 9) : index.fieldSpan(id, 0, 8)]);
}

/** A record's candidate words once each, and which of them hold a digit (a premise number). */
type CandWords = { words: string[]; digit: boolean[] };

// Candidate words by record, per index: files usually come sorted by postcode or area, so the records
// of one postcode are scored many times in a row. Cleared when full so memory stays bounded (about
// 200 bytes an entry, 40 MB at most).
const CACHE_MAX = 200_000;
const wordCache = new WeakMap<AddressIndex, Map<number, CandWords>>();
function wordsOf(index: AddressIndex, id: number): CandWords {
  let cache = wordCache.get(index);
  if (!cache) wordCache.set(index, (cache = new Map()));
  let ws = cache.get(id);
  if (!ws) {
    if (cache.size >= CACHE_MAX) cache.clear();
    const unique = [...new Set(candidateWords(index, id))];
    ws = { words: unique, digit: unique.map(hasDigit) };
    cache.set(id, ws);
  }
  return ws;
}

// The last postcode's candidates, per index (finished, so they never change): rows of one postcode
// usually come one after another.
const lastPostcode = new WeakMap<AddressIndex, { postcode: string; ids: number[] }>();
function postcodeCandidates(index: AddressIndex, postcode: string): number[] {
  const last = lastPostcode.get(index);
  if (last?.postcode === postcode) return last.ids;
  const ids = index.byPostcode(postcode, 500).ids;
  lastPostcode.set(index, { postcode, ids });
  return ids;
}

const toPaf = (f: readonly string[]): PafRecord => {
  const [udprn, organisation, department, sub_building, building_name, building_number, dependent_thoroughfare, thoroughfare, dependent_locality, post_town, postcode, uprn] = f;
  return { udprn, organisation, department, sub_building, building_name, building_number, dependent_thoroughfare, thoroughfare, dependent_locality, post_town, postcode, uprn };
};
const toGnaf = (f: readonly string[]): GnafRecord => {
  const [flat_type, flat_number, level, number_first, number_last, street_name, street_type, street_suffix, locality, state, postcode] = f;
  return { flat_type, flat_number, level, number_first, number_last, street_name, street_type, street_suffix, locality, state, postcode };
};

/** The input's words as a set, and how many of them hold a digit: made once per row, not per candidate. */
type InputWords = { set: Set<string>; digits: number };

/**
 * Jaccard similarity of the word sets, or -1 when the numbers (premise) differ. The candidate's words
 * are distinct, so counting the shared digit words finds an input number missing from the candidate.
 */
function score(input: InputWords, cand: CandWords): number {
  const a = input.set;
  const { words: b, digit } = cand;
  let both = 0;
  let digitsBoth = 0;
  for (let i = 0; i < b.length; i++) {
    if (a.has(b[i])) {
      both++;
      if (digit[i]) digitsBoth++;
    } else if (digit[i]) return -1;
  }
  if (digitsBoth !== input.digits) return -1;
  const union = a.size + b.length - both;
  return union ? both / union : 0;
}

const lineKey = (s: string) => lineWords(s).join(' ');
const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

/** The best candidate so far; ties go to the lowest record id. */
type Pick = { best: number; bestScore: number; threshold: number };
/** Scores `ids` into `pick` (a module function, not a closure per row: tsx names each closure it makes). */
function consider(pick: Pick, index: AddressIndex, input: InputWords, ids: readonly number[]): void {
  for (const id of ids) {
    const s = score(input, wordsOf(index, id));
    if (s > pick.bestScore || (s === pick.bestScore && s > pick.threshold && id < pick.best)) {
      pick.best = id;
      pick.bestScore = s;
    }
  }
}

/** The reference record best matching the address, with what was corrected; unmatched when none scores well enough. */
export function matchAddress(a: InputAddress, index: AddressIndex, territory: Territory, threshold = 0.5): MatchResult {
  const layout = index.layout;
  const input = linesWords(a.lines);
  const unmatched: MatchResult = { code: 'unmatched', address: a, changed: [], recordId: null };
  if (input.length === 0 || !index.ready) return unmatched;

  let candidates: number[] = [];
  if (isValidPostcode(a.postcode, territory)) candidates = postcodeCandidates(index, a.postcode);
  const inputSet = new Set(input);
  let digits = 0;
  for (const w of inputSet) if (hasDigit(w)) digits++;
  const inputWords: InputWords = { set: inputSet, digits };
  const pick: Pick = { best: -1, bestScore: threshold, threshold };
  consider(pick, index, inputWords, candidates);
  let best = pick.best;
  const numbers = best < 0 ? input.filter(hasDigit) : [];
  if (best < 0) {
    // Postcode missing, mistyped or moved: the street in the town first (each line's words after its
    // last number, as the index's street token), with the numbers of the premise.
    for (const line of a.lines) {
      const ws = lineWords(line);
      let k = ws.length;
      while (k > 0 && !hasDigit(ws[k - 1])) k--;
      const token = streetToken(ws.slice(k), a.town);
      if (token !== null) consider(pick, index, inputWords, index.searchWords([...numbers, token], 50).ids);
    }
    best = pick.best;
  }
  if (best < 0) {
    // Else by the words of the lines, with the town, then without: whole words first (each one run
    // of the postings, cheap to intersect), then as prefixes, which also finds a word keyed short ("Chu Rd").
    const others = input.filter((w) => !hasDigit(w) && w.length > 2);
    const town = words(a.town);
    for (const q of [[...numbers, ...others.slice(0, 6), ...town], [...numbers, ...others.slice(0, 6)]]) {
      consider(pick, index, inputWords, index.searchWords(q, 50).ids);
      if (pick.best < 0) consider(pick, index, inputWords, index.search(q.join(' '), 50).ids);
      best = pick.best;
      if (best >= 0) break;
    }
  }
  if (best < 0) return unmatched;

  const f = index.fields(best);
  const parts = layout === 'PAF' ? pafParts(toPaf(f), '', false) : gnafParts(toGnaf(f));
  const found: InputAddress = {
    name: a.name,
    organisation: a.organisation || parts.organisation.join(' '),
    lines: parts.lines,
    town: parts.town.toUpperCase(),
    county: territory === 'uk' ? a.county || countyOfTown(parts.town) : parts.county,
    postcode: parts.postcode,
  };
  const changed: string[] = [];
  const n = Math.max(a.lines.length, found.lines.length);
  // Lines split otherwise but with the same words in the same order are no correction.
  const sameLines = sameWords(input, linesWords(found.lines));
  for (let i = 0; i < n && !sameLines; i++) if (lineKey(a.lines[i] ?? '') !== lineKey(found.lines[i] ?? '')) changed.push(`address${i + 1}`);
  if (townKey(a.town) !== townKey(found.town)) changed.push('town');
  if (a.postcode !== found.postcode && a.postcode.replace(/\s/g, '') !== found.postcode.replace(/\s/g, '')) changed.push('postcode');
  return { code: changed.length ? 'updated' : 'matched', address: found, changed, recordId: best };
}
