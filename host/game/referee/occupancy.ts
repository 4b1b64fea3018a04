import type { Move, Position } from '../../../rules/index.ts';
import { SquareSet } from '../../../rules/index.ts';

/** The squares holding a piece. */
export function occupancyOf(board: Uint8Array): SquareSet {
  let lo = 0;
  let hi = 0;
  for (let sq = 0; sq < board.length; sq++) {
    if (board[sq] === 0) continue;
    if (sq < 32) lo |= 1 << sq;
    else hi |= 1 << (sq - 32);
  }
  return SquareSet.fromBits(lo, hi);
}

/** A map key for a set of squares. */
export function keyOf(set: SquareSet): string {
  return `${set.lo}:${set.hi}`;
}

/** The occupancy after a move: the start emptied, captured pieces gone, the end filled. */
export function occupancyAfter(before: SquareSet, m: Move): SquareSet {
  return before.without(m.from).diff(m.capturedSet).with(m.to);
}

/** Occupancy key of each move's end state (the first move wins a clash). */
export function finalsOf(pos: Position, moves: readonly Move[]): Map<string, Move> {
  const occ = occupancyOf(pos.board);
  const map = new Map<string, Move>();
  for (const m of moves) {
    const k = keyOf(occupancyAfter(occ, m));
    if (!map.has(k)) map.set(k, m);
  }
  return map;
}
