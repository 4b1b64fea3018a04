// When the computer offers a draw (host/game/computerJudges.ts): from move 40 (the Latvian rules,
// 6.1: "katrs ir izdarījis vismaz 40 gājienus"), its last four scores near equality, not again
// within ten of its moves. Scores are written as an engine gives them, for the computer.
import { describe, expect, it } from 'vitest';
import type { Score } from './computer.ts';
import { acceptsDraw, offersDraw, resigns } from './computerJudges.ts';

const men = (value: number): Score => ({ kind: 'men', value });
const level = [men(0.05), men(-0.1), men(0), men(0.1)];

describe('the computer offers a draw', () => {
  it('from move 40 of each side on, its last four scores within 0.15 men of equality', () => {
    expect(offersDraw(level, 80, -1)).toBe(true);
    expect(offersDraw(level, 79, -1)).toBe(false);
  });

  it('not when one of its last four scores is further from equality, or a win or loss is found, or it has fewer than four', () => {
    expect(offersDraw([men(0.3), ...level.slice(1)], 90, -1)).toBe(false);
    expect(offersDraw([...level.slice(0, 3), { kind: 'win', plies: 31 }], 90, -1)).toBe(false);
    expect(offersDraw([...level.slice(0, 3), null], 90, -1)).toBe(false);
    expect(offersDraw(level.slice(1), 90, -1)).toBe(false);
  });

  it('not again within ten of its moves of the last offer', () => {
    expect(offersDraw(level, 99, 80)).toBe(false);
    expect(offersDraw(level, 100, 80)).toBe(true);
  });
});

describe('the computer judges draws offered and resigning', () => {
  it('accepts a draw at a score up to 0.3 men for it, or a loss; not above, nor a win, nor without a score', () => {
    const yes: Score[] = [men(0.3), men(-2), { kind: 'loss', plies: 5 }];
    const no: (Score | null)[] = [men(0.35), { kind: 'win', plies: 5 }, null];
    expect(yes.map((s) => acceptsDraw([s]))).toEqual([true, true, true]);
    expect(no.map((s) => acceptsDraw([s]))).toEqual([false, false, false]);
  });

  it('resigns on two scores in a row lost beyond doubt, the last two', () => {
    expect(resigns([men(-3), { kind: 'loss', plies: 4 }])).toBe(true);
    expect(resigns([{ kind: 'loss', plies: 6 }, men(-3), men(-2.9)])).toBe(false);
    expect(resigns([{ kind: 'loss', plies: 4 }])).toBe(false);
  });
});
