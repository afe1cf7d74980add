import { words } from '../address/records';
import type { InputAddress } from './standardise';

// Deduplication at the levels GET /dedupelevels offers. A record's key is its level's parts in
// standard form; records with one key are one group: the first is the parent, the later ones its
// children, and a record alone is unique. Whether the first record has children is only known once
// the file has been read, so the pipeline counts keys in a first pass (count) and flags in a second
// (flag), both in file order, which makes the group ids and flags the same on every run.
//
// Memory: a key is kept as a 53-bit hash, not as text, whatever the length of the address: while
// counting, one Map entry (hash to group) per distinct key; then only typed arrays, a group's size
// and seen count and each record's group (4 bytes each). Two different keys sharing a hash (odds
// about n^2 / 2^54, 1 in 36,000 at 1M records) would be taken as duplicates.

export const dedupeLevels = ['address', 'household', 'individual'] as const;
export type DedupeLevel = (typeof dedupeLevels)[number];
export type DedupeFlag = 'parent' | 'child' | 'unique';

const titles = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'rev', 'sir', 'dame', 'lady', 'lord', 'jr', 'sr', 'esq']);

/** The name's words without titles or suffixes: "Mr J. Smith" -> ["j", "smith"]. */
export const nameWords = (name: string) => words(name).filter((w) => !titles.has(w));

/** The record's key at the level; null when it has no address to compare (never a duplicate). */
export function dedupeKey(a: InputAddress, level: DedupeLevel): string | null {
  const address: string[] = [];
  for (const l of a.lines) for (const w of words(l)) address.push(w);
  for (const w of words(a.postcode.replace(/\s/g, ''))) address.push(w);
  if (address.length === 0) return null;
  const base = `${a.organisation ? words(a.organisation).join(' ') : ''}|${address.join(' ')}`;
  if (level === 'address') return base;
  const name = nameWords(a.name);
  if (name.length === 0) return base;
  if (level === 'household') return `${name[name.length - 1]}|${base}`;
  return `${name.join(' ')}|${base}`;
}

/** FNV-1a over the UTF-16 units, twice with different offsets, folded into 53 bits (a safe integer). */
export function hashKey(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return (a & 0x1fffff) * 0x100000000 + b;
}

/** hashKey fed piece by piece: the hash of the pieces' concatenation without making it. */
class KeyHash {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x5bd1e995;
  char(c: number): void {
    this.a = Math.imul(this.a ^ c, 0x01000193) >>> 0;
    this.b = Math.imul(this.b ^ c, 0x5bd1e995) >>> 0;
  }
  /** The words with a space between each two. */
  words(ws: readonly string[]): void {
    for (let k = 0; k < ws.length; k++) {
      if (k > 0) this.char(32);
      const w = ws[k];
      for (let i = 0; i < w.length; i++) this.char(w.charCodeAt(i));
    }
  }
  /**
   * words(words(text)) continuing a run of `count` words (a space before each after the first),
   * scanning the text in place when it is ASCII (no word strings made); the new count.
   */
  textWords(text: string, count: number): number {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return this.wordsFrom(words(text), count);
    let n = count;
    let inWord = false;
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c >= 65 && c <= 90) c += 32;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        if (!inWord) {
          if (n++ > 0) this.char(32);
          inWord = true;
        }
        this.char(c);
      } else inWord = false;
    }
    return n;
  }
  private wordsFrom(ws: readonly string[], count: number): number {
    for (const w of ws) {
      if (count++ > 0) this.char(32);
      for (let i = 0; i < w.length; i++) this.char(w.charCodeAt(i));
    }
    return count;
  }
  get value(): number {
    return (this.a & 0x1fffff) * 0x100000000 + this.b;
  }
}

/** hashKey(dedupeKey(a, level)) without making the key's text: what the pipeline counts and looks up per row. */
export function dedupeHash(a: InputAddress, level: DedupeLevel): number | null {
  const h = new KeyHash();
  if (level !== 'address') {
    const name = nameWords(a.name);
    if (name.length > 0) {
      h.words(level === 'household' ? [name[name.length - 1]] : name);
      h.char(124); // |
    }
  }
  if (a.organisation) h.textWords(a.organisation, 0);
  h.char(124);
  // The address last: its words in place, and no key at all when it has none.
  let count = 0;
  for (const l of a.lines) count = h.textWords(l, count);
  count = h.textWords(a.postcode.replace(/\s/g, ''), count);
  return count === 0 ? null : h.value;
}

/** An Int32Array twice as long, or as `at` needs, with the old values. */
function grown(array: Int32Array<ArrayBuffer>, at: number): Int32Array<ArrayBuffer> {
  if (at < array.length) return array;
  const next = new Int32Array(Math.max(array.length * 2, at + 1));
  next.set(array);
  return next;
}

export class Deduper {
  /** Group index of each key hash: only while counting (countDone drops it). */
  private byHash: Map<number, number> | null = new Map();
  private sizes = new Int32Array(1024);
  private seen = new Int32Array(1024);
  private groups = 0;
  /** Each counted record's group index + 1 in order (0: no key), so the second pass need not make keys again. */
  private groupOf = new Int32Array(1024);
  private counted = 0;
  private flagged = 0;

  /** First pass: counts the key (null keys are not counted) and remembers it for flagNext(). */
  count(key: string | null): void {
    this.countHash(key === null ? null : hashKey(key));
  }

  /** count() of a key given by its hash (dedupeHash). */
  countHash(hash: number | null): void {
    if (!this.byHash) throw new Error('countHash: the count is done');
    this.groupOf = grown(this.groupOf, this.counted);
    if (hash === null) {
      this.groupOf[this.counted++] = 0;
      return;
    }
    let g = this.byHash.get(hash);
    if (g === undefined) {
      g = this.groups++;
      this.byHash.set(hash, g);
      this.sizes = grown(this.sizes, g);
      this.seen = grown(this.seen, g);
    }
    this.sizes[g]++;
    this.groupOf[this.counted++] = g + 1;
  }

  /** The first pass is over: the hashes are let go (flagNext reads the groups), about half the memory. */
  countDone(): void {
    this.byHash = null;
  }

  /** Second pass, in the same order as count(): the next record's flag and group, from its remembered key. */
  flagNext(): { flag: DedupeFlag; group: number } {
    if (this.flagged >= this.counted) throw new Error('flagNext: more records than were counted');
    return this.flagGroup(this.groupOf[this.flagged++]);
  }

  /** Second pass, in the same order, before countDone: the record's flag and group (0 for a record with no key). */
  flag(key: string | null): { flag: DedupeFlag; group: number } {
    if (!this.byHash) throw new Error('flag: the count is done; use flagNext');
    const g = key === null ? undefined : this.byHash.get(hashKey(key));
    return this.flagGroup(g === undefined ? 0 : g + 1);
  }

  /** The flag of the next record of group g1 - 1 (0: none). */
  private flagGroup(g1: number): { flag: DedupeFlag; group: number } {
    if (g1 === 0) return { flag: 'unique', group: 0 };
    const g = g1 - 1;
    this.seen[g]++;
    if (this.sizes[g] === 1) return { flag: 'unique', group: g1 };
    return { flag: this.seen[g] === 1 ? 'parent' : 'child', group: g1 };
  }

  get distinct(): number {
    return this.groups;
  }
}
