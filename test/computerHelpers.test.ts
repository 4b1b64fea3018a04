// The computer's evaluation on the play page (host/web/static/computer.js): the engine scores
// for the side to move (the computer's own, while its move is shown), the bar shows White's
// share: men ahead turned to White's, clamped at five men, a win drawn as all or nothing.
import { describe, expect, it } from 'vitest';

type Share = { men: number } | { winner: 'white' | 'black'; plies: number };
const url = new URL('../host/web/static/computer.js', import.meta.url).href;
const { BAR_MEN, barPercent, scoreForWhite } = (await import(/* @vite-ignore */ url)) as { BAR_MEN: number; barPercent: (s: Share) => number; scoreForWhite: (e: unknown) => Share | null };

const engine = (side: 'white' | 'black', score: { kind: 'men'; value: number } | { kind: 'win' | 'loss'; plies: number } | null) => ({ side, name: 'dambord, level 5', level: 5, state: 'showing' as const, move: null, score, pv: null });

describe('the evaluation bar', () => {
  it('turns the computer\'s score to White\'s', () => {
    expect(scoreForWhite(engine('black', { kind: 'men', value: 1.5 }))).toEqual({ men: -1.5 });
    expect(scoreForWhite(engine('white', { kind: 'men', value: 1.5 }))).toEqual({ men: 1.5 });
    expect(scoreForWhite(engine('black', { kind: 'win', plies: 5 }))).toEqual({ winner: 'black', plies: 5 });
    expect(scoreForWhite(engine('black', { kind: 'loss', plies: 4 }))).toEqual({ winner: 'white', plies: 4 });
    expect(scoreForWhite(engine('white', null))).toBeNull();
  });

  it('gives White half for an even game, clamps a big lead, all or nothing for a win', () => {
    expect(barPercent({ men: 0 })).toBe(50);
    expect(barPercent({ men: -1.5 })).toBe(35);
    expect(barPercent({ men: BAR_MEN + 3 })).toBe(100);
    expect(barPercent({ men: -20 })).toBe(0);
    expect(barPercent({ winner: 'white', plies: 3 })).toBe(100);
    expect(barPercent({ winner: 'black', plies: 3 })).toBe(0);
  });
});
