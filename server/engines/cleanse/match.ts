import { distance } from 'fastest-levenshtein';
import type { MatchLevel, MatchReason } from '../../../contract/shared/bureau';
import { gnafParts, pafParts } from '../address/format';
import type { AddressIndex } from '../address/index';
import { words } from '../address/records';
import { lineWords, linesWords, streetToken } from '../address/streets';
import { countyOfTown, isValidPostcode, townKey, type InputAddress, type Territory } from './standardise';
import { hasDigit, optionalPremiseWords, postcodeCandidates, toGnaf, toPaf, wordsOf, type CandWords } from './candidates';

// Matching a standardised address against the reference index of its territory. Candidates come
// from the postcode when it is a real one (a postcode holds tens of addresses), else from the street
// in the town. A candidate is a match only when:
//   - it is where the row says: its postcode is the row's, or its town (or village) is the row's town,
//     so a record never moves to another town and postcode on its street name alone;
//   - the row names its street: every word of the thoroughfare or of the dependent thoroughfare,
//     exactly, as a prefix keyed short ("Chu Rd"), or at the postcode within a small edit distance
//     (a typo: "Chruch");
//   - the row names its premise: every number of the row is in the candidate and the other way round
//     (12 Church Road never becomes 14), and each house, building or flat name of the candidate is keyed
//     whole (Meadow Grove never becomes the house Meadow View, nor "Journeys Barn" The Barn),
//     "Flat", "Unit", "The" and the like optional.
// Among those the best by shared words wins (words of the candidate's organisation keyed as an address
// line count as its own, so a business keyed with its name on a line still matches); ties go to the
// lowest record id, so the result is the same on every run. When no premise matches, the result says
// how far it got, as Royal Mail's and the address-validation vendors' match codes do: the street was
// found (a street-level result, unmatched, the address left as keyed) or nothing was, and why.

export type MatchCode = 'matched' | 'updated' | 'unmatched';
// Levels and reasons (noPremise: the street is there and the row names no house on it;
// premiseNotFound: the number or name keyed is not one of its premises; ambiguous: two addresses fit
// equally with no postcode to tell them apart; streetNotFound: no such street at the postcode or in
// the town, one elsewhere never being moved to) are the contract's, shown to the customer.
export type { MatchLevel, MatchReason };
export type MatchResult = { code: MatchCode; level: MatchLevel; reason: MatchReason | null; address: InputAddress; changed: string[]; recordId: number | null };

/**
 * The row's names: its lines cut at commas and at numbers into runs of words, optional premise words
 * left out ("Flat 5 Victoria Court 36 Church Court" is victoria court, church court).
 */
function segmentsOf(lines: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const line of lines) {
    for (const part of line.split(',')) {
      let run: string[] = [];
      for (const w of lineWords(part)) {
        if (hasDigit(w)) {
          if (run.length) out.push(run);
          run = [];
        } else if (!optionalPremiseWords.has(w)) run.push(w);
      }
      if (run.length) out.push(run);
    }
  }
  return out;
}

/**
 * Whether the row keys the premise name whole: a run that is the name, or the name followed by the
 * candidate's street ("Rose Cottage Church Road" on one line). "Journeys Barn" is not The Barn, nor
 * "Nonesuch Cottage, Rose Street" Rose Cottage.
 */
function keyedWhole(row: Row, c: CandWords, name: readonly string[]): boolean {
  row.segments ??= segmentsOf(row.lines);
  return row.segments.some((run) => run.length >= name.length && name.every((w, i) => run[i] === w) && run.slice(name.length).every((w) => c.place.has(w)));
}
/** The row as the matcher reads it, made once per row, not per candidate. */
type Row = {
  set: Set<string>;
  /** The words without digits, for the street's prefix and typo checks. */
  plain: string[];
  lines: readonly string[];
  /** The runs of words between commas and numbers, for names that must be keyed whole (made when first needed). */
  segments: string[][] | null;
  digits: number;
  town: string;
  postcode: string;
};

/** Whether `a` is `b` with two neighbouring letters swapped (Yrok for York): one keying slip, two edits to Levenshtein. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/**
 * Whether the row names street word `w`: whole, as a prefix keyed short, or (`fuzzy`) with a typo:
 * two letters swapped, or within an edit distance of 1 (words of 4 letters) or 2 (5 or more).
 */
function names(row: Row, w: string, fuzzy: boolean): boolean {
  if (row.set.has(w)) return true;
  const bound = !fuzzy ? 0 : w.length >= 5 ? 2 : w.length === 4 ? 1 : 0;
  for (const x of row.plain) {
    if (x.length >= 3 && x.length < w.length && w.startsWith(x)) return true;
    if (bound && Math.abs(x.length - w.length) <= bound && (distance(x, w) <= bound || swapped(x, w))) return true;
  }
  return false;
}
const namesAll = (row: Row, ws: readonly string[], fuzzy: boolean) => ws.length > 0 && ws.every((w) => names(row, w, fuzzy));

/** Where a candidate failed, in the order checked; 'ok' when it is a match to score. */
type Check = 'elsewhere' | 'street' | 'premise' | 'ok';
function check(row: Row, c: CandWords, fuzzy: boolean): Check {
  const here = (row.postcode !== '' && row.postcode === c.postcode) || (row.town !== '' && (row.town === c.town || row.town === c.locality));
  const streetNamed = (c.street.length === 0 && c.dependentStreet.length === 0) || namesAll(row, c.street, fuzzy) || namesAll(row, c.dependentStreet, fuzzy);
  if (!streetNamed) return 'street';
  if (!here) return 'elsewhere';
  let digitsBoth = 0;
  for (let i = 0; i < c.words.length; i++) {
    if (!c.digit[i]) continue;
    if (!row.set.has(c.words[i])) return 'premise';
    digitsBoth++;
  }
  if (digitsBoth !== row.digits) return 'premise';
  for (const name of c.premiseNames) if (!keyedWhole(row, c, name)) return 'premise';
  return 'ok';
}

/**
 * Shared words over all words (Jaccard), a street word keyed short or mistyped counting as shared;
 * words of the candidate's organisation in the row are its own, neither shared nor extra.
 */
function score(row: Row, c: CandWords, fuzzy: boolean): number {
  let size = row.set.size;
  if (c.organisation.size) for (const w of row.set) if (c.organisation.has(w) && !c.words.includes(w)) size--;
  let both = 0;
  for (const w of c.words) if (names(row, w, fuzzy)) both++;
  const union = size + c.words.length - both;
  return union > 0 ? both / union : 0;
}

const lineKey = (s: string) => lineWords(s).join(' ');
const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

/** The best candidate so far (ties to the lowest record id), and how far the others got. */
type Pick = { best: number; bestScore: number; threshold: number; street: boolean; noPremise: boolean; tied: boolean };
/** Checks and scores `ids` into `pick` (a module function, not a closure per row: tsx names each closure it makes). */
function consider(pick: Pick, index: AddressIndex, row: Row, ids: readonly number[], fuzzy: boolean): void {
  for (const id of ids) {
    const c = wordsOf(index, id);
    const verdict = check(row, c, fuzzy);
    if (verdict === 'premise') {
      pick.street = true;
      // Nothing but the street (and the organisation's name): no number, no house name keyed.
      if (row.digits === 0 && [...row.set].every((w) => c.place.has(w) || c.organisation.has(w) || optionalPremiseWords.has(w))) pick.noPremise = true;
    }
    if (verdict !== 'ok') continue;
    const s = score(row, c, fuzzy);
    if (s > pick.bestScore) {
      pick.best = id;
      pick.bestScore = s;
      pick.tied = false;
    } else if (s === pick.bestScore && s > pick.threshold && id !== pick.best) {
      // Two records alike in every word at one postcode are one address listed twice: the lowest id.
      const b = wordsOf(index, pick.best);
      if (b.postcode !== c.postcode || !sameWords(b.words, c.words)) pick.tied = true;
      if (id < pick.best) pick.best = id;
    }
  }
}

/** The row's lines before its premise that are the organisation (no digits, none of the record's premise or street words). */
function organisationLines(lines: readonly string[], c: CandWords): number {
  let k = 0;
  while (k < lines.length - 1) {
    const ws = lineWords(lines[k]);
    if (ws.length === 0 || ws.some(hasDigit) || ws.some((w) => c.words.includes(w))) break;
    k++;
  }
  return k;
}

/** An unmatched result: the address as keyed, how far the match got and why. */
export const unmatched = (a: InputAddress, level: MatchLevel, reason: MatchReason): MatchResult => ({ code: 'unmatched', level, reason, address: a, changed: [], recordId: null });

/** The reference record best matching the address, with what was corrected; else how far it got and why. */
export function matchAddress(a: InputAddress, index: AddressIndex, territory: Territory, threshold = 0.3): MatchResult {
  const layout = index.layout;
  const input = linesWords(a.lines);
  if (input.length === 0) return unmatched(a, 'none', 'noAddress');
  if (!index.ready) return unmatched(a, 'none', 'noReference');

  const set = new Set(input);
  let digits = 0;
  for (const w of set) if (hasDigit(w)) digits++;
  const validPostcode = isValidPostcode(a.postcode, territory);
  const row: Row = {
    set,
    plain: [...set].filter((w) => !hasDigit(w)),
    lines: a.lines,
    segments: null,
    digits,
    town: townKey(a.town),
    postcode: validPostcode ? a.postcode.toUpperCase().replace(/\s+/g, '') : '',
  };
  const pick: Pick = { best: -1, bestScore: threshold, threshold, street: false, noPremise: false, tied: false };
  // At the postcode a street word may be mistyped: the postcode and the premise already place it.
  const atPostcode = validPostcode ? postcodeCandidates(index, a.postcode) : [];
  consider(pick, index, row, atPostcode, true);
  // A street found at the postcode without the premise keeps the row there: it is never moved to
  // another postcode of the town on its street name.
  if (pick.best < 0 && !pick.street && row.town) {
    // Postcode missing, mistyped or moved: the street in the town (each line's words after its last
    // number, as the index's street token), with the numbers of the premise.
    const numbers = input.filter(hasDigit);
    for (const line of a.lines) {
      const ws = lineWords(line);
      let k = ws.length;
      while (k > 0 && !hasDigit(ws[k - 1])) k--;
      const token = streetToken(ws.slice(k), a.town);
      if (token !== null) consider(pick, index, row, index.searchWords([...numbers, token], 50).ids, false);
    }
    if (pick.best < 0) {
      // Else by the words of the lines with the town's: whole words first (each one run of the
      // postings, cheap to intersect), then as prefixes, which also finds a word keyed short ("Chu Rd").
      const others = input.filter((w) => !hasDigit(w) && w.length > 2);
      const q = [...numbers, ...others.slice(0, 6), ...words(a.town)];
      consider(pick, index, row, index.searchWords(q, 50).ids, false);
      if (pick.best < 0) consider(pick, index, row, index.search(q.join(' '), 50).ids, false);
    }
  }
  if (pick.tied) return unmatched(a, 'street', 'ambiguous');
  const best = pick.best;
  if (best < 0) {
    if (pick.street) return unmatched(a, 'street', pick.noPremise ? 'noPremise' : 'premiseNotFound');
    if (!row.town && !row.postcode) return unmatched(a, 'none', 'noTownOrPostcode');
    if (!row.town && atPostcode.length === 0) return unmatched(a, 'none', 'noTownOrPostcode');
    return unmatched(a, 'none', 'streetNotFound');
  }

  const c = wordsOf(index, best);
  const f = index.fields(best);
  const parts = layout === 'PAF' ? pafParts(toPaf(f), '', false) : gnafParts(toGnaf(f));
  // Lines keyed above the premise that are an organisation's name: the reference's own organisation
  // when they are its words, else the customer's, kept as the organisation.
  const orgLines = organisationLines(a.lines, c);
  const keyedOrg = a.lines.slice(0, orgLines).join(' ');
  const referenceOrg = parts.organisation.join(' ');
  const isReferenceOrg = orgLines > 0 && words(keyedOrg).every((w) => c.organisation.has(w));
  const lines = a.lines.slice(orgLines);
  const found: InputAddress = {
    name: a.name,
    organisation: a.organisation || (isReferenceOrg ? referenceOrg : keyedOrg) || referenceOrg,
    lines: parts.lines,
    town: parts.town.toUpperCase(),
    county: territory === 'uk' ? (townKey(a.town) === townKey(parts.town) && a.county) || countyOfTown(parts.town) : parts.county,
    postcode: parts.postcode,
  };
  const changed: string[] = [];
  const n = Math.max(lines.length, found.lines.length);
  // Lines split otherwise but with the same words in the same order are no correction.
  const sameLines = sameWords(linesWords(lines), linesWords(found.lines));
  for (let i = 0; i < n && !sameLines; i++) if (lineKey(lines[i] ?? '') !== lineKey(found.lines[i] ?? '')) changed.push(`address${i + 1}`);
  if (townKey(a.town) !== townKey(found.town)) changed.push('town');
  if (a.postcode !== found.postcode && a.postcode.replace(/\s/g, '') !== found.postcode.replace(/\s/g, '')) changed.push('postcode');
  return { code: changed.length ? 'updated' : 'matched', level: 'premise', reason: null, address: found, changed, recordId: best };
}
