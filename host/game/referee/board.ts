// The board as the referee senses it: the piece on each square, followed from lift to place,
// and the pieces in the air. Reed switches report only that a square emptied or filled; which
// piece arrived is inferred from the pieces in the hand.

import type { Move, Position, SquareSet } from '../../../rules/index.ts';
import { colorBit } from '../../../rules/index.ts';

/** A piece lifted and not yet put down, and the square it left. */
export interface Held {
  readonly piece: number;
  readonly from: number;
}

/** The squares and the hand after one lift or place. */
export interface Sensed {
  readonly sensed: Uint8Array;
  readonly occupied: SquareSet;
  readonly hand: readonly Held[];
  /** The piece lifted or placed (0: none, the event changed nothing). */
  readonly piece: number;
}

/**
 * A piece leaves `sq` and goes into the hand. A lift from an empty square changes nothing
 * (`piece` 0).
 */
export function lift(sensed: Uint8Array, occupied: SquareSet, hand: readonly Held[], sq: number): Sensed {
  const piece = sensed[sq];
  if (piece === 0) return { sensed, occupied, hand, piece: 0 };
  const next = sensed.slice();
  next[sq] = 0;
  return { sensed: next, occupied: occupied.without(sq), hand: [...hand, { piece, from: sq }], piece };
}

/**
 * A piece arrives on `sq`. Which one: a piece in the hand that left this very square (put
 * back); else the last piece of the side to move that was lifted (the mover puts down the piece
 * it plays); else the last piece lifted; with nothing in the hand, `outside` (a piece brought
 * back from off the board). A place on an occupied square changes nothing (`piece` 0).
 */
export function place(sensed: Uint8Array, occupied: SquareSet, hand: readonly Held[], sq: number, mover: number, outside: number): Sensed {
  if (sensed[sq] !== 0) return { sensed, occupied, hand, piece: 0 };
  let at = -1;
  for (let i = hand.length - 1; i >= 0 && at < 0; i--) if (hand[i].from === sq) at = i;
  for (let i = hand.length - 1; i >= 0 && at < 0; i--) if (hand[i].piece & mover) at = i;
  if (at < 0) at = hand.length - 1;
  const piece = at >= 0 ? hand[at].piece : outside;
  const next = sensed.slice();
  next[sq] = piece;
  return { sensed: next, occupied: occupied.with(sq), hand: at >= 0 ? [...hand.slice(0, at), ...hand.slice(at + 1)] : hand, piece };
}

/**
 * Whether what the board shows could be the capture `m` under way: the mover's own pieces off
 * their squares are at most its capturing piece, the opponent's pieces off are pieces it takes,
 * and at most one square has filled (the capturing piece on a landing). Squares listed in
 * `leftover` (captured pieces of the last move not yet taken off) are not counted.
 */
export function couldBe(pos: Position, sensed: Uint8Array, m: Move, leftover: SquareSet): boolean {
  const mine = colorBit(pos.turn);
  let filled = 0;
  for (let q = 0; q < sensed.length; q++) {
    const was = pos.board[q];
    const is = sensed[q];
    if (was !== 0 && is === 0) {
      if (was & mine ? q !== m.from : !m.capturedSet.has(q)) return false;
    } else if (was === 0 && is !== 0 && !leftover.has(q) && ++filled > 1) return false;
  }
  return true;
}
