// The player's king move against the computer, over once the hand has let go of it (FMJD 3.10:
// "Potez figurom je završen kada igrač ispusti figuru nakon što ju je pomaknuo"; 3.12: until
// then the king may go on to another free square). International draughts, flying kings (FMJD
// 3.8): White's king on 46, the long diagonal 46-5 empty up to Black's men on 5, 1 and 2.
import { describe, expect, it } from 'vitest';
import { SquareSet, parseFen, variants } from '../../rules/index.ts';
import type { BoardEvent } from '../link/types.ts';
import type { ComputerConfig } from './computerConfig.ts';
import type { GameEffect, GameState } from './game.ts';
import { casual } from './referee/policy.ts';
import { createGame, step } from './step.ts';
import { RELEASED_MS } from './released.ts';

const v = variants.international;
const parsed = parseFen(v, 'W:WK46,49:B1,2,5');
if (!parsed.ok) throw new Error(parsed.error.reason);
const start = parsed.position;
const hello = { fw: '2.0.0', squares: 50, buttons: 4, caps: [], ring: 64, boot: 1, extra: {} };
const BLACK: ComputerConfig = { side: 'black', name: 'dambord, level 5', spec: 'builtin:level=5', level: 5, altMove: false };

function table(computer: ComputerConfig | null) {
  let state: GameState = createGame({ start, policy: casual, players: { white: 'Anna', black: computer?.name ?? 'Bea' }, tags: [], timeControl: null, hints: false, ...(computer ? { computer } : {}) });
  let t = 1000;
  let seq = 0;
  const effects: GameEffect[] = [];
  const run = (input: Parameters<typeof step>[1]) => {
    const r = step(state, input, t);
    state = r.state;
    effects.push(...r.effects);
  };
  const board = (event: BoardEvent) => run({ type: 'board', event });
  board({ type: 'link', state: 'connected', hello, occupancy: SquareSet.from([...start.board.keys()].filter((i) => start.board[i] !== 0)), buttons: [], t });
  const hand = (type: 'lift' | 'place', square: number) => board({ type, square: square - 1, t: (t += 400), seq: ++seq, source: 'board' });
  /** Time passes, in the session's ticks of 100 ms. */
  const wait = (ms: number) => {
    for (const end = t + ms; t < end; ) {
      t += 100;
      run({ type: 'tick' });
    }
  };
  const moves = () => state.referee?.game.moves.length ?? 0;
  const thinks = () => effects.filter((e) => e.type === 'think').length;
  return { hand, wait, moves, thinks, state: () => state };
}

describe('FMJD 3.10: the player\'s king move is over when the hand lets go of it', () => {
  it('a king put down where it could slide further is the player\'s move once it stands still, and the computer is asked', () => {
    const g = table(BLACK);
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
    const g = table(BLACK);
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
    const g = table(BLACK);
    g.hand('lift', 46);
    g.hand('place', 28);
    g.hand('lift', 28);
    g.wait(RELEASED_MS * 3);
    expect(g.moves()).toBe(0);
  });

  it('between people, the opponent moving on ends it (the board cannot feel the hand): stillness alone does not', () => {
    const g = table(null);
    g.hand('lift', 46);
    g.hand('place', 28);
    g.wait(RELEASED_MS * 3);
    expect(g.moves()).toBe(0);
  });
});
