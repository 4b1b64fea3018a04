// The English laws' time per move (the Standard Laws of Checkers, seed 004, "Time Limit to
// Moves") as the position decides it: which law sets the mover's time, and the variant it belongs
// to. The clock that keeps the time is clock.ts's `per-move` period.
//
// - law 24: "At the end of five minutes (if the play has not been previously been made) time must
//   be called [...]; and if the play be not completed on the expiry of another minute, the game
//   shall be adjudged to be lost through improper delay."
// - law 25: "When there is only one way of taking one or more pieces, time shall be called at the
//   end of one minute, and if the play be not completed on the expiry of another minute, the game
//   shall be adjudged to be lost through improper delay."

import { isCapture, legalMoves } from '../../../rules/index.ts';
import type { Position, Variant } from '../../../rules/index.ts';
import { LAWS_TOKEN, isPerMove } from './clock.ts';
import type { TimeControl } from './clock.ts';

/**
 * Law 25: the side to move in `pos` has only one way of taking one or more pieces: its one legal
 * move is a capture. Two captures, or a capture and another, are more than one way (law 24).
 * Captures with the same start, end and pieces taken are one way (rules/move.ts, what the board
 * sees). A capture is compulsory (law 9), so a capture and a plain move are never both legal.
 */
export function oneWayOfTaking(pos: Position): boolean {
  const moves = legalMoves(pos);
  return moves.length === 1 && isCapture(moves[0]);
}

/**
 * The law that sets the time of the side to move in `pos` (the variant's `timePerMove`): 25
 * with only one way of taking, 24 otherwise; null in a variant with no time per move.
 */
export function lawOf(pos: Position): string | null {
  const laws = pos.variant.timePerMove;
  return laws && (oneWayOfTaking(pos) ? laws.oneWay : laws.call);
}

/**
 * Why `tc` cannot be played in `v`, or null when it can: the time per move of the Standard Laws
 * ({@link LAWS_TOKEN}) is for a variant whose rulebook has one (English draughts'). An English sentence for the command line.
 *
 * @example controlRefused(lawsControl, variants.international) // 'the time control "laws" ... english ...'
 */
export function controlRefused(tc: TimeControl, v: Variant): string | null {
  if (tc.kind !== 'timed' || !isPerMove(tc) || v.timePerMove) return null;
  return `the time control "${LAWS_TOKEN}" is the time per move of the Standard Laws of Checkers (laws 24 and 25), played in the english variant only, not in ${v.name}; give an FMJD time control such as 5400+30`;
}
