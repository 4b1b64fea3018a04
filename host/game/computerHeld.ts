// The board's buttons held long against the computer, and what time passing does to what the
// computer shows. The blind player's questions (host/speech/keyboard.ts) use a short press and a
// press held 1 s of Accept and Correct; these gestures are the ones left:
//
// | gesture, with nothing to decide and no piece in the hand | does                          |
// |-----------------------------------------------------------|-------------------------------|
// | Correct held 3 s, also while the pieces are put back      | takes back a move pair        |
// | j'adoube held 1 s, in the player's turn, a move played    | a hint: the engine's best move |
//
// Before the first move j'adoube held chooses the computer's level and colour instead
// (host/game/computerGesture.ts); a hint then comes from the page.

import type { ComputerState } from './computer.ts';
import { routeAt } from './computer.ts';
import { askHint } from './computerHint.ts';
import type { Apply } from './computerTakeback.ts';
import { takeBackPair } from './computerTakeback.ts';
import type { Draft } from './draft.ts';
import type { RefereeState } from './referee/referee.ts';
import type { BoardButton } from '../link/types.ts';

/** Correct held this long (ms) with nothing to decide takes back a move pair. */
export const TAKEBACK_HOLD_MS = 3000;
/** J'adoube held this long (ms) with no piece in the hand asks for a hint. */
export const HINT_HOLD_MS = 1000;

/**
 * Whether the referee leaves `button` held to the computer now: plain play, no piece in the hand,
 * nothing played this turn; or, for Correct, the pieces being guided back (a take back then goes
 * one pair further, as the `take-back` command does; the referee only shows the correction again).
 */
function idle(referee: RefereeState | null, button: BoardButton): boolean {
  if (referee?.mode.kind === 'correcting') return button === 'correct';
  return referee !== null && referee.mode.kind === 'play' && referee.hand.length === 0 && referee.log.length === 0 && referee.pendingMove === null;
}

/** The computer after a button of the board went down or up at board time `t` (ms); `referee`: as before the press is given to it. */
export function buttonHeld(c: ComputerState, referee: RefereeState | null, button: BoardButton, down: boolean, t: number): ComputerState {
  if (!down) return c.held ? { ...c, held: null } : c;
  const asks = button === 'correct' || (button === 'jadoube' && (referee?.game.moves.length ?? 0) > 0);
  const held = asks && idle(referee, button) ? { button, t } : null;
  return held || c.held ? { ...c, held } : c;
}

/**
 * The computer at board time `now` (ms): a button held long enough does what it asks (once per
 * press), and the capture shown lights its next landing square (host/game/computer.ts, routeAt).
 */
export function computerTimed(d: Draft, now: number, apply: Apply): void {
  const c = d.s.computer;
  if (!c) return;
  const held = c.held;
  const long = held && now - held.t >= (held.button === 'correct' ? TAKEBACK_HOLD_MS : HINT_HOLD_MS) ? held : null;
  if (long) {
    d.s.computer = { ...c, held: null };
    if (long.button === 'correct') takeBackPair(d, now, apply, true);
    else askHint(d, true);
  }
  const later = d.s.computer;
  if (later) d.s.computer = routeAt(later, now);
}
