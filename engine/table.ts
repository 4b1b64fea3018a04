/** The bound a stored score is: exact, at least (a cut-off) or at most (no move reached alpha). */
export const EXACT = 1;
export const LOWER = 2;
export const UPPER = 3;

/**
 * A transposition table: positions already searched, by Zobrist key, in typed arrays of a fixed
 * size (no object per entry). An entry holds the high half of the key (to tell positions that
 * share a slot apart), the depth searched, the score and its bound, the search's age and the best
 * move as the search names it (see {@link moveCode}), to be found again among the legal moves.
 * A slot is overwritten by a deeper search, by any search of the same position, or by any entry
 * of a newer search (age).
 */
export class Table {
  private readonly mask: number;
  private readonly check: Int32Array;
  private readonly depths: Int8Array;
  private readonly bounds: Uint8Array;
  private readonly ages: Uint8Array;
  private readonly scores: Int32Array;
  private readonly moveA: Int32Array;
  private readonly moveB: Int32Array;
  age = 0;

  /** A table of 2^`bits` entries (18: about 5 MB). */
  constructor(bits = 18) {
    const n = 1 << bits;
    this.mask = n - 1;
    this.check = new Int32Array(n);
    this.depths = new Int8Array(n);
    this.bounds = new Uint8Array(n);
    this.ages = new Uint8Array(n);
    this.scores = new Int32Array(n);
    this.moveA = new Int32Array(n);
    this.moveB = new Int32Array(n);
  }

  /** The slot of the position with key (`lo`, `hi`), or -1 when the table does not hold it. */
  probe(lo: number, hi: number): number {
    const i = lo & this.mask;
    return this.bounds[i] !== 0 && this.check[i] === hi ? i : -1;
  }

  depth(i: number): number {
    return this.depths[i];
  }
  bound(i: number): number {
    return this.bounds[i];
  }
  score(i: number): number {
    return this.scores[i];
  }
  /** The best move's code (see {@link moveCode}): its first half, 0 for none. */
  move(i: number): number {
    return this.moveA[i];
  }
  /** The best move's code, second half (its captured set). */
  moveCaptured(i: number): number {
    return this.moveB[i];
  }

  store(lo: number, hi: number, depth: number, bound: number, score: number, moveA: number, moveB: number): void {
    const i = lo & this.mask;
    if (this.bounds[i] !== 0 && this.check[i] !== hi && this.ages[i] === this.age && this.depths[i] > depth) return;
    if (this.check[i] === hi && moveA === 0) {
      moveA = this.moveA[i]; // keep the move a shallower search of the same position found
      moveB = this.moveB[i];
    }
    this.check[i] = hi;
    this.depths[i] = depth;
    this.bounds[i] = bound;
    this.ages[i] = this.age;
    this.scores[i] = score;
    this.moveA[i] = moveA;
    this.moveB[i] = moveB;
  }

  /** Empties the table. */
  clear(): void {
    this.bounds.fill(0);
  }
}

/**
 * A move as the table stores it: (`from`, `to`, pieces taken) packed in one number that is never
 * 0, and the captured set hashed in a second; with the position they name one legal move.
 */
export function moveCode(from: number, to: number, jumps: number): number {
  return 1 | (from << 1) | (to << 8) | (jumps << 15);
}

/** The second half of a move's code: its captured set (bits as in rules/squareSet.ts). */
export function capturedCode(capLo: number, capHi: number): number {
  return capLo ^ Math.imul(capHi, 0x9e3779b1);
}
