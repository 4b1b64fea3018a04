import { countMoves, generate } from './movegen.ts';
import type { Move } from './move.ts';
import { MoveList } from './moveList.ts';
import { BLACK, EMPTY, KING, WHITE, colorBit } from './piece.ts';
import type { Position } from './position.ts';
import { legalMoves } from './position.ts';
import type { Variant } from './variant.ts';

/**
 * Leaf count of the move tree to `depth` plies (perft), one move per (from, to, captured
 * set) as the published tables count them. Bulk counting: the last ply is counted, not played.
 */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  return new Walker(pos.variant, depth).walk(pos.board.slice(), colorBit(pos.turn), depth);
}

/** Perft of each legal move's subtree, for finding where two generators disagree. */
export function perftDivide(pos: Position, depth: number): { move: Move; count: number }[] {
  const walker = new Walker(pos.variant, depth);
  return legalMoves(pos).map((move) => {
    const board = pos.board.slice();
    make(board, move);
    const count = depth <= 1 ? 1 : walker.walk(board, colorBit(pos.turn) ^ (WHITE | BLACK), depth - 1);
    return { move, count };
  });
}

class Walker {
  private readonly lists: MoveList[];
  private readonly undo: Uint8Array[];

  constructor(
    private readonly v: Variant,
    depth: number,
  ) {
    this.lists = Array.from({ length: depth + 1 }, () => new MoveList());
    this.undo = Array.from({ length: depth + 1 }, () => new Uint8Array(64));
  }

  walk(board: Uint8Array, turn: number, depth: number): number {
    const list = this.lists[depth];
    if (depth === 1) return countMoves(this.v, board, turn, list);
    generate(this.v, board, turn, list);
    const undo = this.undo[depth];
    const next = turn ^ (WHITE | BLACK);
    let total = 0;
    for (let i = 0; i < list.length; i++) {
      const from = list.from[i];
      const to = list.to[i];
      const piece = board[from];
      const n = list.jumps[i];
      if (n > 0) {
        const s = list.start[i] + n;
        for (let k = 0; k < n; k++) {
          const sq = list.route[s + k];
          undo[k] = board[sq];
          board[sq] = EMPTY;
        }
      }
      board[from] = EMPTY;
      board[to] = list.promotes[i] ? piece | KING : piece;
      total += this.walk(board, next, depth - 1);
      board[to] = EMPTY;
      board[from] = piece;
      if (n > 0) {
        const s = list.start[i] + n;
        for (let k = 0; k < n; k++) board[list.route[s + k]] = undo[k];
      }
    }
    return total;
  }
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

/** Takes back a move played with {@link make}. */
export function unmake(board: Uint8Array, m: Move, undo: number[]): void {
  const piece = board[m.to];
  board[m.to] = EMPTY;
  board[m.from] = m.promotes ? piece & ~KING : piece;
  for (let i = 0; i < m.captured.length; i++) board[m.captured[i]] = undo[i];
}
