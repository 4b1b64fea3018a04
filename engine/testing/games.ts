import type { Game, Move, Position, Variant } from '../../rules/index.ts';
import { currentPosition, legalMoves, newGame, parseFen, parseSquare, playMove, positionKey } from '../../rules/index.ts';
import { search } from '../search.ts';
import type { SearchLimits, SearchOptions, SearchResult } from '../types.ts';

/** The position of a FEN (throws on a bad one: a test's own input). */
export function position(v: Variant, fen: string): Position {
  const r = parseFen(v, fen);
  if (!r.ok) throw new Error(`${fen}: ${r.error.reason}`);
  return r.position;
}

/** A game from a FEN, and the moves written `from-to` / `fromxto` played in it. */
export function game(v: Variant, fen: string, ...moves: string[]): Game {
  let g = newGame(position(v, fen));
  for (const text of moves) {
    const r = playMove(g, move(currentPosition(g), text));
    if (!r.ok) throw new Error(`${text}: ${r.error}`);
    g = r.game;
  }
  return g;
}

/** The one legal move written `from-to` or `fromxto` in the variant's notation. */
export function move(pos: Position, text: string): Move {
  const [a, b] = text.split(/[-x]/).map((s) => parseSquare(pos.variant, s));
  const found = legalMoves(pos).filter((m) => m.from === a && m.to === b && m.captured.length > 0 === text.includes('x'));
  if (found.length !== 1) throw new Error(`${text} is not one legal move in ${positionKey(pos)}`);
  return found[0];
}

/** A move as `from-to` / `fromxto` in square numbers (1-based), whatever the variant's notation. */
export function numbers(m: Move | null): string {
  return m ? `${m.from + 1}${m.captured.length > 0 ? 'x' : '-'}${m.to + 1}` : 'none';
}

/** A search on a clock that stands still (depth- or node-limited searches). */
export function think(g: Game, limits: SearchLimits, options: Partial<SearchOptions> = {}): SearchResult {
  return search(g, limits, { now: () => 0, ...options });
}
