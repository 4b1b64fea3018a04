import type { Move } from './move.ts';
import { generateMoves } from './movegen.ts';
import { BLACK, EMPTY, KING, WHITE, colorBit } from './piece.ts';
import type { Position } from './position.ts';
import type { Variant } from './variant.ts';

/**
 * Leaf count of the move tree to `depth` plies (perft), one move per (from, to, captured
 * set) as the published tables count them. Bulk counting: the last ply is counted, not played.
 */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  return walk(pos.variant, pos.board.slice(), colorBit(pos.turn), depth, new Array<Move[]>(depth + 1));
}

/** Perft of each legal move's subtree, for finding where two generators disagree. */
export function perftDivide(pos: Position, depth: number): { move: Move; count: number }[] {
  const board = pos.board.slice();
  const turn = colorBit(pos.turn);
  const moves = generateMoves(pos.variant, board, turn, []);
  const lists = new Array<Move[]>(depth + 1);
  return moves.map((move) => {
    const undo = make(board, move);
    const count = depth <= 1 ? 1 : walk(pos.variant, board, turn ^ (WHITE | BLACK), depth - 1, lists);
    unmake(board, move, undo);
    return { move, count };
  });
}

function walk(v: Variant, board: Uint8Array, turn: number, depth: number, lists: Move[][]): number {
  const moves = lists[depth] ?? (lists[depth] = []);
  moves.length = 0;
  generateMoves(v, board, turn, moves);
  if (depth === 1) return moves.length;
  let total = 0;
  const next = turn ^ (WHITE | BLACK);
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    const undo = make(board, m);
    total += walk(v, board, next, depth - 1, lists);
    unmake(board, m, undo);
  }
  return total;
}

/** Plays a move on a mutable board; returns the captured piece codes for `unmake`. */
export function make(board: Uint8Array, m: Move): number[] {
  const piece = board[m.from];
  const undo: number[] = [];
  for (const sq of m.captured) {
    undo.push(board[sq]);
    board[sq] = EMPTY;
  }
  board[m.from] = EMPTY;
  board[m.to] = m.promotes ? piece | KING : piece;
  return undo;
}

export function unmake(board: Uint8Array, m: Move, undo: number[]): void {
  const piece = board[m.to];
  board[m.to] = EMPTY;
  board[m.from] = m.promotes ? piece & ~KING : piece;
  for (let i = 0; i < m.captured.length; i++) board[m.captured[i]] = undo[i];
}
