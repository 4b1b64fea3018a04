// The Elo difference and its 95% margin, against values worked by hand from cutechess-cli's
// formulas (projects/lib/src/elo.cpp): Elo = -400 log10(1/score - 1); the margin is half the
// Elo span of score +- 1.959964 standard deviations of the mean, the deviation from the
// per-game scores.
import { describe, expect, it } from 'vitest';
import { eloEstimate, eloText } from './elo.ts';

describe('eloEstimate', () => {
  it('55% over 100 games is +35 Elo', () => {
    // 55 wins, 45 losses: variance = .55 * .45^2 + .45 * .55^2 = .2475, deviation = .49749 / 10;
    // interval .55 -+ .09751 = .45249 .. .64751: -33.12 .. +105.87 Elo, half the span 69.37.
    const e = eloEstimate(55, 0, 45);
    expect(e.score).toBe(0.55);
    expect(e.elo).toBeCloseTo(34.86, 2);
    expect(e.margin).toBeCloseTo(69.37, 2);
  });

  it('draws narrow the margin: 40 wins, 30 draws, 30 losses', () => {
    // score .55; variance = (40 * .45^2 + 30 * .05^2 + 30 * .55^2) / 100 = .1725; deviation .041533;
    // interval .55 -+ .081403 = .468597 .. .631403: -21.84 .. +93.51 Elo, half the span 57.68.
    const e = eloEstimate(40, 30, 30);
    expect(e.elo).toBeCloseTo(34.86, 2);
    expect(e.margin).toBeCloseTo(57.68, 2);
  });

  it('an even score is 0 Elo; all draws have no spread', () => {
    expect(eloEstimate(0, 10, 0)).toMatchObject({ score: 0.5, elo: 0, margin: 0 });
  });

  it('every game won or lost is +-inf with no margin, and says so', () => {
    expect(eloEstimate(4, 0, 0)).toMatchObject({ score: 1, elo: Infinity });
    expect(eloEstimate(4, 0, 0).margin).toBeNaN();
    expect(eloEstimate(0, 0, 3).elo).toBe(-Infinity);
    expect(eloText(eloEstimate(4, 0, 0))).toContain('+inf (every game won');
    expect(eloText(eloEstimate(0, 0, 3))).toContain('-inf (every game lost');
  });

  it('an interval that reaches 0% or 100% gives an infinite margin: 1 win, 1 loss', () => {
    // score .5, deviation .5 / sqrt(2) = .35355: .5 + .69296 is above 1.
    const e = eloEstimate(1, 0, 1);
    expect(e.elo).toBe(0);
    expect(e.margin).toBe(Infinity);
    expect(eloText(e)).toBe('Elo difference: +0.0 +- inf (too few games for a margin) (95%)');
  });

  it('no game: nothing to say', () => {
    expect(eloEstimate(0, 0, 0).elo).toBeNaN();
    expect(eloText(eloEstimate(0, 0, 0))).toContain('no game');
  });
});
