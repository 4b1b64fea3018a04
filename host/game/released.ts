// The player's king move against the computer, over once the hand has let go of it. Between
// people a king put down where it could slide further is a move once the opponent moves on (or
// the clock is pressed): the board cannot feel the hand let go. The computer moves on only from
// a move that is over, so it takes the hands' stillness for the release: FMJD 3.10, "Potez
// figurom je završen kada igrač ispusti figuru nakon što ju je pomaknuo" (a move is over when
// the player lets go of the piece moved), and 3.12, until then the king may go on to another
// free square. Pure.

import { currentPosition } from '../../rules/index.ts';
import type { GameState } from './game.ts';
import type { RefereeEvent } from './referee/types.ts';

/** How long (ms) the player's king stands still, no piece in the hand, before its move is taken as over. */
export const RELEASED_MS = 1500;

/**
 * The event that ends the player's turn at board time `now` when the computer is the opponent
 * and the board has shown the player's king move, still open, for {@link RELEASED_MS} with no
 * piece in the hand (the press of the player's clock, journaled as any press); null otherwise.
 */
export function releasedMove(s: GameState, now: number): RefereeEvent | null {
  const r = s.referee;
  const c = s.computer;
  if (!c || !r || s.result || r.mode.kind !== 'play' || !r.pendingMove || r.hand.length > 0) return null;
  if (currentPosition(r.game).turn === c.config.side || now - r.now < RELEASED_MS) return null;
  return { type: 'press', button: 'clock', t: now };
}
