// Training against the computer (`--training`): the engine judges each of the player's moves by
// the score before it and after it, and one that loses more than the level allows is said and
// taken back. The engine is a fake whose scores are written from the position, by hand: White
// (the player) has men on 34 and 48, Black (the computer) on 23 and 3, the men even (score 0).
// 34-29 hangs a man: Black must take 23x34 (FMJD 4.2), a man up (+1 for Black); 34-30 is
// safe.
import { describe, expect, it } from 'vitest';
import { BLACK, at, captureMove, computerTable, lastFrame, position, stepMove } from './testing/computerTable.ts';
import { lossOf } from './training.ts';

const START = position('W:W34,48:B23,3');
const even = { kind: 'men', value: 0 } as const;

function trained(level: number) {
  const g = computerTable({ ...BLACK, name: `dambord, level ${level}`, spec: `builtin:level=${level}`, level, training: true }, {}, START);
  // The player's position judged in the player's turn, unshown: 34-30 best, the men even.
  const judged = g.thinks()[0];
  expect(judged).toMatchObject({ hint: true });
  g.answer(judged.id, stepMove(34, 30), even);
  expect(lastFrame(g.effects)[at(30)]).not.toBe('slow');
  g.hands(['lift', 34], ['place', 29]);
  // The computer's answer: 23x34, a man up for Black.
  g.answer(g.thinks().at(-1)!.id, captureMove(23, [34], [29]), { kind: 'men', value: 1 });
  return g;
}

describe('training (--training)', () => {
  it('at level 5, 34-29 that hangs a man is said with the better move and taken back, the LEDs guiding it back; the computer\'s reply is not shown', () => {
    const g = trained(5);
    expect(g.state().log).toContain('34-29 loses a man; 34-30 was better. Put it back and try another move.');
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().referee?.mode.kind).toBe('correcting');
    expect(lastFrame(g.effects)[at(29)]).toBe('fast');
    g.hands(['lift', 29], ['place', 34]);
    expect(g.state().referee?.mode.kind).toBe('play');
    expect(g.state().referee?.game.moves).toHaveLength(0);
    expect(g.sheet()).toEqual(["Taken back at the player's request: 34-29."]);
    // The same position is not judged again; the other try is played and answered as usual.
    const asked = g.thinks().length;
    g.hands(['lift', 34], ['place', 30]);
    expect(g.thinks()).toHaveLength(asked + 1);
    g.answer(g.thinks().at(-1)!.id, stepMove(23, 28), even);
    expect(g.state().computer?.activity).toBe('showing');
  });

  it('at level 1, which allows a loss of two men and a half, the same move stands and the computer\'s reply is shown', () => {
    const g = trained(1);
    expect(g.state().computer?.activity).toBe('showing');
    expect(g.state().referee?.game.moves).toHaveLength(1);
    expect(g.state().log.some((l) => l.includes('loses'))).toBe(false);
  });
});

describe('what a move lost (the mover\'s scores before and after)', () => {
  it('men beyond the allowance, the game when a proven loss is walked into, nothing within it or when already lost', () => {
    expect(lossOf({ kind: 'men', value: 0.2 }, { kind: 'men', value: -1.9 }, 0.9)).toEqual({ loss: 'men', men: 2 });
    expect(lossOf({ kind: 'men', value: 0 }, { kind: 'men', value: -0.5 }, 0.9)).toBeNull();
    expect(lossOf({ kind: 'men', value: 0 }, { kind: 'loss', plies: 7 }, 2.5)).toEqual({ loss: 'game' });
    expect(lossOf({ kind: 'loss', plies: 4 }, { kind: 'loss', plies: 2 }, 0.4)).toBeNull();
  });
});
