// The board as keyboard (pure): gestures and buttons that ask questions without touching the
// game. In the blind policy (and on request in any policy):
//
// | gesture                                            | answer                                  |
// |----------------------------------------------------|-----------------------------------------|
// | a piece lifted and held 1 s                        | its square and where it may go          |
// | ... held on, 4 s in all                            | the two diagonals through its square    |
// | Accept, nothing to decide                          | the last move                           |
// | Accept again within 4 s                            | one move more each time (the last N)    |
// | Accept held 1 s                                    | the pieces by kind                      |
// | Correct, nothing to decide                         | whose turn it is, and the clocks        |
// | Correct held 1 s                                   | the whole position, row by row          |
//
// Against the computer (host/game/computerGesture.ts), with the start position set up and
// nothing played, j'adoube chooses the computer's level and colour:
//
// | gesture                                            | answer                                  |
// |----------------------------------------------------|-----------------------------------------|
// | J'adoube held 1 s                                  | the level and colour: "Level 5. The     |
// |                                                    | computer plays Black."                  |
// | ... then j'adoube pressed N times                  | level N, said 3 s after the last press  |
// | ... or j'adoube held 1 s again                     | the other colour, said                  |
//
// Once a move is played, two gestures more (host/game/computerHeld.ts): Correct held 3 s takes
// back a move pair, j'adoube held 1 s with no piece in the hand asks for a hint.
//
// A button asks only when the referee has nothing to do with it: the game follows play, no
// piece is in the hand and nothing was played this turn (a press then ends nothing and decides
// nothing, so the referee says nothing). A piece lifted to feel it counts as touched only when
// it stays out of its square (FMJD 3.11 as IBCA applies it; the blind policy's `feel`).

import type { BoardButton } from '../link/types.ts';
import type { SeenStep } from '../game/game.ts';
import { answer } from './queries.ts';
import type { Language } from '../words/catalogue.ts';

/** A piece held this long (ms) is asked about. */
export const HOLD_MS = 1000;
/** Held this long (ms) in all, the diagonals through its square. */
export const HOLD_DIAGONALS_MS = 4000;
/** A button held this long (ms) is a long press. */
export const LONG_PRESS_MS = 1000;
/** Accept pressed again within this (ms) asks for one move more. */
export const AGAIN_MS = 4000;

/** What the keyboard remembers between steps. */
export interface Keyboard {
  /** The piece lifted, since when, and how much of it was said (0 nothing, 1 its square, 2 its diagonals). */
  readonly held: { readonly square: number; readonly t: number; readonly told: 0 | 1 | 2 } | null;
  /** The button held down, since when, and whether its long press was answered. */
  readonly down: { readonly button: BoardButton; readonly t: number; readonly long: boolean } | null;
  /** The last short Accept: when, and how many moves it asked for. */
  readonly last: { readonly t: number; readonly count: number } | null;
}

export function createKeyboard(): Keyboard {
  return { held: null, down: null, last: null };
}

/** The keyboard after `seen` (whose referee said `outputs` things), and the answers to say. */
export function keyboardStep(k: Keyboard, lang: Language, seen: SeenStep, outputs: number): { keyboard: Keyboard; said: string[] } {
  const { input, before, after, now } = seen;
  const said: string[] = [];
  let { held, down, last } = k;
  const ref = before.referee;
  if (input.type === 'board') {
    const e = input.event;
    if (e.type === 'lift') held = ref && ref.sensed[e.square] !== 0 && !after.result ? { square: e.square, t: e.t, told: 0 } : null;
    else if (e.type === 'place') held = null;
    else if (e.type === 'button') {
      if (!e.down) down = null;
      else {
        down = { button: e.button, t: e.t, long: false };
        const idle = ref !== null && ref.mode.kind === 'play' && ref.hand.length === 0 && ref.log.length === 0 && ref.pendingMove === null && outputs === 0;
        if (idle && e.button === 'accept') {
          const count = last && e.t - last.t <= AGAIN_MS ? last.count + 1 : 1;
          last = { t: e.t, count };
          said.push(answer(lang, after, { what: 'last', count }, now));
        } else if (idle && e.button === 'correct') {
          said.push(`${answer(lang, after, { what: 'turn' }, now)} ${answer(lang, after, { what: 'clocks' }, now)}`);
        } else down = null;
      }
    }
  }
  if (input.type === 'tick' || input.type === 'board') {
    // A piece held in the hand (a place or another lift ends it); the position is the one it was lifted from.
    const lifted = held && after.referee && after.referee.sensed[held.square] === 0 ? held : null;
    if (lifted && lifted.told === 0 && now - lifted.t >= HOLD_MS) {
      said.push(answer(lang, after, { what: 'square', square: lifted.square }, now));
      held = { ...lifted, told: 1 };
    } else if (lifted && lifted.told === 1 && now - lifted.t >= HOLD_DIAGONALS_MS) {
      said.push(answer(lang, after, { what: 'diagonals', square: lifted.square }, now));
      held = { ...lifted, told: 2 };
    }
    if (down && !down.long && now - down.t >= LONG_PRESS_MS) {
      said.push(answer(lang, after, { what: down.button === 'accept' ? 'kinds' : 'rows' }, now));
      down = { ...down, long: true };
    }
  }
  return { keyboard: { held, down, last }, said };
}
