// A stand-in for engine/search.ts in the built-in engine's worker, for tests of the thread
// around the search: it ignores every limit and searches until it is stopped, reporting an
// "iteration" every 5 ms of the clock it is given, and answers the first legal move. A game with
// exactly one move played ends the worker thread it runs in (a crash).

import { isMainThread } from 'node:worker_threads';

import { currentPosition, legalMoves } from '../../../rules/index.ts';
import type { Game } from '../../../rules/index.ts';
import type { SearchLimits, SearchOptions, SearchResult } from '../../../engine/types.ts';

export function search(game: Game, limits: SearchLimits, options: SearchOptions): SearchResult {
  void limits;
  if (game.moves.length === 1 && !isMainThread) process.exit(3);
  const best = legalMoves(currentPosition(game))[0] ?? null;
  const start = options.now();
  let depth = 0;
  let nodes = 0;
  let next = start + 5;
  while (!options.stopped?.()) {
    nodes++;
    if (options.now() >= next) {
      next += 5;
      depth++;
      options.onInfo?.({ depth, score: { kind: 'men', value: 0 }, pv: best ? [best] : [], nodes, ms: options.now() - start });
    }
  }
  return { best, depth, score: { kind: 'men', value: 0 }, pv: best ? [best] : [], nodes, ms: options.now() - start };
}
