// Taking back against the computer (FMJD 5.4.4, a move already played taken back; the computer,
// the opponent, accepts): one pair and two pairs, by the hands putting the pieces back as they
// were, by the `take-back` command and by the board's Correct held 3 s. The games are written
// by hand in the international game: White (the player) 32-28, the computer 19-24; White 37-32,
// the computer 14-19.
import { describe, expect, it } from 'vitest';
import { BLACK, at, computerTable, lastFrame, stepMove } from './testing/computerTable.ts';

/** The two pairs played: each computer's move answered and made by the hands. */
function twoPairs() {
  const g = computerTable();
  g.hands(['lift', 32], ['place', 28]);
  g.answer(g.thinks().at(-1)!.id, stepMove(19, 24));
  g.hands(['lift', 19], ['place', 24]);
  g.hands(['lift', 37], ['place', 32]);
  g.answer(g.thinks().at(-1)!.id, stepMove(14, 19));
  g.hands(['lift', 14], ['place', 19]);
  expect(g.state().referee?.game.moves).toHaveLength(4);
  return g;
}

const moved = (g: ReturnType<typeof computerTable>) => g.state().referee?.game.moves.map((m) => [m.from + 1, m.to + 1]);
describe('a take back by the hands putting the pieces back as they were (5.4.4)', () => {
  it('one pair: the computer\'s 14-19 put back, the computer accepts the pair, the LEDs then guide 37-32 back, and it is White\'s turn at the position of two plies ago', () => {
    const g = twoPairs();
    g.hands(['lift', 19], ['place', 14]);
    expect(g.state().referee?.mode.kind).toBe('correcting');
    expect(g.journaled().some((e) => e.k === 'ev' && e.e.type === 'take-back')).toBe(true);
    // The player's 37-32 to go back, one square at a time: take the man off 32 (fast), then put one on 37.
    expect(lastFrame(g.effects)[at(32)]).toBe('fast');
    g.hands(['lift', 32]);
    expect(lastFrame(g.effects)[at(37)]).toBe('alternate');
    g.hands(['place', 37]);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(moved(g)).toEqual([[32, 28], [19, 24]]);
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.thinks()).toHaveLength(2);
    expect(g.sheet().filter((x) => /^\d/.test(x))).toEqual(['32-28', '19-24']);
    expect(g.sheet().at(-1)).toBe("Taken back at the player's request: 37-32 14-19.");
    // Play goes on from there: the player's next move is the computer's to answer.
    g.hands(['lift', 31], ['place', 27]);
    expect(g.thinks()).toHaveLength(3);
  });

  it('two pairs: put back one after the other, down to the start position', () => {
    const g = twoPairs();
    g.hands(['lift', 19], ['place', 14], ['lift', 32], ['place', 37]);
    g.hands(['lift', 24], ['place', 19]);
    g.hands(['lift', 28], ['place', 32]);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(moved(g)).toEqual([]);
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.sheet().filter((x) => /^\d+-\d+$/.test(x))).toEqual([]);
  });
});

describe('a take back asked for (the `take-back` command, Correct held 3 s)', () => {
  it('one pair by command: the LEDs guide both moves back, square by square', () => {
    const g = twoPairs();
    const effects = g.command({ type: 'take-back' });
    expect(g.state().referee?.mode.kind).toBe('correcting');
    expect(g.state().log.at(-1)).toBe('Taken back: 37-32 14-19.');
    const lit = [lastFrame(effects)];
    // The hands follow the lights: the pieces to take off first, then the squares to fill.
    for (const [type, sq] of [['lift', 19], ['lift', 32], ['place', 14], ['place', 37]] as const) {
      g.hands([type, sq]);
      lit.push(lastFrame(g.effects));
    }
    // Each square the hands go to was lit for them: a piece to take off fast, a square to fill alternately.
    expect([lit[0][at(19)], lit[1][at(32)], lit[2][at(14)], lit[3][at(37)]]).toEqual(['fast', 'fast', 'alternate', 'alternate']);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(moved(g)).toEqual([[32, 28], [19, 24]]);
    expect(g.sheet().at(-1)).toBe("Taken back at the player's request: 37-32 14-19.");
  });

  it('two pairs by command, the second asked while the pieces of the first are still going back', () => {
    const g = twoPairs();
    g.command({ type: 'take-back' });
    g.hands(['lift', 19], ['place', 14]);
    g.command({ type: 'take-back' });
    g.hands(['lift', 32], ['place', 37], ['lift', 24], ['place', 19], ['lift', 28], ['place', 32]);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(moved(g)).toEqual([]);
  });

  it('Correct held 3 s takes back a pair; a short press (the blind player\'s question) takes back nothing', () => {
    const g = twoPairs();
    g.press('correct', 200);
    expect(moved(g)).toHaveLength(4);
    g.press('correct', 1500);
    expect(moved(g)).toHaveLength(4);
    g.press('correct', 3100);
    expect(moved(g)).toHaveLength(2);
    expect(g.state().referee?.mode.kind).toBe('correcting');
  });

  it('Correct held 3 s again while the pieces of the first pair are going back goes one pair further, as the command does', () => {
    const g = twoPairs();
    g.press('correct', 3100);
    g.hands(['lift', 19]);
    g.press('correct', 3100);
    expect(moved(g)).toEqual([]);
    g.hands(['lift', 32], ['lift', 24], ['lift', 28], ['place', 14], ['place', 19], ['place', 32], ['place', 37]);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(moved(g)).toEqual([]);
  });

  it('while the computer thinks: the player\'s own move goes back and the question being thought about is dropped', () => {
    const g = computerTable();
    g.hands(['lift', 32], ['place', 28]);
    const asked = g.thinks()[0].id;
    g.command({ type: 'take-back' });
    g.hands(['lift', 28], ['place', 32]);
    expect(moved(g)).toEqual([]);
    g.answer(asked, stepMove(19, 24));
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().computer?.move).toBeNull();
  });

  it('when only the computer has moved (it plays White, FMJD 3.3), back to the start, and the computer thinks again', () => {
    const g = computerTable({ ...BLACK, side: 'white' });
    g.answer(g.thinks()[0].id, stepMove(32, 28));
    g.hands(['lift', 32], ['place', 28]);
    g.command({ type: 'take-back' });
    g.hands(['lift', 28], ['place', 32]);
    expect(moved(g)).toEqual([]);
    expect(g.thinks()).toHaveLength(2);
    expect(g.state().computer?.activity).toBe('thinking');
  });

  it('is refused before any move: the command with its reason, Correct held 3 s aloud', () => {
    const g = computerTable();
    expect(g.command({ type: 'take-back' })).toContainEqual({ type: 'refused', error: 'There is no move to take back.' });
    g.press('correct', 3100);
    expect(g.state().log.at(-1)).toBe('There is no move to take back.');
  });
});
