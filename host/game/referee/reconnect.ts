// The board connected again to a game under way (a resume, a new link): its pieces checked
// against the game, a board that is not the game's read as a board to put right, not as hands.

import { SquareSet, colorBit, currentPosition } from '../../../rules/index.ts';
import { difference } from './decision.ts';
import type { Replay } from './decision.ts';
import { describe } from './describe.ts';
import { keyOf } from './occupancy.ts';
import type { RefereeState } from './state.ts';
import { occupancyKey } from './turn.ts';
import type { RefereeEvent, RefereeOutput } from './types.ts';

/**
 * The game `s` with its board connected again (`e`), showing pieces on `e.occupied`. The board
 * as the referee left it: nothing changes. The board after a legal move of the side to move,
 * or while a correction or a decision is under way: its differences are read as hands, lifts
 * then places in the order of the squares (`replay`, the referee's step). Any other board (an
 * empty board, pieces missing or added): a mismatch, with the squares to clear and the pieces
 * to put back (as endTurn.ts says one), at once. Pieces gone while the board was away were
 * taken by no hand the board saw: read as lifts they would be a player's irregularities (FMJD
 * 5.4.7), and each of the opponent's pieces lifted would open a second reading of the turn.
 */
export function reconnect(s: RefereeState, e: Extract<RefereeEvent, { type: 'board' }>, replay: Replay): { state: RefereeState; outputs: RefereeOutput[] } {
  const occupancy = SquareSet.from(e.occupied.filter((q) => q < s.sensed.length));
  const out: RefereeOutput[] = [];
  if (keyOf(occupancy) === keyOf(s.occupied) || s.mode.kind === 'over') return { state: s, outputs: out };
  const pos = currentPosition(s.game);
  // A square filled while away holds a piece the board cannot name: the game's, else the mover's.
  const sensed = Uint8Array.from(s.sensed, (p, sq) => (occupancy.has(sq) ? p || pos.board[sq] || colorBit(pos.turn) : 0));
  const read: RefereeState = { ...s, sensed, occupied: occupancy, hand: [], log: [], pendingMove: null, beforeRelift: null, split: null, now: Math.max(s.now, e.t) };
  const key = occupancyKey(read);
  const asBoard = (s.mode.kind === 'play' || s.mode.kind === 'mismatch') && !s.pendingMove && s.hand.length === 0 && key !== read.restKey && !read.finals.has(key);
  if (asBoard) {
    const plan = difference(sensed, pos);
    out.push({ type: 'mismatch', clear: plan.clear, fill: plan.fill, message: describe.mismatch(pos.variant, plan.clear, plan.fill, s.lang), t: read.now });
    return { state: { ...read, mode: { kind: 'mismatch' } }, outputs: out };
  }
  let state = s;
  for (const lifting of [true, false]) {
    for (let sq = 0; sq < s.sensed.length; sq++) {
      if ((s.occupied.has(sq) && !occupancy.has(sq)) !== lifting || s.occupied.has(sq) === occupancy.has(sq)) continue;
      const r = replay(state, { type: lifting ? 'lift' : 'place', square: sq, t: read.now });
      state = r.state;
      out.push(...r.outputs);
    }
  }
  return { state, outputs: out };
}
