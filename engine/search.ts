import type { Game, Move } from '../rules/index.ts';
import { currentPosition, legalMoves } from '../rules/index.ts';
import type { SearchLimits, SearchOptions, SearchResult } from './types.ts';

/**
 * The best move of the game's current position within `limits` (interim: the first legal move,
 * until the search lands).
 */
export function search(game: Game, limits: SearchLimits, options: SearchOptions): SearchResult {
  void limits;
  const start = options.now();
  const moves: Move[] = legalMoves(currentPosition(game));
  const best = moves[0] ?? null;
  return { best, score: { kind: 'men', value: 0 }, pv: best ? [best] : [], depth: 1, nodes: moves.length, ms: options.now() - start };
}
