// When the best repair of a slip is clear (rules/slips/fix.ts): from the checker's ranking, read
// further, or as far and likelier by a quarter of a slip. The candidates are written by hand with
// the costs the checker gives the slips (a digit swapped 1, a row off 1.2, a move left out 1.6,
// 0.1 a ply further back).
import { describe, expect, it } from 'vitest';
import type { Repair } from './check.ts';
import { CLEAR_MARGIN, clearBest, tiedWith } from './fix.ts';

/** A deleting candidate at written move `written` with `reads` and `cost`: all clearBest looks at. */
const candidate = (reads: number, cost: number, written = 5): Repair => ({ kind: 'delete', ply: written + 1, written, why: '', reads, cost });

describe('clearBest: the first candidate when it is clearly ahead of the second', () => {
  it('none: no repair', () => expect(clearBest([])).toBeNull());
  it('the only candidate is made', () => {
    const only = candidate(2, 4);
    expect(clearBest([only])).toBe(only);
  });
  it('reading further past the break than the second is clear, whatever the costs', () => {
    const [a, b] = [candidate(11, 4), candidate(10, 1)];
    expect(clearBest([a, b])).toBe(a);
  });
  it('as far, a digit swapped (1) against a row off (1.2): too close, left', () => {
    const list = [candidate(11, 1), candidate(11, 1.2), candidate(3, 0)];
    expect(clearBest(list)).toBeNull();
    expect(tiedWith(list)).toEqual(list.slice(0, 2));
  });
  it(`as far, a digit swapped (1) against a move left out (1.6): ahead by ${CLEAR_MARGIN} or more, made`, () => {
    const [a, b] = [candidate(11, 1), candidate(11, 1.6)];
    expect(clearBest([a, b])).toBe(a);
    expect(clearBest([candidate(11, 1), candidate(11, 1 + CLEAR_MARGIN)])).not.toBeNull();
  });
  it('the same slip two plies further back (0.2 more) is a tie', () => {
    expect(clearBest([candidate(11, 1, 9), candidate(11, 1.2, 7)])).toBeNull();
  });
});
