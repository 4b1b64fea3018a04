// The player's king move against the computer, over once the hand has let go of it (FMJD 3.10:
// "Potez figurom je završen kada igrač ispusti figuru nakon što ju je pomaknuo"; 3.12: until
// then the king may go on to another free square). International draughts, flying kings (FMJD
// 3.8): White's king on 46, the long diagonal 46-5 empty up to Black's men on 5, 1 and 2.
import { describe, expect, it } from 'vitest';
import { parseFen, variants } from '../../rules/index.ts';
import { BLACK, computerTable } from './testing/computerTable.ts';
import { RELEASED_MS } from './released.ts';

const v = variants.international;
const parsed = parseFen(v, 'W:WK46,49:B1,2,5');
if (!parsed.ok) throw new Error(parsed.error.reason);
const start = parsed.position;

/** The position at the board, the computer playing Black (`computer`) or people both sides. */
function table(computer: boolean) {
  const g = computerTable(BLACK, computer ? {} : { computer: undefined }, start);
  return {
    hand: (type: 'lift' | 'place', square: number) => g.hands([type, square]),
    /** Time passes, in the session's ticks of 100 ms. */
    wait: (ms: number) => {
      for (let left = ms; left > 0; left -= 100) g.wait(100);
    },
    moves: () => g.state().referee?.game.moves.length ?? 0,
    thinks: () => g.thinks().length,
    state: g.state,
  };
}

describe('FMJD 3.10: the player\'s king move is over when the hand lets go of it', () => {
  it('a king put down where it could slide further is the player\'s move once it stands still, and the computer is asked', () => {
    const g = table(true);
    g.hand('lift', 46);
    g.hand('place', 28);
    g.wait(RELEASED_MS - 200);
    expect(g.moves()).toBe(0);
    expect(g.thinks()).toBe(0);
    g.wait(300);
    expect(g.moves()).toBe(1);
    expect(g.state().referee?.game.moves[0]).toMatchObject({ from: 45, to: 27 });
    expect(g.thinks()).toBe(1);
  });

  it('3.12: lifted again before then, it goes on to another free square, and that is the move', () => {
    const g = table(true);
    g.hand('lift', 46);
    g.hand('place', 28);
    g.wait(800);
    g.hand('lift', 28);
    g.hand('place', 14);
    g.wait(RELEASED_MS + 200);
    expect(g.moves()).toBe(1);
    expect(g.state().referee?.game.moves[0]).toMatchObject({ from: 45, to: 13 });
  });

  it('3.12: the king lifted again and held is not let go of: nothing is over', () => {
    const g = table(true);
    g.hand('lift', 46);
    g.hand('place', 28);
    g.hand('lift', 28);
    g.wait(RELEASED_MS * 3);
    expect(g.moves()).toBe(0);
  });

  it('between people, the opponent moving on ends it (the board cannot feel the hand): stillness alone does not', () => {
    const g = table(false);
    g.hand('lift', 46);
    g.hand('place', 28);
    g.wait(RELEASED_MS * 3);
    expect(g.moves()).toBe(0);
  });
});
