import { legalMoves, mulberry32, parseFen, play } from '../../rules/index.ts';
import type { Position, Variant } from '../../rules/index.ts';

/**
 * The positions of `games` random games of `v` from its start, each move picked by a generator
 * seeded with `seed` (the rules core's moves, not an engine's), up to 160 plies a game, each
 * position with a move to play.
 */
export function randomPositions(v: Variant, games: number, seed: number): Position[] {
  const rand = mulberry32(seed);
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error(`${v.name} start: ${start.error.reason}`);
  const out: Position[] = [];
  for (let n = 0; n < games; n++) {
    let pos = start.position;
    for (let ply = 0; ply < 160; ply++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      out.push(pos);
      pos = play(pos, moves[Math.floor(rand() * moves.length)]);
    }
  }
  return out;
}
