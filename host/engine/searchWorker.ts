// The built-in engine's worker thread (builtin.ts): rebuilds each game it is sent with the rules
// core and runs the pure search (engine/search.ts) on it, synchronously, so that the host's
// thread (the board, the LEDs, the page) never waits for it. A stop is a flag in shared memory
// that the search polls.

import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Game, Move, VariantName } from '../../rules/index.ts';
import { currentPosition, legalMoves, newGame, parseFen, play, playMove, variants } from '../../rules/index.ts';
import type { Score, SearchInfo, SearchLimits, SearchOptions, SearchResult } from '../../engine/types.ts';

/**
 * A game as a worker can rebuild it: the variant's name, the start as FEN and each move as its
 * index in `legalMoves` of the position it was played in (the same generator on both threads
 * lists the moves in the same order).
 */
export interface PostedGame {
  readonly variant: VariantName;
  readonly fen: string;
  readonly moves: readonly number[];
}

/** A search for the worker: `id` counts the searches; the stop flag stops every search up to its value. */
export interface ThinkRequest {
  readonly type: 'think';
  readonly id: number;
  readonly game: PostedGame;
  readonly limits: SearchLimits;
  readonly level?: number;
  readonly seed?: number;
}

/** An iteration or the answer, the moves as indices along the line from the searched position. */
export interface PostedInfo {
  readonly depth: number;
  readonly score: Score;
  readonly pv: readonly number[];
  readonly nodes: number;
  readonly ms: number;
}

/** What the worker sends: `ready` once loaded, each iteration's info, the answer (best null: no move), or the search's failure. */
export type WorkerAnswer =
  | { readonly type: 'ready' }
  | { readonly type: 'info'; readonly id: number; readonly info: PostedInfo }
  | { readonly type: 'done'; readonly id: number; readonly result: PostedInfo & { readonly best: number | null } }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

/** The module holding the search: engine/search.ts, or a stand-in a test names in `workerData.search`. */
type SearchModule = { search: (game: Game, limits: SearchLimits, options: SearchOptions) => SearchResult };

const port = parentPort;
if (!port) throw new Error('searchWorker.ts runs in a worker thread');
const data = workerData as { readonly stop: SharedArrayBuffer; readonly search?: string };
const stop = new Int32Array(data.stop);
// The search yields the processor to the host's thread (the board, the LEDs, the page): on Linux
// a priority set with no process id is the calling thread's own, so this thread alone runs at
// nice 10, where the scheduler gives a thread of nice 0 about nine times its share (nice 19, a
// fiftieth, starves the search on a loaded machine and its moves come late). Where the system
// refuses, the search runs as it is.
try {
  setPriority(10);
} catch {
  // not allowed here: the thread keeps its priority
}
const { search } = (await import(data.search ?? '../../engine/search.ts')) as SearchModule;

/** The game rebuilt move by move; a move index out of range is a host's error. */
export function rebuildGame(posted: PostedGame): Game {
  const parsed = parseFen(variants[posted.variant], posted.fen);
  if (!parsed.ok) throw new Error(`the game's start ${posted.fen} is not a ${posted.variant} FEN: ${parsed.error.reason}`);
  let game = newGame(parsed.position);
  for (const i of posted.moves) {
    const r = playMove(game, legalMoves(currentPosition(game))[i]);
    if (!r.ok) throw new Error(`move ${i} of the posted game cannot be played: ${r.error}`);
    game = r.game;
  }
  return game;
}

function postLine(game: Game, info: SearchInfo): PostedInfo {
  let pos = currentPosition(game);
  const pv: number[] = [];
  for (const m of info.pv) {
    const i = legalMoves(pos).findIndex((l: Move) => l.from === m.from && l.to === m.to && l.capturedSet.equals(m.capturedSet));
    if (i < 0) break;
    pv.push(i);
    pos = play(pos, legalMoves(pos)[i]);
  }
  return { depth: info.depth, score: info.score, pv, nodes: info.nodes, ms: info.ms };
}

port.on('message', (req: ThinkRequest) => {
  try {
    const game = rebuildGame(req.game);
    const stopped = () => Atomics.load(stop, 0) >= req.id;
    const onInfo = (info: SearchInfo) => port.postMessage({ type: 'info', id: req.id, info: postLine(game, info) } satisfies WorkerAnswer);
    const r = search(game, req.limits, { now: () => performance.now(), level: req.level, seed: req.seed, onInfo, stopped });
    const best = r.best ? postLine(game, { ...r, pv: [r.best] }).pv[0] ?? null : null;
    port.postMessage({ type: 'done', id: req.id, result: { ...postLine(game, r), best } } satisfies WorkerAnswer);
  } catch (error) {
    port.postMessage({ type: 'failed', id: req.id, message: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer);
  }
});
port.postMessage({ type: 'ready' } satisfies WorkerAnswer);
