import { gallop, Growable } from './postings';
import { layoutFields, recordWords, sameCompact, words, type Layout } from './records';
import { recordStreetTokens } from './streets';

// The address index: every record kept once as a compact string, and an inverted index of its words
// whose vocabulary is sorted, so the records of every word starting with a prefix are one contiguous
// slice of one Uint32Array. A query's words are prefixes of words of the address in any order; the
// rarest query word's slice is walked and each candidate checked for the other words against its own
// (sorted) word ids, stopping once `limit + 1` matches are found. Beside its words a record holds its
// street tokens (streets.ts), for the matcher's whole-word search. Typed arrays keep a million records
// to a few hundred bytes each (measured by npm run bench).

const SEP = '\x1f';

export { recordWords };

export type SearchResult = { ids: number[]; more: boolean };

export class AddressIndex {
  private rows: string[] = [];
  private building: { vocab: Map<string, number>; counts: number[]; tokens: Growable; offsets: Growable } | null;
  private vocab: string[] = [];
  /** Record ids of each word, word by word in vocabulary order: postings[postOff[w] .. postOff[w+1]). */
  private postings = new Uint32Array(0);
  private postOff = new Uint32Array(1);
  /** Word ids of each record (sorted): recTokens[recOff[r] .. recOff[r+1]). */
  private recTokens = new Uint32Array(0);
  private recOff = new Uint32Array(1);
  /** Per-query marks so a record reached through two words of one prefix is returned once. */
  private stamps = new Uint32Array(0);
  private stamp = 0;
  private postcodeColumn: number;

  constructor(readonly layout: Layout) {
    this.building = { vocab: new Map(), counts: [], tokens: new Growable(), offsets: new Growable() };
    this.building.offsets.push(0);
    this.postcodeColumn = layoutFields[layout].findIndex((field) => field === 'postcode');
  }

  get size(): number {
    return this.rows.length;
  }

  get ready(): boolean {
    return this.building === null;
  }

  /** Adds a record: its fields in the layout's order. */
  add(fields: readonly string[]): void {
    const b = this.building;
    if (!b) throw new Error('The index is finished');
    this.rows.push(fields.map((f) => (f ?? '').replaceAll(SEP, ' ').trim()).join(SEP));
    for (const w of [...recordWords(this.layout, fields), ...recordStreetTokens(this.layout, fields)]) {
      let id = b.vocab.get(w);
      if (id === undefined) {
        id = b.counts.length;
        b.vocab.set(w, id);
        b.counts.push(0);
      }
      b.counts[id]++;
      b.tokens.push(id);
    }
    b.offsets.push(b.tokens.length);
  }

  /** Sorts the vocabulary and lays out the postings; the index answers from then on. */
  finish(): void {
    const b = this.building;
    if (!b) return;
    const entries = [...b.vocab.keys()];
    const order = entries.map((_, i) => i).sort((x, y) => (entries[x] < entries[y] ? -1 : entries[x] > entries[y] ? 1 : 0));
    const rank = new Uint32Array(order.length);
    order.forEach((old, i) => (rank[old] = i));
    this.vocab = order.map((i) => entries[i]);
    const postOff = new Uint32Array(order.length + 1);
    for (let i = 0; i < order.length; i++) postOff[i + 1] = postOff[i] + b.counts[order[i]];
    const recOff = b.offsets.done();
    const recTokens = b.tokens.done();
    const postings = new Uint32Array(recTokens.length);
    const fill = postOff.slice(0, order.length);
    for (let r = 0; r + 1 < recOff.length; r++) {
      const from = recOff[r];
      const to = recOff[r + 1];
      for (let k = from; k < to; k++) {
        const w = rank[recTokens[k]];
        recTokens[k] = w;
        postings[fill[w]++] = r;
      }
      recTokens.subarray(from, to).sort();
    }
    this.postings = postings;
    this.postOff = postOff;
    this.recTokens = recTokens;
    this.recOff = recOff;
    this.stamps = new Uint32Array(this.rows.length);
    this.building = null;
  }

  /** First vocabulary position at or after `word`. */
  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.vocab[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Vocabulary positions [from, to) of the words starting with `prefix` ('{' sorts after every letter and digit). */
  private range(prefix: string): [number, number] {
    return [this.lowerBound(prefix), this.lowerBound(prefix + '{')];
  }

  private hasWordIn(record: number, from: number, to: number): boolean {
    const rt = this.recTokens;
    for (let k = this.recOff[record], end = this.recOff[record + 1]; k < end; k++) {
      const w = rt[k];
      if (w >= from && w < to) return true;
      if (w >= to) return false;
    }
    return false;
  }

  /**
   * Records each of whose query words starts a word of the address (any order), at most `limit`;
   * `more` says whether there were others. A query with no letters or digits matches nothing.
   */
  search(query: string, limit: number): SearchResult {
    if (!this.ready) throw new Error('The index is not ready');
    const qs = [...new Set(words(query))].slice(0, 12);
    if (qs.length === 0 || limit < 1) return { ids: [], more: false };
    const ranges = qs.map((w) => {
      const [from, to] = this.range(w);
      return { from, to, size: this.postOff[to] - this.postOff[from] };
    });
    ranges.sort((a, b) => a.size - b.size);
    if (ranges[0].size === 0) return { ids: [], more: false };
    const [driver, ...others] = ranges;
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const ids: number[] = [];
    // A leapfrog with the other one-word ranges (records ascending, as in each driver word) skips the
    // driver's records they lack without reading their words (random reads, the search's cost). Same
    // walk order, same result: a record skipped would have failed the word check anyway.
    const filters = others.filter((o) => o.to === o.from + 1);
    const fStart = filters.map((o) => this.postOff[o.from]);
    const fEnd = filters.map((o) => this.postOff[o.to]);
    const fAt = fStart.slice();
    let wordEnd = -1; // (plain lets: destructured loop variables made the loop several times slower)
    const end = this.postOff[driver.to];
    for (let p = this.postOff[driver.from]; p < end; p++) {
      const r = this.postings[p];
      if (filters.length) {
        if (p >= wordEnd) {
          // A new driver word: its records start again from the lowest.
          wordEnd = this.postOff[this.upperWord(p, driver.from, driver.to)];
          for (let i = 0; i < fAt.length; i++) fAt[i] = fStart[i];
        }
        // Smallest filter first; the first that lacks r says where the driver leaps to in this word.
        let next = r;
        for (let i = 0; i < fAt.length && next === r; i++) {
          fAt[i] = gallop(this.postings, fAt[i], fEnd[i], r);
          next = fAt[i] === fEnd[i] ? 0xffffffff : this.postings[fAt[i]];
        }
        if (next !== r) {
          p = next === 0xffffffff ? wordEnd - 1 : gallop(this.postings, p, wordEnd, next) - 1;
          continue;
        }
      }
      if (this.stamps[r] === stamp) continue;
      this.stamps[r] = stamp;
      let ok = true;
      for (const o of others) {
        if (!this.hasWordIn(r, o.from, o.to)) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (ids.length === limit) return { ids: ids.sort((a, b) => a - b), more: true };
      ids.push(r);
    }
    return { ids: ids.sort((a, b) => a - b), more: false };
  }

  /**
   * Records holding every one of `words` whole (not as a prefix), ascending, at most `limit`: the
   * matcher's search, whose words are whole. Each word is one run of the postings, so the rarest is
   * walked and the others leapt through (galloping), with no record's words read.
   */
  searchWords(words: readonly string[], limit: number): SearchResult {
    if (!this.ready) throw new Error('The index is not ready');
    const runs: Array<{ at: number; end: number }> = [];
    for (const w of new Set(words)) {
      const v = this.lowerBound(w);
      if (this.vocab[v] !== w) return { ids: [], more: false };
      runs.push({ at: this.postOff[v], end: this.postOff[v + 1] });
    }
    if (runs.length === 0 || limit < 1) return { ids: [], more: false };
    runs.sort((a, b) => a.end - a.at - (b.end - b.at));
    const ids: number[] = [];
    const ps = this.postings;
    const driver = runs[0];
    for (let p = driver.at; p < driver.end; p++) {
      const r = ps[p];
      let next = r;
      for (let i = 1; i < runs.length && next === r; i++) {
        const run = runs[i];
        run.at = gallop(this.postings, run.at, run.end, r);
        if (run.at === run.end) return { ids, more: false };
        next = ps[run.at];
      }
      if (next !== r) {
        p = gallop(this.postings, p, driver.end, next) - 1;
        continue;
      }
      if (ids.length === limit) return { ids, more: true };
      ids.push(r);
    }
    return { ids, more: false };
  }

  /** The vocabulary position of the word whose postings hold position p (from <= word < to), plus one. */
  private upperWord(p: number, from: number, to: number): number {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.postOff[mid] <= p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Records whose postcode is `postcode` (compared without spaces or case). */
  byPostcode(postcode: string, limit: number): SearchResult {
    const want = postcode.toUpperCase().replace(/\s+/g, '');
    const key = want.toLowerCase();
    const [from, to] = [this.lowerBound(key), this.lowerBound(key + '\0')];
    const ids: number[] = [];
    let more = false;
    for (let p = this.postOff[from]; p < this.postOff[to]; p++) {
      const r = this.postings[p];
      if (!sameCompact(this.field(r, this.postcodeColumn), want)) continue;
      if (ids.length === limit) {
        more = true;
        break;
      }
      ids.push(r);
    }
    return { ids: ids.sort((a, b) => a - b), more };
  }

  /** The record's fields in the layout's order; [] for an id that is not a record. */
  fields(id: number): string[] {
    const row = Number.isInteger(id) && id >= 0 ? this.rows[id] : undefined;
    return row === undefined ? [] : row.split(SEP);
  }

  /** Fields [from, to) of a record as one text, the fields apart by a separator that is no letter or digit: for cutting into words without splitting the row. */
  fieldSpan(id: number, from: number, to: number): string {
    const row = this.rows[id] ?? '';
    let start = 0;
    for (let c = 0; c < from; c++) {
      const at = row.indexOf(SEP, start);
      if (at < 0) return '';
      start = at + 1;
    }
    let end = start - 1;
    for (let c = from; c < to; c++) {
      end = row.indexOf(SEP, end + 1);
      if (end < 0) return row.slice(start);
    }
    return row.slice(start, Math.max(start, end));
  }

  /** One field of a record, cut out of its row without splitting the others. */
  private field(id: number, column: number): string {
    const row = this.rows[id];
    let from = 0;
    for (let c = 0; c < column; c++) from = row.indexOf(SEP, from) + 1;
    const to = row.indexOf(SEP, from);
    return to < 0 ? row.slice(from) : row.slice(from, to);
  }
}
