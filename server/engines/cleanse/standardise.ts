import { nameCase } from '@foundernest/namecase';
import { ukPostTowns } from '../address/generate';
import type { InputField } from './mapping';

// A mapped row as an address, standardised so that two spellings of one address compare equal and
// so that what the matcher changes is a real correction, not a difference of case or spacing.

export type Territory = 'uk' | 'australia';

export type InputAddress = { name: string; organisation: string; lines: string[]; town: string; county: string; postcode: string };

/** The row's fields gathered by the mapping; address lines in mappingOrder, blanks dropped. */
export function addressOf(fields: readonly string[], mapping: readonly InputField[]): InputAddress {
  return addressReader(mapping)(fields);
}

/** addressOf with the mapping's columns per type sorted once, for a whole file. */
export function addressReader(mapping: readonly InputField[]): (fields: readonly string[]) => InputAddress {
  const columns = (type: InputField['mappingType']) =>
    mapping
      .filter((m) => m.mappingType === type)
      .sort((a, b) => a.mappingOrder - b.mappingOrder)
      .map((m) => m.inputOrder);
  const [name, organisation, address, town, county, postcode] = (['name', 'organisation', 'address', 'town', 'county', 'postcode'] as const).map(columns);
  const pick = (fields: readonly string[], cols: number[]) => {
    const out: string[] = [];
    for (const c of cols) {
      const v = (fields[c] ?? '').trim();
      if (v) out.push(v);
    }
    return out;
  };
  return (fields) => ({
    name: pick(fields, name).join(' '),
    organisation: pick(fields, organisation).join(' '),
    lines: pick(fields, address),
    town: pick(fields, town).join(' '),
    county: pick(fields, county).join(' '),
    postcode: pick(fields, postcode).join(' '),
  });
}

/** Whether `s` is already tidy: only single spaces between non-blank characters, no trailing comma (one scan, no copy). */
function tidy(s: string): boolean {
  const n = s.length;
  if (n === 0) return true;
  if (s.charCodeAt(0) === 32 || s.charCodeAt(n - 1) === 32 || s.charCodeAt(n - 1) === 44) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    // Tab, line breaks and the like, every non-ASCII character (some are spaces), or two spaces.
    if (c < 32 || c > 126 || (c === 32 && s.charCodeAt(i + 1) === 32)) return false;
  }
  return true;
}

/** Runs of whitespace as one space, and one trailing comma dropped (a regex for the comma, /\s*,\s*$/, was tried at every position of every field). */
function space(s: string): string {
  if (tidy(s)) return s;
  const t = s.replace(/\s+/g, ' ').trimEnd();
  return (t.endsWith(',') ? t.slice(0, -1) : t).trim();
}

/** Capitals and small letters, keeping a letter after a digit small only when it is a flat letter (12a -> 12A). */
export function titleCase(text: string): string {
  // A capital for a-z at the start or after a separator (space() left no whitespace but ' '), in one
  // scan: what /(^|[\s\-(/'.,])([a-z])/g with an upper-casing callback did, without its allocations.
  const lower = space(text).toLowerCase();
  let out = '';
  let from = 0;
  // A letter right after a digit (12a) is never capitalised by the scan: noted for the flat-letter rule.
  let digitLetter = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c < 97 || c > 122) continue;
    const before = i > 0 ? lower.charCodeAt(i - 1) : 32;
    if (before >= 48 && before <= 57) digitLetter = true;
    if (!afterSeparator(before)) continue;
    out += lower.slice(from, i) + String.fromCharCode(c - 32);
    from = i + 1;
  }
  out += lower.slice(from);
  return digitLetter ? out.replace(/\b(\d+)([a-z])\b/g, (_, n: string, c: string) => n + c.toUpperCase()) : out;
}
/** Space, - ( / ' . and comma. */
const afterSeparator = (c: number) => c === 32 || c === 45 || c === 40 || c === 47 || c === 39 || c === 46 || c === 44;

// NameCase's Roman-numeral and post-nominal passes capitalise whole words anywhere in the name, which
// turns the names Li, Liv, Xi and Ed and the title Ms into LI, LIV, XI, ED and MS: both are off, and
// a generational suffix at the end (II to VIII) is put in capitals here.
const nameCaseOptions = { roman: false, postnominal: false };
/**
 * Longer than any person's name: such a field is left as written. NameCase's rules take time that
 * grows with the square of the length (a megabyte field would hold a worker for minutes).
 */
export const longestCasedName = 200;
const generation = /\s(ii|iii|iv|vi|vii|viii)$/i;

/**
 * A person's name as written when its letters mix capitals and small letters (McDonald, van Dijk,
 * DeShawn: the customer's casing is the best there is); a name keyed all in capitals or all in small
 * letters is cased by NameCase's rules (Mc/Mac, O', hyphens, particles such as van, de, von), spacing
 * tidied either way.
 */
export function casePersonName(text: string): string {
  const name = space(text);
  const oneCase = name === name.toUpperCase() || name === name.toLowerCase();
  if (!oneCase || !/\p{L}/u.test(name) || name.length > longestCasedName) return name;
  return nameCase(name, nameCaseOptions).replace(generation, (suffix) => suffix.toUpperCase());
}

/** A UK postcode in its one form (outward, space, inward, capitals), an Australian one as four digits; else the text tidied. */
export function standardPostcode(text: string, territory: Territory): string {
  // Already in its one form (most rows): as it is.
  if (isValidPostcode(text, territory)) return text;
  const compact = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (territory === 'australia') return /^\d{3,4}$/.test(compact) ? compact.padStart(4, '0') : space(text).toUpperCase();
  // Common keying slips in the inward code: O for 0 in its digit, 0 for O in its letters.
  const fixed = compact.length >= 5 ? compact.slice(0, -3) + compact.slice(-3, -2).replace('O', '0') + compact.slice(-2).replace(/0/g, 'O') : compact;
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(fixed) ? `${fixed.slice(0, -3)} ${fixed.slice(-3)}` : space(text).toUpperCase();
}

export const isValidPostcode = (postcode: string, territory: Territory) =>
  territory === 'uk' ? /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/.test(postcode) : /^\d{4}$/.test(postcode);

let townIndex: Map<string, { town: string; county: string }> | null = null;
/** Post towns of the reference data by their letters alone (NEWCASTLE-UPON-TYNE = Newcastle upon Tyne). */
function towns(): Map<string, { town: string; county: string }> {
  townIndex ??= new Map(ukPostTowns().map((t) => [townKey(t.postTown), { town: t.postTown, county: t.county }]));
  return townIndex;
}
export const townKey = (town: string) => town.toUpperCase().replace(/[^A-Z]/g, '');

/** The county of a UK post town of the reference data ('' when unknown). */
export const countyOfTown = (town: string) => towns().get(townKey(town))?.county ?? '';

/**
 * The standard form of an address: spacing, capitals, postcode shape; a UK town in upper case as
 * Royal Mail prints it; a known town keyed as an address line (no town column) moved to the town.
 */
export function standardise(a: InputAddress, territory: Territory): InputAddress {
  const { lines, town, postcode } = standardParts(a, territory, titleCase);
  const known = territory === 'uk' ? towns().get(townKey(town)) : undefined;
  return {
    name: casePersonName(a.name),
    organisation: space(a.organisation),
    lines,
    town: known ? known.town.toUpperCase() : town.toUpperCase(),
    county: territory === 'australia' ? space(a.county).toUpperCase() : a.county ? titleCase(a.county) : (known?.county ?? ''),
    postcode,
  };
}

/**
 * What the dedupe key reads of the standard form (name, organisation, lines, postcode) without the
 * capitals, which the key's lower-case words do not see: the same key as standardise's for less
 * work, for the pass that only counts keys. Town and county are left empty.
 */
export function standardiseForKey(a: InputAddress, territory: Territory): InputAddress {
  const { lines, postcode } = standardParts(a, territory, space);
  return { name: a.name, organisation: a.organisation, lines, town: '', county: '', postcode };
}

/** The lines tidied by `tidy` (blanks dropped), with a postcode or town keyed into the last line taken out. */
function standardParts(a: InputAddress, territory: Territory, tidy: (line: string) => string): { lines: string[]; town: string; postcode: string } {
  const lines = a.lines.map(tidy).filter(Boolean);
  let town = space(a.town);
  let postcode = standardPostcode(a.postcode, territory);
  // A postcode keyed into the last line (no postcode column) is taken out of it.
  if (!postcode && lines.length) {
    const last = lines[lines.length - 1];
    const cand = standardPostcode(last, territory);
    if (isValidPostcode(cand, territory)) {
      postcode = cand;
      lines.pop();
    }
  }
  if (!town && lines.length > 1 && (territory === 'australia' || towns().has(townKey(lines[lines.length - 1])))) town = lines.pop() ?? '';
  return { lines, town, postcode };
}
