// A hint against the computer: asked by the `hint` command or j'adoube held 1 s in the player's
// turn, found by the engine (a `think` marked `hint`), shown on the LEDs as the computer's move
// is shown and said, never played as the computer's move; refused under the tournament policy
// and in a game with hints off (`--no-hints`). The international game from its start position.
import { describe, expect, it } from 'vitest';
import { blind, tournament } from './referee/policy.ts';
import { BLACK, at, computerTable, lastFrame, stepMove } from './testing/computerTable.ts';

/** The first move pair played, White 32-28 and the computer's 19-23 made by the hands: the player's turn again. */
function opened(g: ReturnType<typeof computerTable>): ReturnType<typeof computerTable> {
  g.hands(['lift', 32], ['place', 28]);
  g.answer(g.thinks()[0].id, stepMove(19, 23));
  g.hands(['lift', 19], ['place', 23]);
  expect(g.state().referee?.game.moves).toHaveLength(2);
  return g;
}

describe('a hint', () => {
  it('asked by command in the player\'s turn: the engine is asked for White\'s move, the LEDs show it and the log says it; the computer does not play it', () => {
    const g = computerTable();
    g.command({ type: 'hint' });
    const asked = g.thinks();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ hint: true });
    expect(asked[0].game.moves).toHaveLength(0);
    g.answer(asked[0].id, stepMove(32, 28));
    expect(g.state().log.at(-1)).toBe('Hint: 32-28.');
    const frame = lastFrame(g.effects);
    expect([frame[at(32)], frame[at(28)]]).toEqual(['slow', 'slow']);
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().referee?.game.moves).toHaveLength(0);
    // The player plays another move: the hint goes, and the computer is asked for its reply.
    g.hands(['lift', 31], ['place', 27]);
    expect(g.state().computer?.hint?.shown).toBe(false);
    expect(g.thinks()).toHaveLength(2);
    expect(g.thinks()[1].hint).toBeUndefined();
    const after = lastFrame(g.effects);
    expect(after[at(32)]).not.toBe('slow');
  });

  it('asked by j\'adoube held 1 s with no piece in the hand once a move is played; a short j\'adoube asks nothing', () => {
    const g = opened(computerTable());
    g.press('jadoube', 300);
    expect(g.thinks()).toHaveLength(1);
    g.press('jadoube', 1100);
    expect(g.thinks()).toHaveLength(2);
    expect(g.thinks()[1].hint).toBe(true);
  });

  it('before the first move j\'adoube held chooses the level and colour (host/game/computerGesture.ts): it asks for no hint', () => {
    const g = computerTable();
    g.press('jadoube', 1100);
    expect(g.thinks()).toHaveLength(0);
  });

  it('asked on the board with hints off is refused aloud; under the tournament policy j\'adoube held is only j\'adoube (3.13): nothing said, nothing asked', () => {
    const off = opened(computerTable({ ...BLACK, hints: false }));
    off.press('jadoube', 1100);
    expect(off.state().log.at(-1)).toBe('Hints are off in this game.');
    const strict = opened(computerTable(BLACK, { policy: tournament }));
    const said = strict.state().log.length;
    strict.press('jadoube', 1100);
    expect(strict.state().log).toHaveLength(said);
    expect(strict.thinks()).toHaveLength(1);
  });

  it('found after the player has moved on is dropped: nothing shown, and the computer\'s own question stands', () => {
    const g = computerTable();
    g.command({ type: 'hint' });
    const hint = g.thinks()[0].id;
    g.hands(['lift', 32], ['place', 28]);
    g.answer(hint, stepMove(33, 29));
    expect(g.state().computer?.activity).toBe('thinking');
    expect(g.state().log.at(-1)).not.toMatch(/^Hint/);
    g.answer(g.thinks()[1].id, stepMove(19, 23));
    expect(g.state().computer?.move?.to).toBe(at(23));
  });

  it('is refused under the tournament policy, with hints off, and in the computer\'s turn', () => {
    expect(computerTable(BLACK, { policy: tournament }).command({ type: 'hint' })).toContainEqual({ type: 'refused', error: 'There are no hints under the tournament policy.' });
    expect(computerTable({ ...BLACK, hints: false }).command({ type: 'hint' })).toContainEqual({ type: 'refused', error: 'Hints are off in this game.' });
    const g = computerTable(BLACK, { policy: blind });
    g.hands(['lift', 32], ['place', 28]);
    expect(g.command({ type: 'hint' })).toContainEqual({ type: 'refused', error: 'A hint is given in your turn, with nothing to put right.' });
  });
});
