// The computer's level and colour from the board's j'adoube button (computerGesture.ts), pure:
// the events as a player's hands make them, the times the board gives them.
import { describe, expect, it } from 'vitest';
import type { BoardEvent } from '../link/types.ts';
import type { GameInput } from './game.ts';
import { CLOSED, GESTURE_HOLD_MS, GESTURE_SERIES_MS, gestureStep } from './computerGesture.ts';
import type { Gesture } from './computerGesture.ts';

const button = (down: boolean, t: number): GameInput => ({ type: 'board', event: { type: 'button', button: 'jadoube', down, t, seq: 0, source: 'board' } as BoardEvent });
const lift = (t: number): GameInput => ({ type: 'board', event: { type: 'lift', square: 31, t, seq: 0, source: 'board' } as BoardEvent });

/** The acts of `inputs` in turn (each with its time), all allowed, the computer Black. */
function acts(inputs: readonly [GameInput, number][], allowed = true) {
  let g: Gesture = CLOSED;
  const out = [];
  for (const [input, t] of inputs) {
    const r = gestureStep(g, input, t, allowed, 'black');
    g = r.gesture;
    if (r.act) out.push(r.act);
  }
  return out;
}

const hold = (t: number): [GameInput, number][] => [[button(true, t), t], [button(false, t + GESTURE_HOLD_MS), t + GESTURE_HOLD_MS]];
const tap = (t: number): [GameInput, number][] => [[button(true, t), t], [button(false, t + 100), t + 100]];

describe('j\'adoube before the first move', () => {
  it('held opens the choice and tells it; two presses then give level 2, taken once the presses stop', () => {
    const end = 1000 + GESTURE_HOLD_MS;
    expect(acts([...hold(1000), ...tap(end + 500), ...tap(end + 1000), [{ type: 'tick' }, end + 1100 + GESTURE_SERIES_MS - 10]])).toEqual([{ kind: 'tell' }]);
    expect(acts([...hold(1000), ...tap(end + 500), ...tap(end + 1000), [{ type: 'tick' }, end + 1100 + GESTURE_SERIES_MS]])).toEqual([{ kind: 'tell' }, { kind: 'choose', asked: { level: 2 } }]);
  });

  it('held again gives the computer the other colour; eleven presses are level 10', () => {
    const end = 1000 + GESTURE_HOLD_MS;
    expect(acts([...hold(1000), ...hold(end + 500)])).toEqual([{ kind: 'tell' }, { kind: 'choose', asked: { side: 'white' } }]);
    const taps = Array.from({ length: 11 }, (_, i) => tap(end + 300 * (i + 1))).flat();
    expect(acts([...hold(1000), ...taps, [{ type: 'tick' }, end + 10_000]])).toEqual([{ kind: 'tell' }, { kind: 'choose', asked: { level: 10 } }]);
  });

  it('a press alone is the referee\'s j\'adoube (FMJD 3.13); a piece lifted closes the choice; nothing once not allowed', () => {
    expect(acts([...tap(1000), ...tap(1500), [{ type: 'tick' }, 10_000]])).toEqual([]);
    const end = 1000 + GESTURE_HOLD_MS;
    expect(acts([...hold(1000), ...tap(end + 200), [lift(end + 400), end + 400], [{ type: 'tick' }, end + 10_000]])).toEqual([{ kind: 'tell' }]);
    expect(acts([...hold(1000), ...tap(end + 200)], false)).toEqual([]);
  });
});
