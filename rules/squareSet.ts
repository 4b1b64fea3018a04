/**
 * An immutable set of board squares in two 32-bit integers.
 *
 * Squares are internal indices 0..63 (index = square number - 1 on every board dambord
 * knows; square numbers exist only in FEN and PDN code). Bit layout:
 *
 * ```
 *   hi (bits 32..63)                     lo (bits 0..31)
 *   63 62 ... 50 49 48 ... 33 32   |   31 30 ... 2 1 0
 *   -- unused --  sq50 ...  sq33   |   sq32 ...  sq2 sq1      (10x10: 50 squares)
 *                                  |   sq32 ...  sq2 sq1      (8x8: 32 squares, hi = 0)
 * ```
 */
export class SquareSet {
  static readonly EMPTY = new SquareSet(0, 0);

  private constructor(
    /** Bits of squares 0..31. */
    readonly lo: number,
    /** Bits of squares 32..63. */
    readonly hi: number,
  ) {}

  static of(...squares: readonly number[]): SquareSet {
    return SquareSet.from(squares);
  }

  static from(squares: Iterable<number>): SquareSet {
    let lo = 0;
    let hi = 0;
    for (const sq of squares) {
      if (sq < 32) lo |= 1 << sq;
      else hi |= 1 << (sq - 32);
    }
    return new SquareSet(lo | 0, hi | 0);
  }

  static fromBits(lo: number, hi: number): SquareSet {
    return lo === 0 && hi === 0 ? SquareSet.EMPTY : new SquareSet(lo | 0, hi | 0);
  }

  has(sq: number): boolean {
    return sq < 32 ? (this.lo & (1 << sq)) !== 0 : (this.hi & (1 << (sq - 32))) !== 0;
  }

  with(sq: number): SquareSet {
    return sq < 32 ? new SquareSet(this.lo | (1 << sq), this.hi) : new SquareSet(this.lo, this.hi | (1 << (sq - 32)));
  }

  without(sq: number): SquareSet {
    return sq < 32 ? new SquareSet(this.lo & ~(1 << sq), this.hi) : new SquareSet(this.lo, this.hi & ~(1 << (sq - 32)));
  }

  union(o: SquareSet): SquareSet {
    return new SquareSet(this.lo | o.lo, this.hi | o.hi);
  }

  intersect(o: SquareSet): SquareSet {
    return new SquareSet(this.lo & o.lo, this.hi & o.hi);
  }

  diff(o: SquareSet): SquareSet {
    return new SquareSet(this.lo & ~o.lo, this.hi & ~o.hi);
  }

  equals(o: SquareSet): boolean {
    return this.lo === o.lo && this.hi === o.hi;
  }

  isEmpty(): boolean {
    return this.lo === 0 && this.hi === 0;
  }

  get size(): number {
    return popcount(this.lo) + popcount(this.hi);
  }

  /** Squares in ascending order. */
  *[Symbol.iterator](): IterableIterator<number> {
    for (let b = this.lo; b !== 0; b &= b - 1) yield 31 - Math.clz32(b & -b);
    for (let b = this.hi; b !== 0; b &= b - 1) yield 63 - Math.clz32(b & -b);
  }

  toArray(): number[] {
    return [...this];
  }
}

export function popcount(n: number): number {
  n = n - ((n >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
