// Reading a scoresheet's moves as a club's secretary reads them: each written move names a legal
// move; a capture the writer left out where it was forced (the only legal move) is put in, as
// Turbo Dambase does; a capture written as several moves (47x38 38x29) is one move; and where a
// capture's route is ambiguous, the later moves decide which one was played.

import type { Move } from '../move.ts';
import { isCapture } from '../move.ts';
import { parseSquare } from '../notation.ts';
import type { Position } from '../position.ts';
import { legalMoves, play } from '../position.ts';
import { parseMoveText } from '../moveText.ts';

/** A ply of a sheet as read: the move, where it was played, and which written move it is (-1: a forced capture the writer left out). */
export interface ReadPly {
  readonly move: Move;
  readonly before: Position;
  /** Index of the written move it was read from, or -1 for a forced capture put in. */
  readonly written: number;
}

/** The squares of a written move (`32-28` → [31, 27], `c3:e5:g3`), or null when it is not one. */
export function writtenSquares(pos: Position, text: string): number[] | null {
  const parts = text.trim().split(/\s*[-x:X]\s*/);
  if (parts.length < 2) {
    const glued = /^([a-j]\d{1,2})([a-j]\d{1,2})$/i.exec(text.trim());
    if (!glued) return null;
    parts.splice(0, 1, glued[1], glued[2]);
  }
  const squares = parts.map((p) => parseSquare(pos.variant, p));
  return squares.every((s) => s >= 0) ? squares : null;
}

/** The legal moves a written move may name: the same start and end, passing the squares written between (any route of a capture). */
export function movesNamed(pos: Position, text: string, legal: readonly Move[] = legalMoves(pos)): Move[] {
  const squares = writtenSquares(pos, text);
  if (!squares) return [];
  const from = squares[0];
  const to = squares[squares.length - 1];
  const via = squares.slice(1, -1);
  const found = legal.filter((m) => m.from === from && m.to === to);
  if (found.length === 0 || via.length === 0) return found;
  const parsed = parseMoveText(pos, text, legal);
  if (parsed.ok) return [parsed.move];
  return parsed.error.kind === 'ambiguous' ? parsed.error.candidates : [];
}

/** One way of reading the written move at an index: the plies it gives and the index of the next written move. */
interface Reading {
  readonly plies: readonly Move[];
  readonly next: number;
}

/** How many forced captures in a row may be put in before a written move (an exchange of several). */
const MAX_FILLED = 12;

/** Every way of reading `written[i]` in `pos`: as written, as a capture written in parts, or after forced captures left out. */
function readings(pos: Position, written: readonly string[], i: number): Reading[] {
  const legal = legalMoves(pos);
  const named = movesNamed(pos, written[i], legal);
  if (named.length > 0) return named.map((m) => ({ plies: [m], next: i + 1 }));
  const joined = joinedCapture(pos, written, i, legal);
  if (joined) return [joined];
  const out: Reading[] = [];
  fill(pos, legal, written, i, [], out);
  return out;
}

/** Forced captures (the only legal move) put in before `written[i]` until it can be read. */
function fill(pos: Position, legal: readonly Move[], written: readonly string[], i: number, filled: readonly Move[], out: Reading[]): void {
  if (filled.length >= MAX_FILLED || legal.length !== 1 || !isCapture(legal[0])) return;
  const c = legal[0];
  const after = play(pos, c);
  const next = legalMoves(after);
  const named = movesNamed(after, written[i], next);
  for (const m of named) out.push({ plies: [...filled, c, m], next: i + 1 });
  if (named.length === 0) fill(after, next, written, i, [...filled, c], out);
}

/** A capture written as several moves, each from where the last stopped (`47x38 38x29`), read as one. */
function joinedCapture(pos: Position, written: readonly string[], i: number, legal: readonly Move[]): Reading | null {
  if (legal.length === 0 || !isCapture(legal[0])) return null;
  let squares = writtenSquares(pos, written[i]);
  for (let j = i + 1; squares && j < written.length && j < i + 10; j++) {
    const more = writtenSquares(pos, written[j]);
    if (!more || more[0] !== squares[squares.length - 1]) return null;
    squares = [...squares, ...more.slice(1)];
    // Squares by number: parseSquare reads them on every board.
    const named = movesNamed(pos, squares.map((s) => s + 1).join('x'), legal);
    if (named.length === 1) return { plies: named, next: j + 1 };
  }
  return null;
}

/**
 * How far the written moves from index `i` can be read from `pos`: the index of the first one
 * that cannot be read (or `written.length`), trying every reading where there are several and
 * stopping early once `stop` is reached.
 */
export function reach(pos: Position, written: readonly string[], i: number, stop = written.length): number {
  while (i < stop && i < written.length) {
    const ways = readings(pos, written, i);
    if (ways.length === 0) return i;
    if (ways.length > 1) return Math.max(...ways.map((w) => reach(playAll(pos, w.plies), written, w.next, stop)));
    pos = playAll(pos, ways[0].plies);
    i = ways[0].next;
  }
  return i;
}

/**
 * The written moves from index `i` read as far as they go, taking at each choice the reading
 * that goes furthest (the first of equals): the plies read, the index of the first written move
 * that cannot be read (`written.length` when all are), and the position reached.
 */
export function readWritten(start: Position, written: readonly string[], i = 0): { plies: ReadPly[]; stop: number; end: Position } {
  const plies: ReadPly[] = [];
  let pos = start;
  while (i < written.length) {
    const ways = readings(pos, written, i);
    if (ways.length === 0) break;
    let best = ways[0];
    if (ways.length > 1) {
      let far = -1;
      for (const w of ways) {
        const r = reach(playAll(pos, w.plies), written, w.next);
        if (r > far) [far, best] = [r, w];
      }
    }
    best.plies.forEach((m, k) => {
      plies.push({ move: m, before: pos, written: k === best.plies.length - 1 ? i : -1 });
      pos = play(pos, m);
    });
    i = best.next;
  }
  return { plies, stop: i, end: pos };
}

export function playAll(pos: Position, moves: readonly Move[]): Position {
  for (const m of moves) pos = play(pos, m);
  return pos;
}
