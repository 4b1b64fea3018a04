// An engine that fails while the computer is to move (host/game/computerFailed.ts): said and
// asked again once; failed again, the game no longer waits for it: the player is told what to
// do, and a move made for the computer on the board is taken as its move. International game,
// the computer Black; the player's hands move square by square.
import { describe, expect, it } from 'vitest';
import { plainMove } from '../../rules/index.ts';
import { gameView } from './view.ts';
import { at, computerTable } from './testing/computerTable.ts';

const crashed = 'scan: the engine\'s process ended (exit code 139)';

describe('an engine that fails', () => {
  it('once: said, and the computer still thinks (it is asked again), its answer then shown', () => {
    const g = computerTable();
    g.hands(['lift', 32], ['place', 28]);
    g.failed(1, crashed, true);
    expect(g.state().log.at(-1)).toBe(`The engine failed (${crashed}); it is asked again.`);
    expect(g.state().computer?.activity).toBe('thinking');
    g.answer(1, plainMove(at(19), at(23), false));
    expect(g.state().computer?.activity).toBe('showing');
  });

  it('twice: the player is told what to do, the view says the computer is idle, and nothing is asked again in this position', () => {
    const g = computerTable();
    g.hands(['lift', 32], ['place', 28]);
    g.failed(1, crashed, true);
    g.failed(1, crashed, false);
    const s = g.state();
    expect(s.log.at(-1)).toBe(`The engine failed again (${crashed}). Make the computer's move on the board yourself and the game takes it as its move, or resign, or stop dambord and go on later with --resume last.`);
    expect(gameView(s, 0, { health: null, simulated: true }).engine?.state).toBe('idle');
    expect(g.thinks()).toHaveLength(1);
    g.wait(5000);
    expect(g.thinks()).toHaveLength(1);
  });

  it('twice, then the computer\'s move made by hand is its move, and the engine is asked on the player\'s next move', () => {
    const g = computerTable();
    g.hands(['lift', 32], ['place', 28]);
    g.failed(1, crashed, false);
    g.hands(['lift', 19], ['place', 23]);
    expect(g.state().log.at(-1)).toBe("19-23 is taken as the computer's move.");
    expect(g.state().referee?.game.moves).toHaveLength(2);
    g.hands(['lift', 28], ['place', 19], ['lift', 23]);
    expect(g.thinks()).toHaveLength(2);
    expect(g.state().computer?.activity).toBe('thinking');
  });

  it('a failure of a question already stale (the player took the move back) is dropped', () => {
    const g = computerTable();
    g.hands(['lift', 32], ['place', 28]);
    g.hands(['lift', 28], ['place', 32]);
    g.press('accept');
    g.failed(1, crashed, false);
    expect(g.state().log.some((l) => l.startsWith('The engine failed'))).toBe(false);
  });
});
