// The computer's capture shown on the LEDs in the order of its route, as FMJD 4.9 has a multiple
// capture shown by the capturing piece put on each square it lands on: the from square blinks slowly, the landing squares light one
// after the other, each for half a second of board time, then again from the first, and the
// pieces to take off blink fast. The position is written by hand: the computer (Black) with a
// man on 11 must take three, 11x22x33x44 over 17, 28 and 39 (FMJD 4.5, 4.13).
import { describe, expect, it } from 'vitest';
import { ROUTE_STEP_MS } from './computer.ts';
import { BLACK, at, captureMove, computerTable, lastFrame, position } from './testing/computerTable.ts';

describe('a capture of three shown square by square (FMJD 4.9)', () => {
  it('lights 22, 33 and 44 one after the other, then 22 again, while 11 blinks slowly and 17, 28, 39 fast; made, the lights go', () => {
    const g = computerTable(BLACK, {}, position('B:W17,28,39,48:B11,3'));
    expect(g.thinks()).toHaveLength(1);
    g.answer(g.thinks()[0].id, captureMove(11, [22, 33, 44], [17, 28, 39]));
    const seen: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const f = lastFrame(g.effects);
      seen.push([11, 22, 33, 44, 17, 28, 39].map((sq) => f[at(sq)]));
      g.wait(ROUTE_STEP_MS);
    }
    expect(seen).toEqual([
      ['slow', 'slow', 'off', 'off', 'fast', 'fast', 'fast'],
      ['slow', 'off', 'slow', 'off', 'fast', 'fast', 'fast'],
      ['slow', 'off', 'off', 'slow', 'fast', 'fast', 'fast'],
      ['slow', 'slow', 'off', 'off', 'fast', 'fast', 'fast'],
    ]);
    // The hands make it, taking the pieces off in the reverse order of the capture (FMJD 4.11 allows either).
    g.hands(['lift', 11], ['place', 44], ['lift', 39], ['lift', 28], ['lift', 17]);
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().referee?.game.moves).toHaveLength(1);
    const f = lastFrame(g.effects);
    expect([11, 22, 33, 44].map((sq) => f[at(sq)])).not.toContain('slow');
  });
});
