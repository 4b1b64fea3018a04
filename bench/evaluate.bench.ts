import { BLACK, KING, WHITE, variants } from '../rules/index.ts';
import type { Position } from '../rules/index.ts';
import { evaluator } from '../engine/evaluate.ts';
import type { Evaluator } from '../engine/evaluate.ts';
import { randomPositions } from '../engine/testing/randomPositions.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * The built-in engine's evaluation (engine/evaluate.ts) in evaluations per second for each
 * variant, over the positions of seeded random games, beside a bare material count (a man 1, a
 * king 3) over the same positions: the cost of the evaluation's terms at every leaf.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const v of Object.values(variants)) {
    const positions = randomPositions(v, opts.quick ? 10 : 40, 30);
    const calls = opts.quick ? 200_000 : 2_000_000;
    const ours = rate(evaluator(v), positions, calls);
    const base = rate(material, positions, calls);
    results.push({
      name: `engine: evaluation, ${v.name}`,
      figure: ours,
      unit: 'M evals/s',
      better: 'higher',
      baseline: { name: 'material count', figure: base },
      ratio: ours / base,
      note: `${positions.length} positions of random games; best of 3`,
    });
  }
  return results;
}

function material(board: Uint8Array, turnBit: number): number {
  let score = 0;
  for (let i = 0; i < board.length; i++) {
    const p = board[i];
    if (p !== 0) score += (p & (WHITE | BLACK)) === turnBit ? (p & KING ? 300 : 100) : p & KING ? -300 : -100;
  }
  return score;
}

/** Millions of evaluations per second over `positions`, `calls` calls, best of 3. */
function rate(evaluate: Evaluator, positions: readonly Position[], calls: number): number {
  const boards = positions.map((p) => p.board);
  const turns = positions.map((p) => (p.turn === 'white' ? WHITE : BLACK));
  let best = Infinity;
  let sink = 0;
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    for (let i = 0, k = 0; i < calls; i++, k = k + 1 === boards.length ? 0 : k + 1) sink += evaluate(boards[k], turns[k]);
    best = Math.min(best, performance.now() - t0);
  }
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return calls / best / 1000;
}
