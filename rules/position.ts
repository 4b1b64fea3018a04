import type { Move } from './move.ts';
import { generateMoves } from './movegen.ts';
import { BLACK, EMPTY, KING, WHITE, colorBit, opposite } from './piece.ts';
import type { Color, Material, Variant } from './variant.ts';

/**
 * A position: the pieces, the side to move and the counters the draw rules need.
 * Immutable by convention: nothing in dambord writes to `board` after construction.
 */
export interface Position {
  readonly variant: Variant;
  /** Piece code (see piece.ts) of each square index. */
  readonly board: Uint8Array;
  readonly turn: Color;
  /** Plies in a row in which only kings moved and nothing was captured (FMJD 6.2). */
  readonly kingMovePlies: number;
  /**
   * The endgame draw rule in force (FMJD 6.3/6.4) and the plies counted against its limit:
   * the plies played since it began, or more when it followed another endgame rule that had
   * fewer plies left (see `play`).
   */
  readonly endgame: { readonly article: string; readonly plies: number } | null;
}

/** A position from a board array; the endgame counter starts if the material calls for one. */
export function createPosition(variant: Variant, board: Uint8Array, turn: Color): Position {
  const pos: Position = { variant, board, turn, kingMovePlies: 0, endgame: null };
  const article = endgameRule(pos);
  return article ? { ...pos, endgame: { article, plies: 0 } } : pos;
}

/** Every legal move of the side to move. */
export function legalMoves(pos: Position): Move[] {
  // The generator changes the board while it searches and restores it before returning.
  return generateMoves(pos.variant, pos.board as Uint8Array, colorBit(pos.turn), []);
}

/**
 * The position after `move`, which must be one of `legalMoves(pos)` (use `legalMoves` to
 * check moves from outside; this function trusts its argument).
 */
export function play(pos: Position, move: Move): Position {
  const board = pos.board.slice();
  const piece = board[move.from];
  board[move.from] = EMPTY;
  for (const sq of move.captured) board[sq] = EMPTY;
  board[move.to] = move.promotes ? piece | KING : piece;
  const kingOnly = (piece & KING) !== 0 && move.captured.length === 0;
  const next: Position = {
    variant: pos.variant,
    board,
    turn: opposite(pos.turn),
    kingMovePlies: kingOnly ? pos.kingMovePlies + 1 : 0,
    endgame: null,
  };
  const article = endgameRule(next);
  if (!article) return next;
  return { ...next, endgame: { article, plies: endgamePlies(pos, article) } };
}

/**
 * The plies counted against endgame rule `article` one ply after `pos`. The rule in force
 * goes on counting; a rule that arises from no endgame starts at 0; a change from one endgame
 * rule to another never leaves more plies than the old rule had left (Latvian rules 6.4, seed
 * 002: when a 16-move endgame turns into a 5-move one with fewer than 5 of the 16 moves left,
 * the count goes on to 16; Croatian 6.3, seed 000: "at most sixteen further moves").
 */
function endgamePlies(pos: Position, article: string): number {
  const prev = pos.endgame;
  if (!prev) return 0;
  if (prev.article === article) return prev.plies + 1;
  const rules = pos.variant.draw.endgames;
  const old = rules.find((r) => r.article === prev.article);
  const rule = rules.find((r) => r.article === article);
  if (!old || !rule) return 0;
  const left = Math.max(0, old.plies - (prev.plies + 1));
  return Math.max(0, rule.plies - left);
}

/** Men and kings of one side. */
export function material(pos: Position, color: Color): Material {
  const bit = colorBit(color);
  let men = 0;
  let kings = 0;
  for (const p of pos.board) {
    if (p & bit) {
      if (p & KING) kings++;
      else men++;
    }
  }
  return { men, kings };
}

/** The FMJD 6.3/6.4 (Czech 6.3/6.4, ...) endgame rule that applies to the material, if any. */
function endgameRule(pos: Position): string | null {
  const rules = pos.variant.draw.endgames;
  if (rules.length === 0) return null;
  // Every endgame rule has one lone piece against at most three.
  let pieces = 0;
  for (let i = 0; i < pos.board.length; i++) if (pos.board[i] !== 0 && ++pieces > 4) return null;
  const w = material(pos, 'white');
  const b = material(pos, 'black');
  const [strong, weak, weakColor] = w.men + w.kings === 1 ? [b, w, WHITE] : [w, b, BLACK];
  if (weak.men + weak.kings !== 1) return null;
  const g = pos.variant.geometry;
  const lone = pos.board.findIndex((p) => (p & weakColor) !== 0);
  const onMain = g.row[lone] + g.col[lone] === g.size - 1; // the long diagonal, a1-h8 (Czech 2.3)
  for (const rule of rules) if (rule.matches(strong, weak, onMain)) return rule.article;
  return null;
}

/** A key that is equal for equal positions (same pieces, same side to move; FMJD 6.1). */
export function positionKey(pos: Position): string {
  let s = pos.turn === 'white' ? 'W' : 'B';
  for (const p of pos.board) s += String.fromCharCode(48 + p);
  return s;
}

/** An empty board for a variant. */
export function emptyBoard(variant: Variant): Uint8Array {
  return new Uint8Array(variant.geometry.squares);
}

export { WHITE, BLACK };
