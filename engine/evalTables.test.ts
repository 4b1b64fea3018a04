// The evaluation's square tables, read where the literature puts its ideas: squares as FMJD 2.6
// and the Standard Laws' diagram number them (46-50 White's back row on 10x10, 29-32 on 8x8).
import { describe, expect, it } from 'vitest';
import { english, international, russian } from '../rules/index.ts';
import { evalFamily } from './evalFamily.ts';
import { evalTables } from './evalTables.ts';

const tables = (v: typeof international) => evalTables(v, evalFamily(v));

describe('back rank', () => {
  it('international: the three middle back squares (47, 48, 49) guard more than the corners (46, 50); Black\'s 2, 3, 4 the same', () => {
    const t = tables(international);
    const white = [46, 47, 48, 49, 50].map((s) => t.backRank[s - 1]);
    expect(white).toEqual([6, 12, 12, 12, 6]);
    const black = [5, 4, 3, 2, 1].map((s) => t.backRank[50 + s - 1]);
    expect(black).toEqual(white);
  });

  it('8x8: the single corner (29 for White, 4 for Black) guards only one crowning square', () => {
    const t = tables(russian);
    expect([29, 30, 31, 32].map((s) => t.backRank[s - 1])).toEqual([3, 9, 9, 9]);
    expect([4, 3, 2, 1].map((s) => t.backRank[32 + s - 1])).toEqual([3, 9, 9, 9]);
  });

  it('English: the bridge is White\'s 30 and 32 and Black\'s 3 and 1', () => {
    expect(Array.from(tables(english).bridge, (i) => i + 1)).toEqual([30, 32, 3, 1]);
    expect(Array.from(tables(russian).bridge)).toEqual([-1, -1, -1, -1]);
  });
});

describe('outposts', () => {
  it('international: the outpost on 24 (27 for Black) counts more than another square of the opponent\'s half', () => {
    const t = tables(international);
    expect(t.outpost[24 - 1]).toBeGreaterThan(t.outpost[23 - 1]);
    expect(t.outpost[50 + 27 - 1]).toBe(t.outpost[24 - 1]);
    expect(t.outpost[40 - 1]).toBe(0); // White's own half
  });
});
