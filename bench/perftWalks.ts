import * as rapidEnglish from 'rapid-draughts/english';
import { PerftWalker, colorBit, legalMoves, parseFen, play, variants } from '../rules/index.ts';
import type { Position, VariantName } from '../rules/index.ts';

/** A position of a perft walk, in the engine's own representation. */
export interface PerftNode {
  /** The leaves `depth` plies below this position (perft). */
  count(depth: number): number;
}

/**
 * A perft walk from a start position, cut into pieces for worker threads: `frontier(plies)`
 * lists every position `plies` plies below the start, in the same order in every thread, so
 * a thread can be handed an index into it.
 */
export interface PerftWalk {
  frontier(plies: number): PerftNode[];
}

/**
 * The part of rapid-draughts' English engine used here. Its published types cannot be read under
 * NodeNext resolution (extensionless relative imports in its .d.ts), so they are restated.
 */
interface RapidEngine {
  readonly moves: readonly object[];
  clone(): RapidEngine;
  move(move: object): void;
}
const rapid = rapidEnglish as unknown as { EnglishDraughtsEngineFactory: { setup(): RapidEngine } };

/** The engines the perft bench runs: dambord's rules core, and rapid-draughts as a baseline. */
export type EngineName = 'dambord' | 'rapid-draughts';

/** The walk of `engine` from the start position of `variant` (rapid-draughts plays english only). */
export function perftWalk(engine: EngineName, variant: VariantName): PerftWalk {
  if (engine === 'rapid-draughts') {
    if (variant !== 'english') throw new Error('rapid-draughts plays English draughts only');
    return { frontier: (plies) => expand([rapid.EnglishDraughtsEngineFactory.setup()], plies, rapidChildren).map((e) => ({ count: (d) => rapidPerft(e, d) })) };
  }
  const v = variants[variant];
  const start = parseFen(v, v.startFen);
  if (!start.ok) throw new Error(`bad start FEN of ${variant}: ${start.error.reason}`);
  const children = (p: Position) => legalMoves(p).map((m) => play(p, m));
  // No table of positions already counted: every node's moves are generated, as rapid-draughts does.
  const walker = new PerftWalker(v, { tableBits: 0 });
  return { frontier: (plies) => expand([start.position], plies, children).map((p) => ({ count: (d) => (d === 0 ? 1 : walker.count(p.board.slice(), colorBit(p.turn), d)[d - 1]) })) };
}

function expand<S>(states: S[], plies: number, children: (s: S) => S[]): S[] {
  return plies === 0 ? states : expand(states.flatMap(children), plies - 1, children);
}

function rapidChildren(e: RapidEngine): RapidEngine[] {
  return e.moves.map((m) => {
    const c = e.clone();
    c.move(m);
    return c;
  });
}

/** Perft over rapid-draughts' public API (it has none of its own): `moves`, `clone`, `move`. */
function rapidPerft(e: RapidEngine, depth: number): number {
  if (depth === 0) return 1;
  const moves = e.moves;
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) {
    const c = e.clone();
    c.move(m);
    total += rapidPerft(c, depth - 1);
  }
  return total;
}
