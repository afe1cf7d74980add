import { words, type Layout } from './records';

// Street words as the matcher compares them (abbreviations written out: rd = road), and the street
// tokens the index holds beside a record's words: "~church road|great yarmouth", its street (and
// dependent street) with its town. A customer's row without a postcode names its street and town:
// the token's records are a few dozen, so intersecting them with the premise number is a handful of
// steps where the street's and town's words, each tens of thousands of records, took hundreds.
// A token starts with '~', which no query word has (words are letters and digits), so the prefix
// search never reaches one, and it sorts after every word.

const abbreviations = new Map<string, string>(Object.entries({
  rd: 'road', st: 'street', ave: 'avenue', av: 'avenue', ln: 'lane', cl: 'close', dr: 'drive', cres: 'crescent',
  cresc: 'crescent', gdns: 'gardens', gr: 'grove', gro: 'grove', pl: 'place', ter: 'terrace', terr: 'terrace', ct: 'court',
  wk: 'walk', hwy: 'highway', pde: 'parade', blvd: 'boulevard', apt: 'apartment', fl: 'flat', mt: 'mount', sq: 'square',
}));

/** A line's words with abbreviations written out. */
export function lineWords(text: string): string[] {
  const out = words(text);
  for (let i = 0; i < out.length; i++) out[i] = abbreviations.get(out[i]) ?? out[i];
  return out;
}

/** The words of all the lines in one array (flatMap with a callback cost a twentieth of the cleanse). */
export function linesWords(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) for (const w of words(line)) out.push(abbreviations.get(w) ?? w);
  return out;
}

/** The token of a street (its words, abbreviations written out) in a town; null without street words. */
export function streetToken(street: readonly string[], town: string): string | null {
  return street.length === 0 ? null : `~${street.join(' ')}|${words(town).join(' ')}`;
}

/** A record's street tokens: PAF thoroughfare and dependent thoroughfare in the post town; G-NAF street name, type and suffix in the locality. */
export function recordStreetTokens(layout: Layout, f: readonly string[]): string[] {
  const tokens = layout === 'PAF'
    ? [streetToken(lineWords(f[7] ?? ''), f[9] ?? ''), streetToken(lineWords(f[6] ?? ''), f[9] ?? '')]
    : [streetToken(lineWords([f[5], f[6], f[7]].filter(Boolean).join(' ')), f[8] ?? '')];
  return tokens.filter((t): t is string => t !== null);
}
