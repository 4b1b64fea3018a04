/**
 * A reusable list of moves in typed arrays, for the generator's hot paths (perft, matching):
 * no object per move. `toMoves` turns it into {@link Move} objects for everything else.
 *
 * Move `i`: `from[i]`, `to[i]`, the captured set `capLo[i]`/`capHi[i]` (bits as in
 * squareSet.ts), `jumps[i]` pieces captured, `promotes[i]`; for a capture, its landing
 * squares are `route[start[i] .. start[i] + jumps[i])` and the captured squares, in the order
 * jumped, follow at `route[start[i] + jumps[i] .. start[i] + 2 * jumps[i])`.
 */
export class MoveList {
  length = 0;
  from = new Int8Array(64);
  to = new Int8Array(64);
  capLo = new Int32Array(64);
  capHi = new Int32Array(64);
  jumps = new Uint8Array(64);
  promotes = new Uint8Array(64);
  start = new Int32Array(64);
  route = new Int8Array(1024);
  routeLength = 0;

  clear(): void {
    this.length = 0;
    this.routeLength = 0;
  }

  /** Appends a move without route details; returns its index. */
  push(from: number, to: number, promotes: boolean): number {
    if (this.length === this.from.length) this.grow();
    const i = this.length++;
    this.from[i] = from;
    this.to[i] = to;
    this.capLo[i] = 0;
    this.capHi[i] = 0;
    this.jumps[i] = 0;
    this.promotes[i] = promotes ? 1 : 0;
    this.start[i] = this.routeLength;
    return i;
  }

  /** Appends a capture; `path` and `taken` hold `count` squares each. */
  pushCapture(from: number, path: readonly number[], taken: readonly number[], count: number, lo: number, hi: number, promotes: boolean): void {
    const i = this.push(from, path[count - 1], promotes);
    this.capLo[i] = lo;
    this.capHi[i] = hi;
    this.jumps[i] = count;
    if (this.routeLength + 2 * count > this.route.length) {
      const r = new Int8Array(this.route.length * 2 + 2 * count);
      r.set(this.route);
      this.route = r;
    }
    const s = this.routeLength;
    for (let k = 0; k < count; k++) {
      this.route[s + k] = path[k];
      this.route[s + count + k] = taken[k];
    }
    this.routeLength = s + 2 * count;
  }

  /** Drops moves from index `n` on. */
  truncate(n: number): void {
    this.length = n;
    this.routeLength = n > 0 ? this.start[n - 1] + 2 * this.jumps[n - 1] : 0;
  }

  private grow(): void {
    const n = this.from.length * 2;
    const g = <T extends Int8Array | Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.from = g(this.from, (k) => new Int8Array(k));
    this.to = g(this.to, (k) => new Int8Array(k));
    this.capLo = g(this.capLo, (k) => new Int32Array(k));
    this.capHi = g(this.capHi, (k) => new Int32Array(k));
    this.jumps = g(this.jumps, (k) => new Uint8Array(k));
    this.promotes = g(this.promotes, (k) => new Uint8Array(k));
    this.start = g(this.start, (k) => new Int32Array(k));
  }
}
