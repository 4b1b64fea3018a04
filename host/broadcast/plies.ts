// The positions of a board's game, ply by ply, for a viewer stepping back through it: the
// board's scoresheet (what viewers may see of it, after any broadcast delay) replayed by the rules
// core. Pure.

import { readPdn, squareName, variantByName } from '../../rules/index.ts';
import type { Position, Variant } from '../../rules/index.ts';
import { boardText } from '../game/view.ts';

/** The position after one ply: the board and the squares its move left, crossed and reached, and those of the pieces it captured. */
export interface PlyPosition {
  /** 1-based, as BroadcastMove.ply. */
  readonly ply: number;
  /** One character per dark square in number order, `w` `W` `b` `B` `.` (BoardState.position's format). */
  readonly position: string;
  /** The move's squares (from, landings, to) in the variant's notation; [] for an irregular move set up (no single piece made it). */
  readonly squares: readonly string[];
  readonly captured: readonly string[];
}

/**
 * The game's positions for viewers (GET /api/round/board/N/plies): the board's number and
 * revision (BoardEvent.rev: the state they were read from), the position before the first move
 * and one after each ply the scoresheet replays, in order. A scoresheet that stops replaying
 * (a move the rules core does not read) gives the plies before it: the viewer shows the
 * position as not known beyond.
 */
export interface BoardPlies {
  readonly board: number;
  readonly rev: number;
  readonly start: string;
  readonly plies: readonly PlyPosition[];
}

/**
 * Board `board`'s positions from its scoresheet `pdn` in `variant`, the first ply numbered
 * `firstPly` (the state's first move: 1, or later for a game set up from a position). Each node of
 * the main line is one move that stands: a ply, or a setup `/FEN/` (an irregular move accepted,
 * host/game/referee/record.ts), whose squares are not known.
 */
export function boardPlies(o: { board: number; rev: number; variant: string; pdn: string; firstPly: number }): BoardPlies {
  const v: Variant | undefined = variantByName(o.variant);
  const game = v ? readPdn(o.pdn, { variant: v }).games[0] : undefined;
  if (!v || !game) return { board: o.board, rev: o.rev, start: '', plies: [] };
  const names = (squares: readonly number[]): string[] => squares.map((sq) => squareName(v, sq));
  const plies: PlyPosition[] = [];
  for (const node of game.line) {
    const ply = o.firstPly + plies.length;
    const after: Position = node.kind === 'ply' ? node.after : node.position;
    const squares = node.kind === 'ply' ? names([node.move.from, ...node.move.path]) : [];
    const captured = node.kind === 'ply' ? names(node.move.captured) : [];
    plies.push({ ply, position: boardText(after), squares, captured });
  }
  return { board: o.board, rev: o.rev, start: boardText(game.start), plies };
}
