// The computer's clock under a time control (FMJD 10; Latvian 10.3, seed 002): it runs from the
// player's move, recognised on the board, while the engine thinks and while the hands make the
// computer's move, until that move is recognised; a flag that falls while it thinks ends the game
// (Latvian 7.1.2.5: "ir beidzies piešķirtais laika limits"). International, the computer Black.
import { describe, expect, it } from 'vitest';
import { plainMove } from '../../rules/index.ts';
import { parseTimeControl } from './clock/clock.ts';
import type { TimedControl } from './clock/clock.ts';
import { blind, casual, tournament } from './referee/policy.ts';
import { at, computerTable } from './testing/computerTable.ts';

const control = (text: string): TimedControl => {
  const r = parseTimeControl(text);
  if (!r.ok || r.tc.kind !== 'timed') throw new Error(`${text} is no timed control`);
  return r.tc;
};

describe.each([tournament, casual, blind])('the computer\'s clock under the $name policy', (policy) => {
  it('runs from the player\'s move until the computer\'s move is made on the board: thinking and the hands both count', () => {
    const g = computerTable(undefined, { policy, timeControl: control('G/60') });
    g.hands(['lift', 32], ['place', 28]);
    const moved = g.now();
    expect(g.state().clock?.toMove).toBe('black');
    g.wait(3000);
    g.answer(1, plainMove(at(19), at(23), false));
    g.wait(2000);
    g.hands(['lift', 19], ['place', 23]);
    const made = g.now();
    const clock = g.state().clock;
    expect(clock?.toMove).toBe('white');
    expect(clock?.black.remaining).toBe(60_000 - (made - moved));
    // The first move starts the clock, charging White nothing (FMJD 10).
    expect(clock?.white.remaining).toBe(60_000);
  });

  it('its flag falling while it thinks ends the game (7.1.2.5), and the answer that comes after is dropped', () => {
    const g = computerTable(undefined, { policy, timeControl: control('G/5') });
    g.hands(['lift', 32], ['place', 28]);
    g.wait(5001);
    const s = g.state();
    expect(s.result).toMatchObject({ result: '2-0' });
    expect(s.log.at(-1)).toBe('black lost on time (article 7.1.2.5)');
    expect(s.computer?.activity).toBe('idle');
    g.answer(1, plainMove(at(19), at(23), false));
    expect(g.state().computer?.activity).toBe('idle');
    expect(g.state().referee?.game.moves).toHaveLength(1);
  });
});
