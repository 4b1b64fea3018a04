/**
 * What a level (1..10) does to the search: level 10 is full strength within the caller's limits;
 * the others search fewer nodes and plies, and choose among the root moves with seeded noise:
 * - `nodes`, `depth`: caps on the search (with the caller's limits, the first reached ends it;
 *   a node cap makes the level reproducible: with a seed, the same game gives the same move);
 * - `jitter`: the spread of a random number added to each root move's score, in hundredths of a
 *   man (the weak player misjudges positions);
 * - `blunder`: the chance of playing a plausible but not best move: a random one of the root
 *   moves whose score is within `slack` hundredths of the best (a beginner overlooks shots and
 *   leaves men hanging; captures are still made, the rules forcing them).
 */
export interface Level {
  readonly nodes: number;
  readonly depth: number;
  readonly jitter: number;
  readonly blunder: number;
  readonly slack: number;
}

const LEVELS: readonly Level[] = [
  { nodes: 60, depth: 1, jitter: 120, blunder: 0.5, slack: 400 },
  { nodes: 300, depth: 2, jitter: 80, blunder: 0.3, slack: 300 },
  { nodes: 1_500, depth: 3, jitter: 50, blunder: 0.2, slack: 200 },
  { nodes: 5_000, depth: 4, jitter: 35, blunder: 0.1, slack: 150 },
  { nodes: 15_000, depth: 6, jitter: 25, blunder: 0.05, slack: 100 },
  { nodes: 40_000, depth: 8, jitter: 15, blunder: 0, slack: 0 },
  { nodes: 100_000, depth: 10, jitter: 10, blunder: 0, slack: 0 },
  { nodes: 250_000, depth: 14, jitter: 5, blunder: 0, slack: 0 },
  { nodes: 700_000, depth: 20, jitter: 0, blunder: 0, slack: 0 },
  { nodes: Infinity, depth: Infinity, jitter: 0, blunder: 0, slack: 0 },
];

/** The level `n` (rounded and clamped to 1..10; 10 when not given). */
export function level(n = 10): Level {
  const i = Math.min(10, Math.max(1, Math.round(Number.isFinite(n) ? n : 10)));
  return LEVELS[i - 1];
}
