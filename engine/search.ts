import type { Game, Move } from '../rules/index.ts';
import { currentPosition, legalMoves, mulberry32, play } from '../rules/index.ts';
import { moveAt } from '../rules/movegen.ts';
import { MAX_PLY } from './draws.ts';
import { evaluator } from './evaluate.ts';
import { level } from './levels.ts';
import { Table, capturedCode, moveCode } from './table.ts';
import { MATE, MATE_BOUND, Tree } from './tree.ts';
import type { Score, SearchInfo, SearchLimits, SearchOptions, SearchResult } from './types.ts';
import { MAX_DEPTH } from './types.ts';

/** Share of the time after which no new iteration is started (it would not finish). */
const SOFT_SHARE = 0.5;
/** Share of the time at which a running iteration is stopped (the answer comes within the time). */
const HARD_SHARE = 0.9;
/** With one legal move: the share of the time and the depth spent on its score, not on the choice. */
const FORCED_SHARE = 0.1;
const FORCED_DEPTH = 10;

/** One table for every search in this thread, emptied at each search (so a seeded search repeats). */
let table: Table | null = null;

/**
 * The best move of the game's current position within `limits`, by iterative deepening over
 * {@link Tree}: each iteration one ply deeper, its best move searched first in the next, until a
 * limit is reached. A running iteration stopped by the time or `options.stopped` gives way to
 * the last complete one, or to its own best move when that move was searched completely (the
 * first move of an iteration is the previous best). No new iteration is started after half the
 * time. With one legal move, only its score is searched: a tenth of the time, ten plies at most. The level (engine/levels.ts)
 * caps nodes and depth and chooses among the root moves with noise seeded by `options.seed` and
 * the position: with a node cap, the same game and seed give the same answer.
 */
export function search(game: Game, limits: SearchLimits, options: SearchOptions): SearchResult {
  const now = options.now;
  const start = now();
  const lvl = level(options.level);
  const timeMs = limits.timeMs ?? Infinity;
  let hard = start + timeMs * HARD_SHARE;
  let soft = start + timeMs * SOFT_SHARE;
  let maxDepth = Math.min(limits.depth ?? MAX_DEPTH, lvl.depth, MAX_DEPTH, MAX_PLY - 8);
  const stopped = options.stopped ?? (() => false);
  const v = currentPosition(game).variant;
  table ??= new Table();
  table.clear();
  const tree = new Tree(game, table, evaluator(v), () => stopped() || now() >= hard);
  tree.nodeLimit = Math.min(limits.nodes ?? Infinity, lvl.nodes);
  const root = tree.root;
  const ms = () => now() - start;
  if (root.length === 0) return { best: null, score: { kind: 'loss', plies: 0 }, pv: [], depth: 0, nodes: 1, ms: ms() };
  if (root.length === 1) {
    // The move is forced; its score still matters (an analysis, a hint): a short search for it.
    hard = start + timeMs * FORCED_SHARE;
    soft = hard;
    maxDepth = Math.min(maxDepth, FORCED_DEPTH);
  }
  const exact = lvl.jitter > 0 || lvl.blunder > 0;
  let done: SearchInfo | null = null;
  for (let depth = 1; depth <= maxDepth; depth++) {
    const score = tree.searchRoot(depth, exact);
    if (tree.aborted) {
      // The partial iteration's leader was searched completely: it is at least as good as the last.
      if (tree.rootDone > 0) done = info(game, tree, tree.rootScores[tree.rootOrder[0]], done ? done.depth : depth, ms());
      break;
    }
    done = info(game, tree, score, depth, ms());
    options.onInfo?.(done);
    if (Math.abs(score) >= MATE_BOUND && depth > MATE - Math.abs(score) + 1) break; // proven
    if (tree.nodes >= tree.nodeLimit || stopped() || now() >= soft) break;
  }
  if (!done) {
    // Stopped before one move was searched: the move ordered first.
    done = { depth: 0, score: { kind: 'men', value: tree.staticScore() / 100 }, pv: [moveAt(root, tree.rootOrder[0])], nodes: tree.nodes, ms: ms() };
  }
  const chosen = exact ? choose(tree, lvl, (options.seed ?? 0) ^ tree.lo ^ Math.imul(game.positions.length, 0x9e3779b1)) : tree.rootOrder[0];
  if (chosen !== tree.rootOrder[0]) {
    const best = moveAt(root, chosen);
    return { ...done, best, score: scoreOf(tree.rootScores[chosen]), pv: [best], ms: ms() };
  }
  return { ...done, best: done.pv[0] ?? moveAt(root, chosen), ms: ms() };
}

/** The root move a weak level plays: the best after seeded jitter, or now and then a plausible other. */
function choose(tree: Tree, lvl: ReturnType<typeof level>, seed: number): number {
  const rnd = mulberry32(seed);
  const n = tree.root.length;
  let best = tree.rootOrder[0];
  let bestNoisy = -Infinity;
  for (let k = 0; k < n; k++) {
    const i = tree.rootOrder[k];
    const noisy = tree.rootScores[i] + (rnd() * 2 - 1) * lvl.jitter;
    if (noisy > bestNoisy) {
      bestNoisy = noisy;
      best = i;
    }
  }
  if (lvl.blunder > 0 && rnd() < lvl.blunder) {
    const top = tree.rootScores[tree.rootOrder[0]];
    const others: number[] = [];
    for (let k = 0; k < n; k++) {
      const i = tree.rootOrder[k];
      if (i !== best && tree.rootScores[i] >= top - lvl.slack) others.push(i);
    }
    if (others.length > 0) best = others[Math.floor(rnd() * others.length)];
  }
  return best;
}

/** What an iteration found: its score and the principal variation as moves. */
function info(game: Game, tree: Tree, score: number, depth: number, ms: number): SearchInfo {
  return { depth, score: scoreOf(score), pv: pvMoves(game, tree), nodes: tree.nodes, ms };
}

/** A score in hundredths of a man as a {@link Score}: a proven result in plies, else men. */
export function scoreOf(s: number): Score {
  if (s >= MATE_BOUND) return { kind: 'win', plies: MATE - s };
  if (s <= -MATE_BOUND) return { kind: 'loss', plies: MATE + s };
  return { kind: 'men', value: s === 0 ? 0 : s / 100 }; // never -0
}

/** The tree's principal variation from the root, as legal moves played out with the rules core. */
function pvMoves(game: Game, tree: Tree): Move[] {
  let pos = currentPosition(game);
  const out: Move[] = [];
  for (let j = 0; j < tree.pvLength[0]; j++) {
    const m = legalMoves(pos).find((x) => moveCode(x.from, x.to, x.captured.length) === tree.pvA[j] && capturedCode(x.capturedSet.lo, x.capturedSet.hi) === tree.pvB[j]);
    if (!m) break;
    out.push(m);
    pos = play(pos, m);
  }
  return out;
}
