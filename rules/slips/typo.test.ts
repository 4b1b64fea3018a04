// The slips people make writing a move down (issue 16), each priced by `likeness`: the true move
// must cost less than an unrelated one, and the slip must be named by its kind (the rules' codes,
// SLIP_CODES; the words people read are the catalogues', host/game/slipWords.test.ts).
import { describe, expect, it } from 'vitest';
import { captureMove, plainMove } from '../move.ts';
import { parseSquare } from '../notation.ts';
import { variants } from '../variants/index.ts';
import { UNRELATED, likeness } from './typo.ts';

const intl = variants.international;
const move = (v = intl, from: string, to: string) => plainMove(parseSquare(v, from), parseSquare(v, to), false);

describe('likeness of a written move to the move meant', () => {
  it.each([
    ['a digit swapped', '23-28', '32', '28', 1, '23 for 32 digits-swapped'],
    ['a square one off', '32-29', '32', '28', 1, '29 for 28 one-off'],
    ['a square a row off (10x10: ±4, ±5, ±6)', '37-28', '32', '28', 1.2, '37 for 32 row-off'],
    ['from and to swapped', '28-32', '32', '28', 1, 'from-to-swapped'],
    ['written from the other side of the board (51 - n)', '19-23', '32', '28', 1.2, 'other-side'],
    ['a letter typed for a digit', '32-2B', '32', '28', 0.5, '2B for 28 lookalike'],
  ])('10x10, %s: %s for 32-28', (_, written, from, to, cost, why) => {
    expect(likeness(intl, written, move(intl, from, to))).toEqual({ cost, why });
  });

  it('8x8 numbered (English): a row off is ±3, ±4, ±5', () => {
    const v = variants.english;
    expect(likeness(v, '9-13', move(v, '9', '14')).why).toBe('13 for 14 one-off');
    expect(likeness(v, '13-14', move(v, '9', '14')).why).toBe('13 for 9 row-off');
  });

  it('8x8 in a1-h8 (Russian): a file or a rank off, files or ranks of from and to swapped', () => {
    const v = variants.russian;
    expect(likeness(v, 'c3-d5', move(v, 'c3', 'd4')).why).toBe('d5 for d4 rank-off');
    expect(likeness(v, 'd3-c4', move(v, 'c3', 'd4')).why).toBe('files-swapped');
    expect(likeness(v, 'c4-d3', move(v, 'c3', 'd4')).why).toBe('ranks-swapped');
    expect(likeness(v, 'f6-e5', move(v, 'c3', 'd4')).why).toBe('other-side');
  });

  it('a capture written with another route costs a little more than the route it takes', () => {
    const m = captureMove(parseSquare(intl, '47'), [37, 23, 12, 35], [41, 28, 18, 30], false);
    expect(likeness(intl, '47x38x24x13x36', m).cost).toBe(0);
    expect(likeness(intl, '47x38x20x9x36', m)).toEqual({ cost: 0.5, why: 'capture-route' });
  });

  it('a move that has nothing to do with the one written costs at least UNRELATED', () => {
    expect(likeness(intl, '32-28', move(intl, '17', '21')).cost).toBeGreaterThanOrEqual(UNRELATED);
  });
});
