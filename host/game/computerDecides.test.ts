// The computer as the opponent who decides on the player's irregularities (FMJD 5.4: "njegov
// protivnik ima pravo odlučiti treba li nepravilnost ispraviti"): it has each one corrected at
// once, the LEDs guiding the pieces back, under every policy. The player (White) moves by hand,
// square by square, as a person moves pieces in the international game.
import { describe, expect, it } from 'vitest';
import { plainMove } from '../../rules/index.ts';
import { blind, casual, tournament } from './referee/policy.ts';
import { at, computerTable } from './testing/computerTable.ts';

const corrected = (article: string) => `The computer has the irregularity corrected (article ${article}): put the pieces back as the lights show.`;
const lastLeds = (g: ReturnType<typeof computerTable>) => {
  const f = g.effects.filter((e) => e.type === 'leds').at(-1);
  return f?.type === 'leds' ? f.frame : [];
};

describe.each([tournament, casual, blind])('the computer decides on the player\'s irregularities under the $name policy', (policy) => {
  it('5.4.2, a man moved in a way no rule allows (31 to 22): corrected, the LEDs guiding it back, then the player moves again', () => {
    const g = computerTable(undefined, { policy });
    // The player's turn ended with the clock, as a person ends it (the referee judges the board then).
    g.hands(['lift', 31], ['place', 22]);
    g.press('clock');
    expect(g.state().log).toContain(corrected('5.4.2'));
    expect(g.state().referee?.mode.kind).toBe('correcting');
    expect(g.thinks()).toHaveLength(0);
    // The LEDs show the piece to take off 22 (fast), then the square to put it back on.
    expect(lastLeds(g)[at(22)]).toBe('fast');
    g.hands(['lift', 22], ['place', 31]);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(g.state().referee?.game.moves).toHaveLength(0);
    // The man on 31 was touched (3.11): under the tournament policy it must be the one played.
    g.hands(['lift', 31], ['place', 27]);
    expect(g.thinks()).toHaveLength(1);
    expect(g.state().irregularity).toBeNull();
  });

  it('5.4.6, a plain move made where a capture is possible (33-29 while 28x19 is due): corrected, and the capture then made', () => {
    const g = computerTable(undefined, { policy });
    g.hands(['lift', 32], ['place', 28]);
    g.answer(1, plainMove(at(19), at(23), false));
    g.hands(['lift', 19], ['place', 23]);
    g.hands(['lift', 33], ['place', 29]);
    g.press('clock');
    expect(g.state().log).toContain(corrected('5.4.6'));
    g.hands(['lift', 29], ['place', 33]);
    expect(g.state().referee?.mode.kind).toBe('play');
    g.hands(['lift', 28], ['place', 19], ['lift', 23]);
    expect(g.state().referee?.game.moves.map((m) => m.to)).toEqual([at(28), at(23), at(19)]);
    expect(g.thinks()).toHaveLength(2);
  });

  it('5.4.4, a move of the player put back, is the player\'s take back, which the computer accepts: it does not have it corrected', () => {
    const g = computerTable(undefined, { policy });
    g.hands(['lift', 32], ['place', 28]);
    g.hands(['lift', 28], ['place', 32]);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(g.state().referee?.game.moves).toHaveLength(0);
    expect(g.state().log.some((l) => l.startsWith('The computer has'))).toBe(false);
  });
});

describe('the computer decides on a touch-move (FMJD 5.4.3, 3.11, under the tournament policy)', () => {
  it('has the move corrected, and the piece touched must then be played', () => {
    const g = computerTable(undefined, { policy: tournament });
    // 31 lifted and put back, then 32-28 played.
    g.hands(['lift', 31], ['place', 31], ['lift', 32], ['place', 28]);
    expect(g.state().log).toContain(corrected('5.4.3'));
    g.hands(['lift', 28], ['place', 32]);
    expect(g.state().referee?.mode.kind).toBe('play');
    g.hands(['lift', 31], ['place', 27]);
    expect(g.state().referee?.game.moves.map((m) => m.from)).toEqual([at(31)]);
  });
});
