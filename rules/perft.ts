import { generate } from './movegen.ts';
import type { Move } from './move.ts';
import { MoveList } from './moveList.ts';
import { BLACK, EMPTY, KING, WHITE, colorBit } from './piece.ts';
import { PerftWalker } from './perftWalk.ts';
import type { Position } from './position.ts';
import { legalMoves } from './position.ts';

/**
 * Leaf count of the move tree to `depth` plies (perft), one move per (from, to, captured
 * set) as the published tables count them. Bulk counting: the last ply is counted, not played.
 */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  return perftCounts(pos, depth)[depth - 1];
}

/** Perft 1 to `depth` in one walk: `[perft 1, ..., perft depth]` (see {@link PerftWalker}). */
export function perftCounts(pos: Position, depth: number): number[] {
  return new PerftWalker(pos.variant).count(pos.board.slice(), colorBit(pos.turn), depth);
}

/** Perft of each legal move's subtree, for finding where two generators disagree. */
export function perftDivide(pos: Position, depth: number): { move: Move; count: number }[] {
  const walker = new PerftWalker(pos.variant);
  const next = colorBit(pos.turn) ^ (WHITE | BLACK);
  return legalMoves(pos).map((move) => {
    const board = pos.board.slice();
    make(board, move);
    return { move, count: depth <= 1 ? 1 : walker.count(board, next, depth - 1)[depth - 2] };
  });
}

/** A piece of a perft cut for threads: the tree below one position some plies deep. */
export interface PerftTask {
  /** The index in `legalMoves` of the root move the position lies under (for a divide). */
  readonly root: number;
  readonly board: Uint8Array;
  /** WHITE or BLACK (piece.ts), to move. */
  readonly turn: number;
  /** Plies to count below it: its counts are perft `split + 1` to `split + depth` of the root. */
  readonly depth: number;
}

/** A perft cut into tasks: {@link perftPlan}. */
export interface PerftPlan {
  /** The legal moves of the root, as `legalMoves` gives them. */
  readonly moves: readonly Move[];
  /** How many plies below the root the tasks lie. */
  readonly split: number;
  /** Perft 1 to `split` of the root: the levels the plan walked. */
  readonly above: readonly number[];
  readonly tasks: readonly PerftTask[];
}

/**
 * Perft `depth` of `pos` cut into tasks for threads: every position one ply below the root,
 * then two, and so on until there are at least `tasks` of them or one ply is left to count
 * below them. The levels walked are counted on the way; {@link perftJoin} adds the tasks'
 * counts to them. A position with no move ends its branch (a leaf of its level).
 */
export function perftPlan(pos: Position, depth: number, tasks: number): PerftPlan {
  const moves = legalMoves(pos);
  const next = colorBit(pos.turn) ^ (WHITE | BLACK);
  let level: { root: number; board: Uint8Array; turn: number }[] = moves.map((m, root) => {
    const board = pos.board.slice();
    make(board, m);
    return { root, board, turn: next };
  });
  const above = [moves.length];
  const list = new MoveList();
  while (above.length < depth - 1 && level.length < tasks) {
    const deeper: typeof level = [];
    for (const node of level) {
      generate(pos.variant, node.board, node.turn, list);
      for (let i = 0; i < list.length; i++) {
        const board = node.board.slice();
        playListed(board, list, i);
        deeper.push({ root: node.root, board, turn: node.turn ^ (WHITE | BLACK) });
      }
    }
    level = deeper;
    above.push(level.length);
  }
  const split = above.length;
  return { moves, split, above, tasks: split < depth ? level.map((n) => ({ ...n, depth: depth - split })) : [] };
}

/**
 * Perft 1 to `depth` of a plan's root, and each root move's count at `depth` (a divide), from
 * the counts of its tasks (`counts[i]` of `plan.tasks[i]`, as {@link PerftWalker.count} gives them).
 */
export function perftJoin(plan: PerftPlan, depth: number, counts: readonly (readonly number[])[]): { counts: number[]; divide: number[] } {
  const total = [...plan.above];
  const divide = plan.moves.map(() => (depth === 1 ? 1 : 0));
  for (let k = plan.split; k < depth; k++) total.push(0);
  plan.tasks.forEach((task, i) => {
    const c = counts[i];
    for (let k = 0; k < task.depth; k++) total[plan.split + k] += c[k];
    divide[task.root] += c[task.depth - 1];
  });
  return { counts: total.slice(0, depth), divide };
}

/** Plays move `i` of a list on a mutable board. */
function playListed(board: Uint8Array, list: MoveList, i: number): void {
  const from = list.from[i];
  const piece = board[from];
  const n = list.jumps[i];
  const s = list.start[i] + n;
  for (let k = 0; k < n; k++) board[list.route[s + k]] = EMPTY;
  board[from] = EMPTY;
  board[list.to[i]] = list.promotes[i] ? piece | KING : piece;
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
