/**
 * Board geometry: where each dark square lies and who its diagonal neighbours are.
 *
 * Squares are numbered as FMJD 2.6 (and the Standard Laws' diagram) number them: row by row
 * from the top (Black's side), left to right as White sees the board, the first playing
 * square of the top row being the second square of that row (2.4: the long diagonal starts
 * at each player's left, so a1 is dark). Internally a square is its index, number - 1.
 *
 * ```
 *  10x10 (international)            8x8 (english numbering; a1 = 29, h8 = 4)
 *     a b c d e f g h i j              a b c d e f g h
 *  10 .  1 .  2 .  3 .  4 .  5      8 .  1 .  2 .  3 .  4
 *   9 6 .  7 .  8 .  9 . 10 .       7 5 .  6 .  7 .  8 .
 *  ...                             ...
 *   1 46 . 47 . 48 . 49 . 50 .      1 29 . 30 . 31 . 32 .
 * ```
 */
export interface Geometry {
  /** Squares per side: 8 or 10. */
  readonly size: 8 | 10;
  /** Number of dark squares: 32 or 50. */
  readonly squares: number;
  /** Row of each index counted from the top (Black's back row is 0). */
  readonly row: Int8Array;
  /** Column of each index counted from White's left (file a is 0). */
  readonly col: Int8Array;
  /**
   * Neighbour of index `i` in direction `d` at `neighbour[i * 4 + d]`, or -1 off the board.
   * Directions: 0 up-left, 1 up-right (towards Black), 2 down-left, 3 down-right.
   */
  readonly neighbour: Int8Array;
}

/** Direction indices into {@link Geometry.neighbour}. */
export const UP_LEFT = 0;
export const UP_RIGHT = 1;
export const DOWN_LEFT = 2;
export const DOWN_RIGHT = 3;

const cache = new Map<number, Geometry>();

/** The geometry of an 8x8 or 10x10 board (shared, immutable). */
export function geometry(size: 8 | 10): Geometry {
  let g = cache.get(size);
  if (!g) {
    g = build(size);
    cache.set(size, g);
  }
  return g;
}

function build(size: 8 | 10): Geometry {
  const half = size / 2;
  const squares = size * half;
  const row = new Int8Array(squares);
  const col = new Int8Array(squares);
  const index = new Map<number, number>();
  for (let i = 0; i < squares; i++) {
    const r = Math.floor(i / half);
    row[i] = r;
    col[i] = 2 * (i % half) + (r % 2 === 0 ? 1 : 0);
    index.set(r * size + col[i], i);
  }
  const neighbour = new Int8Array(squares * 4).fill(-1);
  const steps = [
    [-1, -1],
    [-1, 1],
    [1, -1],
    [1, 1],
  ];
  for (let i = 0; i < squares; i++) {
    steps.forEach(([dr, dc], d) => {
      const r = row[i] + dr;
      const c = col[i] + dc;
      if (r >= 0 && r < size && c >= 0 && c < size) neighbour[i * 4 + d] = index.get(r * size + c)!;
    });
  }
  return { size, squares, row, col, neighbour };
}

/** The index at (row from top, column from White's left), or -1 for a light or off-board square. */
export function indexAt(g: Geometry, row: number, col: number): number {
  if (row < 0 || row >= g.size || col < 0 || col >= g.size || (row + col) % 2 === 0) return -1;
  return row * (g.size / 2) + (col >> 1);
}

/**
 * The direction (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT) from `from` towards `to`, two squares
 * on one diagonal.
 *
 * @example directionTo(geometry(10), 31, 27) // UP_RIGHT: 32 to 28
 */
export function directionTo(g: Geometry, from: number, to: number): number {
  return (g.row[to] > g.row[from] ? DOWN_LEFT : UP_LEFT) + (g.col[to] > g.col[from] ? 1 : 0);
}

/**
 * The diagonal from `from` in direction `d`, nearest square first, to the edge of the board
 * (`from` not in it; empty at the edge).
 *
 * @example ray(geometry(10), 31, UP_LEFT) // [26, 20, 15]: 27, 21, 16
 */
export function ray(g: Geometry, from: number, d: number): number[] {
  const out: number[] = [];
  for (let s = g.neighbour[from * 4 + d]; s >= 0; s = g.neighbour[s * 4 + d]) out.push(s);
  return out;
}

/**
 * The squares strictly between `from` and `to` on their diagonal, from `from`'s side (none when
 * they are neighbours).
 *
 * @example squaresBetween(geometry(10), 45, 4) // [40, 36, 31, 27, 22, 18, 13, 9]: 46 to 5
 */
export function squaresBetween(g: Geometry, from: number, to: number): number[] {
  const way: number[] = [];
  const d = directionTo(g, from, to);
  for (let s = g.neighbour[from * 4 + d]; s >= 0 && s !== to; s = g.neighbour[s * 4 + d]) way.push(s);
  return way;
}
