import type { Game, Variant } from '../rules/index.ts';
import { currentPosition, legalMoves, playMove, variants } from '../rules/index.ts';
import { search } from '../engine/search.ts';
import { dambordPlayer, match, openings, rapidPlayer, share, startGame } from './engineMatch.ts';
import type { BenchOptions, BenchResult } from './types.ts';

/**
 * The built-in engine (issue 30, item 5; figures reported, never asserted):
 * - nodes per second of a fixed-depth search, each variant, from the start and from a middle
 *   game (the start after 20 plies of level-5 play, seeded);
 * - the time to finish depth 12 from the start (international and English);
 * - the ladder: level N against N-1 for N = 2..10, 20 games a step (6 with --quick) from the
 *   openings of every first move and reply, colours alternating, at 250 ms a move (30), the
 *   lower levels held to their own node caps, 200 plies and more a draw;
 * - against rapid-draughts' alpha-beta player in English at the same time a move (250 ms, 30
 *   with --quick), 20 games (6), with the time each side used a move.
 */
export async function run(opts: BenchOptions): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const depth = opts.quick ? 7 : 9;
  for (const v of Object.values(variants)) {
    for (const [where, g] of [['start', startGame(v)], ['middle game', middleGame(v)]] as const) {
      const t0 = performance.now();
      const r = search(g, { depth }, { now: () => performance.now() });
      const s = (performance.now() - t0) / 1000;
      out.push({ name: `engine nps ${v.name}, ${where}, depth ${depth}`, figure: r.nodes / s / 1000, unit: 'k nodes/s', better: 'higher', baseline: null, ratio: null, note: `${r.nodes} nodes in ${s.toFixed(2)} s` });
    }
  }
  for (const v of [variants.international, variants.english]) {
    const t0 = performance.now();
    const r = search(startGame(v), { depth: opts.quick ? 10 : 12 }, { now: () => performance.now() });
    const s = (performance.now() - t0) / 1000;
    out.push({ name: `engine depth ${r.depth} from the start, ${v.name}`, figure: s, unit: 's', better: 'lower', baseline: null, ratio: null, note: `${r.nodes} nodes` });
  }
  const perStep = opts.quick ? 3 : 10; // openings; each played with both colours
  const moveMs = opts.quick ? 30 : 250;
  const ladderVariant = variants.international;
  const book = openings(ladderVariant, perStep);
  const rows: string[] = [];
  for (let n = 2; n <= 10; n++) {
    const t = await match(book, dambordPlayer(n, moveMs, n), dambordPlayer(n - 1, moveMs, n - 1), 200);
    const score = share(t);
    rows.push(`${n} v ${n - 1}: ${(100 * score).toFixed(0)}%`);
    out.push({ name: `engine ladder ${ladderVariant.name}: level ${n} v ${n - 1}`, figure: 100 * score, unit: '%', better: 'higher', baseline: null, ratio: null, target: { figure: 60, met: score >= 0.6 }, note: `+${t.wins} =${t.draws} -${t.losses}, ${moveMs} ms a move` });
    process.stderr.write(`ladder ${rows[rows.length - 1]} (+${t.wins} =${t.draws} -${t.losses})\n`);
  }
  const ours = { ms: 0, moves: 0 };
  const theirs = { ms: 0, moves: 0 };
  const t = await match(openings(variants.english, perStep), dambordPlayer(10, moveMs, 1, ours), rapidPlayer(moveMs, theirs), 200);
  const score = share(t);
  out.push({
    name: `engine v rapid-draughts, english, ${moveMs} ms a move`, figure: 100 * score, unit: '%', better: 'higher', baseline: null, ratio: null,
    target: { figure: 75, met: score >= 0.75 },
    note: `+${t.wins} =${t.draws} -${t.losses}; ms a move: dambord ${(ours.ms / ours.moves).toFixed(0)}, rapid-draughts ${(theirs.ms / theirs.moves).toFixed(0)}`,
  });
  return out;
}

/**
 * A middle game of `v`: 20 plies of level-5 play from the start (node-capped, so the same every
 * run), and on until the side to move has a choice of quiet moves (a forced capture is answered at once).
 */
function middleGame(v: Variant): Game {
  let g = startGame(v);
  const choice = () => {
    const moves = legalMoves(currentPosition(g));
    return moves.length > 1 && moves[0].captured.length === 0;
  };
  for (let ply = 0; ply < 60 && (ply < 20 || !choice()); ply++) {
    const r = search(g, {}, { now: () => 0, level: 5, seed: ply });
    if (!r.best) break;
    const played = playMove(g, r.best);
    if (!played.ok) break;
    g = played.game;
  }
  return g;
}
