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
