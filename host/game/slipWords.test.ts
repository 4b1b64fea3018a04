// The slips' words people read (issue 16; issue 27, one source of words): the rules name a slip
// by its kind, the catalogues say it, in English as `pdn check --suggest` always has.
import { describe, expect, it } from 'vitest';
import { captureMove, parseSquare, plainMove, variants } from '../../rules/index.ts';
import { likeness } from '../../rules/slips/typo.ts';
import { slipWords } from './slipWords.ts';

const intl = variants.international;
const move = (v = intl, from: string, to: string) => plainMove(parseSquare(v, from), parseSquare(v, to), false);
const en = slipWords('en');

describe("the slips' words, from the catalogues", () => {
  it.each([
    ['23-28', '32', '28', '23 for 32, digits swapped'],
    ['32-29', '32', '28', '29 for 28, one off'],
    ['37-28', '32', '28', '37 for 32, a row off'],
    ['28-32', '32', '28', 'from and to swapped'],
    ['19-23', '32', '28', 'written from the other side of the board'],
    ['32-2B', '32', '28', '2B for 28, a letter typed for a digit'],
  ])('English, 10x10: %s for %s-%s is "%s"', (written, from, to, why) => {
    expect(likeness(intl, written, move(intl, from, to), en).why).toBe(why);
  });

  it('English, a1-h8 (Russian): a rank off, files and ranks swapped', () => {
    const v = variants.russian;
    expect(likeness(v, 'c3-d5', move(v, 'c3', 'd4'), en).why).toBe('d5 for d4, a rank off');
    expect(likeness(v, 'd3-c4', move(v, 'c3', 'd4'), en).why).toBe('the files of from and to swapped');
    expect(likeness(v, 'c4-d3', move(v, 'c3', 'd4'), en).why).toBe('the ranks of from and to swapped');
  });

  it('English: another capture route; Dutch: a digit swapped', () => {
    const m = captureMove(parseSquare(intl, '47'), [37, 23, 12, 35], [41, 28, 18, 30], false);
    expect(likeness(intl, '47x38x20x9x36', m, en).why).toBe('another capture route');
    expect(likeness(intl, '23-28', move(intl, '32', '28'), slipWords('nl')).why).toBe(slipWords('nl').square('23', '32', 'digits-swapped'));
    expect(slipWords('nl').square('23', '32', 'digits-swapped')).not.toBe(en.square('23', '32', 'digits-swapped'));
  });
});
