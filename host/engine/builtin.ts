import { currentPosition } from '../../rules/index.ts';
import { search } from '../../engine/search.ts';
import type { Engine } from './engine.ts';
import { EngineError } from './engine.ts';

/** Options of the built-in engine: its level (1..10, 10 full strength) and the seed of its weak levels. */
export interface BuiltinOptions {
  readonly level?: number;
  readonly seed?: number;
}

/** The built-in engine (interim: searches in this thread, until the worker lands). */
export function openBuiltinEngine(opts: BuiltinOptions = {}): Engine {
  const name = `dambord level ${opts.level ?? 10}`;
  return {
    name,
    async think(game, limits) {
      const started = performance.now();
      const r = search(game, { timeMs: limits.moveTimeMs, depth: limits.depth, nodes: limits.nodes }, { now: () => performance.now(), level: opts.level, seed: opts.seed });
      if (!r.best) throw new EngineError(name, 'refused', `no legal move in ${currentPosition(game).turn}'s position`);
      return { move: r.best, score: r.score, pv: r.pv, depth: r.depth, nodes: r.nodes, ms: performance.now() - started };
    },
    async close() {},
  };
}
