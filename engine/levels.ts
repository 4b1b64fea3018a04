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
  { nodes: 25, depth: 2, jitter: 150, blunder: 0.4, slack: 300 },
  { nodes: 60, depth: 3, jitter: 100, blunder: 0.25, slack: 200 },
  { nodes: 130, depth: 4, jitter: 60, blunder: 0.12, slack: 150 },
  { nodes: 300, depth: 5, jitter: 40, blunder: 0.05, slack: 100 },
  { nodes: 700, depth: 6, jitter: 25, blunder: 0, slack: 0 },
  { nodes: 1_500, depth: 8, jitter: 15, blunder: 0, slack: 0 },
  { nodes: 3_500, depth: 10, jitter: 8, blunder: 0, slack: 0 },
  { nodes: 8_000, depth: 14, jitter: 4, blunder: 0, slack: 0 },
  { nodes: 20_000, depth: 20, jitter: 0, blunder: 0, slack: 0 },
  { nodes: Infinity, depth: Infinity, jitter: 0, blunder: 0, slack: 0 },
];

/** The level `n` (rounded and clamped to 1..10; 10 when not given). */
export function level(n = 10): Level {
  const i = Math.min(10, Math.max(1, Math.round(Number.isFinite(n) ? n : 10)));
  return LEVELS[i - 1];
}
