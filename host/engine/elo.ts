// The Elo difference a match score stands for, and its 95% error margin, computed as
// cutechess-cli computes them (projects/lib/src/elo.cpp): the score's mean and the standard
// deviation of the mean from the per-game scores (1, 1/2, 0), the margin half the Elo span of the
// mean plus and minus 1.96 standard deviations.

/** A match's score from one engine's point of view, and the Elo difference it stands for. */
export interface EloEstimate {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Points per game, 0..1 (a win 1, a draw 1/2); NaN when no game was played. */
  readonly score: number;
  /**
   * The Elo difference (positive: the engine is stronger): +Infinity when it won every game,
   * -Infinity when it lost every one, NaN when no game was played.
   */
  readonly elo: number;
  /**
   * Half the width of the 95% interval of `elo`, in Elo: Infinity when the interval reaches a
   * score of 0% or 100% (too few games), NaN when `elo` is not finite.
   */
  readonly margin: number;
}

/** The 97.5% quantile of the standard normal distribution: the mean +- this many deviations holds 95%. */
const Z_975 = 1.959963984540054;

/** The Elo difference of a score (0..1 points per game): -400 log10(1/score - 1), written 400 log10(score / (1 - score)). */
export function eloOfScore(score: number): number {
  return 400 * Math.log10(score / (1 - score));
}

/**
 * The Elo difference and its 95% margin of `wins`, `draws` and `losses`.
 *
 * @example eloEstimate(55, 0, 45) // { score: 0.55, elo: 34.86, margin: 69.4, ... }
 */
export function eloEstimate(wins: number, draws: number, losses: number): EloEstimate {
  const n = wins + draws + losses;
  const score = (wins + draws / 2) / n;
  const base = { wins, draws, losses, score };
  if (n === 0) return { ...base, elo: NaN, margin: NaN };
  const elo = eloOfScore(score);
  if (!Number.isFinite(elo)) return { ...base, elo, margin: NaN };
  const variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n;
  const deviation = Math.sqrt(variance) / Math.sqrt(n);
  const low = score - Z_975 * deviation;
  const high = score + Z_975 * deviation;
  const margin = low <= 0 || high >= 1 ? Infinity : (eloOfScore(high) - eloOfScore(low)) / 2;
  return { ...base, elo, margin };
}

/**
 * The estimate in words: `Elo difference: +34.9 +- 69.4 (95%)`, or what stands instead of a
 * number (every game won or lost, no game played, a margin too wide to give).
 */
export function eloText(e: EloEstimate): string {
  if (Number.isNaN(e.elo)) return 'Elo difference: none (no game was played)';
  if (e.elo === Infinity) return 'Elo difference: +inf (every game won; no margin can be given)';
  if (e.elo === -Infinity) return 'Elo difference: -inf (every game lost; no margin can be given)';
  const elo = `${e.elo >= 0 ? '+' : ''}${e.elo.toFixed(1)}`;
  return `Elo difference: ${elo} +- ${Number.isFinite(e.margin) ? e.margin.toFixed(1) : 'inf (too few games for a margin)'} (95%)`;
}
