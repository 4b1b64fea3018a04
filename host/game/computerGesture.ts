// The computer's level and colour chosen from the board alone, before the first move (pure: the
// board's events and the time in, what to do out). With the start position set up and nothing
// played, the j'adoube button held 1 s opens the choice (the board says the level and colour
// now: "Level 5. The computer plays Black."); then each short press of j'adoube counts one level
// (the count, at most 10, taken 3 s after the last press), and j'adoube held 1 s again gives the
// computer the other colour. A piece lifted or put down, or a move made, closes the choice. A
// short j'adoube press with the choice closed is the referee's, as ever (FMJD 3.13: the player to
// move who wishes to adjust a piece on its square must first clearly announce it: "j'adoube").
// The blind player's questions (host/speech/keyboard.ts) are Accept's and Correct's: no clash.

import type { Color } from '../../rules/index.ts';
import type { GameInput } from './game.ts';
import type { ComputerAsked } from './computerChoice.ts';

/** J'adoube held this long (ms) opens the choice, or, open, changes the colour. */
export const GESTURE_HOLD_MS = 1000;
/** The level counted is taken this long (ms) after the last press. */
export const GESTURE_SERIES_MS = 3000;

/** The choice as the board's hands make it. */
export interface Gesture {
  /** Whether the choice is open (j'adoube held once). */
  readonly open: boolean;
  /** The short presses counted since it opened or since the last level taken. */
  readonly presses: number;
  /** When the last press ended (ms, board time). */
  readonly last: number;
  /** When j'adoube went down, while it is held; null when it is up. */
  readonly down: number | null;
}

/** What the choice asks of the game: say the level and colour now, or change them (then say them). */
export type GestureAct = { readonly kind: 'tell' } | { readonly kind: 'choose'; readonly asked: ComputerAsked };

export const CLOSED: Gesture = { open: false, presses: 0, last: 0, down: null };

/**
 * The choice after `input` at board time `t`: `allowed` when the computer's level and colour
 * may change now (a computer at the board, the start position set up, nothing played), `side`
 * the computer's colour now.
 */
export function gestureStep(g: Gesture, input: GameInput, t: number, allowed: boolean, side: Color): { gesture: Gesture; act: GestureAct | null } {
  if (!allowed) return { gesture: CLOSED, act: null };
  if (input.type === 'tick') {
    if (!g.open || g.down !== null || t - g.last < GESTURE_SERIES_MS) return { gesture: g, act: null };
    return { gesture: CLOSED, act: g.presses > 0 ? { kind: 'choose', asked: { level: g.presses } } : null };
  }
  if (input.type !== 'board') return { gesture: g, act: null };
  const e = input.event;
  if (e.type === 'lift' || e.type === 'place') return { gesture: CLOSED, act: null };
  if (e.type !== 'button' || e.button !== 'jadoube') return { gesture: g, act: null };
  if (e.down) return { gesture: { ...g, down: e.t }, act: null };
  const held = g.down !== null && e.t - g.down >= GESTURE_HOLD_MS;
  if (held && !g.open) return { gesture: { open: true, presses: 0, last: e.t, down: null }, act: { kind: 'tell' } };
  if (held) {
    const other: Color = side === 'white' ? 'black' : 'white';
    return { gesture: { open: true, presses: 0, last: e.t, down: null }, act: { kind: 'choose', asked: { side: other, ...(g.presses > 0 ? { level: g.presses } : {}) } } };
  }
  if (!g.open) return { gesture: { ...g, down: null }, act: null };
  return { gesture: { open: true, presses: Math.min(10, g.presses + 1), last: e.t, down: null }, act: null };
}
