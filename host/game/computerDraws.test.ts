// The computer plays by the rules of the game's end: it resigns a game it judges lost beyond
// doubt (FMJD 7.2.1: "protivnik preda partiju"), answers a draw offered at once by its score
// (7.3.1: "oba igrača prihvate remis uzajamnim dogovorom"), and offers none early. The player
// (White) moves by hand in the international game: 32-28, the computer 19-23, 28x19 (4.2), the
// computer 14x23.
import { describe, expect, it } from 'vitest';
import { SquareSet, plainMove } from '../../rules/index.ts';
import type { Move } from '../../rules/index.ts';
import type { Score } from './computer.ts';
import { at, computerTable } from './testing/computerTable.ts';

const capture = (from: number, over: number, to: number): Move => ({ from: at(from), to: at(to), path: [at(to)], captured: [at(over)], capturedSet: SquareSet.from([at(over)]), promotes: false });
const men = (value: number): Score => ({ kind: 'men', value });

/** The opening above, the computer's two answers scored `first` and `second`. */
function opening(first: Score | null, second: Score | null) {
  const g = computerTable();
  g.hands(['lift', 32], ['place', 28]);
  g.answer(1, plainMove(at(19), at(23), false), first);
  g.hands(['lift', 19], ['place', 23], ['lift', 28], ['place', 19], ['lift', 23]);
  g.answer(2, capture(14, 19, 23), second);
  return g;
}

describe('the computer resigns (FMJD 7.2.1) only a game lost beyond doubt', () => {
  it('resigns when two answers in a row found a forced loss: said, and written as a resignation', () => {
    const g = opening({ kind: 'loss', plies: 9 }, { kind: 'loss', plies: 7 });
    const s = g.state();
    expect(s.log).toContain('The computer resigns.');
    expect(s.result).toMatchObject({ result: '2-0', article: '7.2.1' });
    expect(s.sheet.result).toBe('2-0');
    expect(s.computer?.activity).toBe('idle');
    expect(g.thinks()).toHaveLength(2);
  });

  it('resigns three men down in two answers in a row', () => {
    expect(opening(men(-3.2), men(-3)).state().result?.result).toBe('2-0');
  });

  it('plays on after one such answer, two and a half men down, or near equality', () => {
    for (const [first, second] of [[{ kind: 'loss', plies: 9 }, men(-0.4)], [men(-2.5), men(-2.5)], [men(-0.1), men(0)], [null, { kind: 'loss', plies: 3 }]] as const) {
      const g = opening(first, second);
      expect(g.state().result).toBeNull();
      expect(g.state().computer?.activity).toBe('showing');
    }
  });
});

describe('the computer answers a draw offered (FMJD 7.3.1) at once, by its score', () => {
  /** The opening played out, the computer's last score `last`, and White offering a draw. */
  const offered = (last: Score) => {
    const g = opening(men(0.1), last);
    g.hands(['lift', 14], ['place', 23], ['lift', 19]);
    g.player({ type: 'draw', color: 'white' });
    return g.state();
  };

  it('accepts when its score is not better than the margin: the game drawn by agreement', () => {
    const s = offered(men(0.2));
    expect(s.log).toContain('The computer accepts the draw.');
    expect(s.result).toMatchObject({ result: '1-1', article: '7.3.1' });
  });

  it('declines when it stands better, said, and the game goes on', () => {
    const s = offered(men(1.1));
    expect(s.log).toContain('The computer declines the draw and plays on.');
    expect(s.result).toBeNull();
    expect(s.drawOffer).toBeNull();
  });

  it('takes a draw "agreed by both" from the page as the player\'s offer, which it declines standing better', () => {
    const g = opening(men(0.1), men(1.1));
    g.hands(['lift', 14], ['place', 23], ['lift', 19]);
    g.player({ type: 'draw' });
    expect(g.state().log).toContain('The computer declines the draw and plays on.');
    expect(g.state().result).toBeNull();
  });

  it('7.2.1, 7.3.1: the computer resigns, offers and declines for itself: the page may not do it for it', () => {
    const g = computerTable();
    for (const command of [{ type: 'resign', color: 'black' }, { type: 'draw', color: 'black' }, { type: 'decline-draw', color: 'black' }] as const) {
      expect(g.player(command)).toContainEqual({ type: 'refused', error: 'The computer resigns, offers and answers draws for itself: that button is not yours to press.' });
    }
    expect(g.state().result).toBeNull();
    expect(g.state().drawOffer).toBeNull();
    // The player's own resignation stands.
    g.player({ type: 'resign', color: 'white' });
    expect(g.state().result).toMatchObject({ result: '0-2' });
  });

  it('declines before it has judged the game (no score yet)', () => {
    const g = computerTable();
    g.player({ type: 'draw', color: 'white' });
    expect(g.state().log).toContain('The computer declines the draw and plays on.');
    expect(g.state().result).toBeNull();
  });

  it('offers none of its own before move 40, however equal', () => {
    const g = opening(men(0), men(0));
    g.hands(['lift', 14], ['place', 23], ['lift', 19]);
    expect(g.state().drawOffer).toBeNull();
    expect(g.state().log.some((l) => l.includes('offers a draw'))).toBe(false);
  });
});
