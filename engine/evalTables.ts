import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT } from '../rules/index.ts';
import type { Variant } from '../rules/index.ts';
import type { EvalFamily } from './evalFamily.ts';

/**
 * The evaluation's per-square tables of one variant, built once by {@link evalTables}. Every
 * table indexed `side * squares + square` (side 0 White, 1 Black) holds White's values as
 * White sees the board, and Black's the same values turned half a turn (square i of Black is
 * square squares-1-i of White): a position and its mirror with the colours swapped score the
 * same for the side to move.
 */
export interface EvalTables {
  /** A man's square value, middle game and ending: tempo, centre, edge, the crown in reach. */
  readonly manMg: Int16Array;
  readonly manEg: Int16Array;
  /** A man guarding its own back row, counted while the opponent has men. */
  readonly backRank: Int16Array;
  /** A man in the opponent's half held from behind by two of its own: an outpost. */
  readonly outpost: Int16Array;
  /** A king's square value. */
  readonly kingSq: Int16Array;
  /** Rows to the crown (1 on the row before it); 0 on the crown row. */
  readonly toCrown: Int8Array;
  /** 1 on the own left wing (the files a-e of 10x10, a-d of 8x8, as the side sees the board). */
  readonly leftWing: Uint8Array;
  /** The two squares ahead (towards the crown) and behind of each side's man, -1 off the board. */
  readonly ahead: Int8Array;
  readonly behind: Int8Array;
  /**
   * The squares an opposing piece must stand on to stop a man from running to the crown:
   * `cone[coneStart[k]..coneStart[k + 1])` for k = side * squares + square.
   */
  readonly coneStart: Int32Array;
  readonly cone: Int8Array;
  /** The value of a runaway man by its rows to the crown (0 where too far to count). */
  readonly runaway: Int16Array;
  /** Squares of the long diagonal, a1-h8 / 46-5 (FMJD 2.6.3; Czech cl. 2.3). */
  readonly mainDiagonal: Uint8Array;
  /** The board squares of the English "bridge": White's pair (30, 32), then Black's (3, 1); -1 where there is none. */
  readonly bridge: Int8Array;
}

/** The tables of variant `v` in family `f`. */
export function evalTables(v: Variant, f: EvalFamily): EvalTables {
  const g = v.geometry;
  const n = g.squares;
  const size = f.size;
  const half = size / 2;
  const t = {
    manMg: new Int16Array(2 * n),
    manEg: new Int16Array(2 * n),
    backRank: new Int16Array(2 * n),
    outpost: new Int16Array(2 * n),
    kingSq: new Int16Array(2 * n),
    toCrown: new Int8Array(2 * n),
    leftWing: new Uint8Array(2 * n),
    ahead: new Int8Array(4 * n),
    behind: new Int8Array(4 * n),
    mainDiagonal: new Uint8Array(n),
    bridge: new Int8Array(4).fill(-1),
  };
  const cones: number[][] = [];
  for (let i = 0; i < n; i++) {
    const r = g.row[i];
    const c = g.col[i];
    const a = size - 1 - r; // White's advance: rows from its back row
    const w = i; // White's square; Black's is n-1-i
    const b = n + (n - 1 - i);
    const set = (table: Int16Array | Int8Array | Uint8Array, value: number): void => {
      table[w] = value;
      table[b] = value;
    };
    set(t.manMg, manValue(f, a, c, true));
    set(t.manEg, manValue(f, a, c, false));
    set(t.backRank, a === 0 ? backRankValue(f, c) : 0);
    set(t.outpost, outpostValue(f, a, i));
    set(t.kingSq, kingValue(f, r, c));
    set(t.toCrown, size - 1 - a);
    set(t.leftWing, c < half ? 1 : 0);
    t.mainDiagonal[i] = r + c === size - 1 ? 1 : 0;
    const mirror = (s: number): number => (s < 0 ? -1 : n - 1 - s);
    t.ahead[2 * w] = g.neighbour[i * 4 + UP_LEFT];
    t.ahead[2 * w + 1] = g.neighbour[i * 4 + UP_RIGHT];
    t.behind[2 * w] = g.neighbour[i * 4 + DOWN_LEFT];
    t.behind[2 * w + 1] = g.neighbour[i * 4 + DOWN_RIGHT];
    t.ahead[2 * b] = mirror(g.neighbour[i * 4 + UP_LEFT]);
    t.ahead[2 * b + 1] = mirror(g.neighbour[i * 4 + UP_RIGHT]);
    t.behind[2 * b] = mirror(g.neighbour[i * 4 + DOWN_LEFT]);
    t.behind[2 * b + 1] = mirror(g.neighbour[i * 4 + DOWN_RIGHT]);
    cones[w] = coneOf(v, f, i);
    cones[b] = cones[w].map(mirror);
  }
  if (!f.flyingKings && size === 8) {
    // English checkers' "bridge": White's men on 30 and 32 (Black's on 1 and 3) together keep a
    // single opposing man from crowning (the standard advice of the checkers primers).
    t.bridge.set([29, 31, n - 1 - 29, n - 1 - 31]);
  }
  const coneStart = new Int32Array(2 * n + 1);
  for (let k = 0; k < 2 * n; k++) coneStart[k + 1] = coneStart[k] + cones[k].length;
  const runaway = new Int16Array(size);
  const full = Math.max(50, Math.round((f.kingEg - 100) * 0.7));
  for (let d = 1; d <= half; d++) runaway[d] = full - 10 * (d - 1);
  return { ...t, coneStart, cone: Int8Array.from(cones.flat()), runaway };
}

/**
 * A man's square value for White at advance `a` (0 = own back row) on file `c`:
 * - tempo: each row forward is a tempo gained; the middle game counts it little (a side too far
 *   forward runs out of moves, the "tempo" battle of the international literature), the ending
 *   much (men must run to the crown);
 * - the centre: men on the middle files hold the board and support each other (the first
 *   principle of every draughts primer); men on the side files are worth a little less;
 * - the crown in reach: see {@link EvalFamily.nearCrown}.
 */
function manValue(f: EvalFamily, a: number, c: number, middle: boolean): number {
  const size = f.size;
  const fromCentre = Math.abs(c - (size - 1) / 2); // 0.5 .. size/2 - 0.5
  const edge = c === 0 || c === size - 1 ? -6 : 0;
  const band = a >= size / 2 - 2 && a <= size / 2 + 1;
  const centre = Math.max(0, Math.round((band ? 10 : 4) - 3 * fromCentre));
  const crown = a === size - 2 ? f.nearCrown : 0;
  return middle ? 2 * a + centre + edge + crown : 9 * a + Math.round(centre / 2) + crown;
}

/**
 * A man on the own back row keeps opposing men from crowning behind the lines (the back rank
 * guard of every primer). On 10x10 the three middle back squares (47, 48, 49 for White) guard
 * most; on 8x8 the single corner (a1) guards only one crowning square.
 */
function backRankValue(f: EvalFamily, c: number): number {
  if (f.size === 10) return c >= 2 && c <= 6 ? 12 : 6;
  return c === 0 ? 3 : 9;
}

/**
 * An outpost: a man in the opponent's half, short of its last two rows, that two men of its own
 * hold from behind (checked in the evaluation); on 10x10 the classic outpost on 24 (27 for Black)
 * counts more (the "voorpost" of the Dutch literature).
 */
function outpostValue(f: EvalFamily, a: number, i: number): number {
  if (a < f.size / 2 || a > f.size - 3) return 0;
  return f.size === 10 && i === 23 ? 22 : 10;
}

/**
 * A king's square value: a flying king on the long diagonal controls both double corners'
 * approaches and is the defence of the lone king (Czech cl. 6.4's main diagonal; Petrov's
 * triangle needs it taken); a short king is strongest in the centre and weakest on the edge.
 */
function kingValue(f: EvalFamily, r: number, c: number): number {
  const size = f.size;
  if (f.flyingKings) return r + c === size - 1 ? (size === 8 ? 15 : 10) : 0;
  const fromCentre = Math.max(Math.abs(r - (size - 1) / 2), Math.abs(c - (size - 1) / 2));
  return Math.round(12 - 4 * fromCentre);
}

/**
 * The squares on which an opposing piece can stop White's man on `i` from crowning: those ahead
 * of it within reach of its path (the cone widening a file a row). Where men capture backwards
 * (FMJD 4.1) a man level with it or beside its path can take it from the side or behind as it
 * passes, so the cone is a file wider each way and takes in its own row; where men capture only
 * forwards (Standard Laws 10; Czech cl. 4.1) it is the squares ahead alone.
 */
function coneOf(v: Variant, f: EvalFamily, i: number): number[] {
  const g = v.geometry;
  const out: number[] = [];
  const toCrown = g.row[i];
  if (toCrown === 0 || toCrown > f.size / 2) return out;
  const wide = f.menCaptureBackwards ? 2 : 0;
  for (let s = 0; s < g.squares; s++) {
    if (s === i) continue;
    const up = g.row[i] - g.row[s];
    if (up < (wide ? 0 : 1)) continue;
    if (Math.abs(g.col[s] - g.col[i]) <= up + wide) out.push(s);
  }
  return out;
}
