// The index's postings: how they are gathered while records are added, and searched once laid out.

/** A Uint32Array that doubles as it fills: the index's columns while records are added. */
export class Growable {
  data: Uint32Array<ArrayBuffer> = new Uint32Array(1 << 16);
  length = 0;
  push(v: number) {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  done(): Uint32Array<ArrayBuffer> {
    return this.data.slice(0, this.length);
  }
}

/** First position in [from, end) of `ps` whose record is >= r, galloping from `from` (the records there ascend). */
export function gallop(ps: Uint32Array, from: number, end: number, r: number): number {
  if (from >= end || ps[from] >= r) return from;
  let step = 1;
  let lo = from;
  while (lo + step < end && ps[lo + step] < r) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, end);
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ps[mid] < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
