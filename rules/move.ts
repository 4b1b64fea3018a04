import { SquareSet } from './squareSet.ts';

/**
 * A legal move: where the piece starts, every square it lands on and every piece it takes.
 *
 * Two captures with the same start, end and captured set are one move (what a sensor board
 * can see); the generator keeps the first route it finds and `path` shows that route.
 * Squares are internal indices (square number - 1).
 */
export interface Move {
  readonly from: number;
  readonly to: number;
  /** Squares landed on after `from`, in order; the last is `to`. A plain move has `[to]`. */
  readonly path: readonly number[];
  /** Squares of the captured pieces in the order they were jumped; empty for a plain move. */
  readonly captured: readonly number[];
  /** The captured squares as a set (compare moves with it). */
  readonly capturedSet: SquareSet;
  /** The moving man is crowned by this move. */
  readonly promotes: boolean;
}

const NONE: readonly number[] = Object.freeze([]);
const SINGLE: (readonly number[])[] = Array.from({ length: 64 }, (_, i) => Object.freeze([i]));

/** A plain (non-capturing) move. */
export function plainMove(from: number, to: number, promotes: boolean): Move {
  return { from, to, path: SINGLE[to], captured: NONE, capturedSet: SquareSet.EMPTY, promotes };
}

/** A capture along `path` taking `captured`, in that order. */
export function captureMove(from: number, path: number[], captured: number[], promotes: boolean): Move {
  return { from, to: path[path.length - 1], path, captured, capturedSet: SquareSet.from(captured), promotes };
}

/** The same move as a sensor board sees it: same start, end and captured set. */
export function sameMove(a: Move, b: Move): boolean {
  return a.from === b.from && a.to === b.to && a.capturedSet.equals(b.capturedSet);
}

export function isCapture(m: Move): boolean {
  return m.captured.length > 0;
}
