import { KING } from '../rules/index.ts';
import type { Geometry } from '../rules/index.ts';
import type { EvalFamily } from './evalFamily.ts';
import type { EvalTables } from './evalTables.ts';

/**
 * How hard a short king is to catch on each square, for the side hunting it (Standard Laws 14
 * kings): in the centre it is free; on an edge it has two squares left; in a single corner (4
 * and 29) it is caught; in a double corner (1 and 5, 28 and 32) it shuttles between two squares
 * and must first be driven out (the checkers books' two-kings technique), so the hunter gains
 * least there.
 */
export function huntTable(g: Geometry): Int16Array {
  const n = g.squares;
  const last = g.size - 1;
  const hunt = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const r = g.row[i];
    const c = g.col[i];
    const edge = r === 0 || r === last || c === 0 || c === last;
    const singleCorner = (r === 0 && c === last) || (r === last && c === 0);
    const doubleCorner = (r < 2 && c < 2) || (r > last - 2 && c > last - 2);
    const fromCentre = Math.max(Math.abs(r - last / 2), Math.abs(c - last / 2));
    hunt[i] = doubleCorner ? 5 : singleCorner ? 45 : edge ? 28 : Math.round(6 * (fromCentre - 0.5));
  }
  return hunt;
}

/**
 * The score `white` (White's view, hundredths of a man) corrected by what the material alone
 * decides, given each side's men and kings (wm, wk, bm, bk) and the square of a lone king:
 * - one king against one king is a dead draw in every variant: 0;
 * - flying kings (FMJD 3.9), 10x10: a lone king against at most three pieces (with a king) is a
 *   draw by rule after sixteen or five more moves each (FMJD 6.3: "three kings, two kings and a
 *   man, or a king and two men against one king ... sixteen further moves"; 6.4: "two kings, a
 *   king and a man, or a king against a king ... five further moves"), and cannot be won over
 *   the board either: 0;
 * - flying kings, 8x8: two pieces, one a king, cannot catch a lone king (Czech cl. 6.4: two
 *   kings, or a king and a man, against a king, five moves); three kings win only while the lone king is off the long diagonal
 *   (Petrov's triangle; Czech cl. 6.3/6.4: three kings against one on the main diagonal is
 *   drawn after five moves, off it after fifteen): 0 on it, a bonus for keeping it off;
 * - short kings (Standard Laws 14): two kings beat one, so the side with more kings against
 *   kings alone is not scored a draw: it gains for driving the weak kings to an edge or a single
 *   corner ({@link huntTable}) and for closing in on them;
 * - otherwise, with flying kings, a side that has only kings against at most two or three
 *   pieces (10x10: three, 8x8: two) holds: the score is a quarter of its value, so that the
 *   search prefers real chances.
 * Each correction is for the side with more pieces, when it is ahead: kings ahead of more men
 * (two kings against three men) keep their score.
 */
export function endgameScore(
  f: EvalFamily,
  t: EvalTables,
  hunt: Int16Array,
  g: Geometry,
  board: Uint8Array,
  white: number,
  wm: number,
  wk: number,
  bm: number,
  bk: number,
  wKing: number,
  bKing: number,
): number {
  if (wm + wk > 4 && bm + bk > 4) return white;
  if (wm === 0 && bm === 0 && wk === 1 && bk === 1) return 0;
  // sign: +1 when White is the stronger side
  const weakBlack = bm === 0 && bk >= 1 && wm + wk > bk;
  const weakWhite = wm === 0 && wk >= 1 && bm + bk > wk;
  if (!weakBlack && !weakWhite) return white;
  const sign = weakBlack ? 1 : -1;
  // Kings against more pieces, the kings ahead (two kings against three men): nothing to correct.
  if (sign * white <= 0) return white;
  const strong = weakBlack ? wm + wk : bm + bk;
  const strongKings = weakBlack ? wk : bk;
  const weakKings = weakBlack ? bk : wk;
  const lone = weakBlack ? bKing : wKing;
  if (f.flyingKings) {
    if (weakKings === 1 && strongKings >= 1) {
      if (f.size === 10 && strong <= 3) return 0;
      if (f.size === 8 && (strong <= 2 || (strong === 3 && t.mainDiagonal[lone] === 1))) return 0;
      if (f.size === 8 && t.mainDiagonal[lone] === 0) return white + sign * 40;
    }
    return strong <= (f.size === 10 ? 3 : 2) ? (white / 4) | 0 : white;
  }
  return white + sign * huntBonus(hunt, g, board, weakBlack ? 2 : 1);
}

/** What the side hunting the kings of colour bit `weakBit` gains: their squares and how close its own kings stand. */
function huntBonus(hunt: Int16Array, g: Geometry, board: Uint8Array, weakBit: number): number {
  let bonus = 0;
  let close = 0;
  for (let i = 0; i < board.length; i++) {
    if (board[i] !== (weakBit | KING)) continue;
    bonus += hunt[i];
    for (let j = 0; j < board.length; j++) {
      const p = board[j];
      if (p === 0 || p & weakBit || !(p & KING)) continue;
      close += g.size - 1 - Math.max(Math.abs(g.row[i] - g.row[j]), Math.abs(g.col[i] - g.col[j]));
    }
  }
  return bonus + 3 * close;
}
