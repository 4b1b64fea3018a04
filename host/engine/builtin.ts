import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Game, Move, Position } from '../../rules/index.ts';
import type { SearchLimits, SearchOptions, SearchResult } from '../../engine/types.ts';
import { currentPosition, legalMoves, play, writeFen } from '../../rules/index.ts';
import type { Engine, EngineAnswer, EngineInfo } from './engine.ts';
import { EngineError } from './engine.ts';
import type { PostedGame, PostedInfo, ThinkRequest, WorkerAnswer } from './searchWorker.ts';
import { timeForMove } from './timeForMove.ts';

/**
 * Options of the built-in engine: its level (1..10, 10 full strength, the default) and the seed
 * of its weak levels' choices; `search`, the URL of a module exporting `search` in place of
 * engine/search.ts (tests give a search that only stops when told).
 */
export interface BuiltinOptions {
  readonly level?: number;
  readonly seed?: number;
  readonly search?: URL;
}

/** The built-in engine: an {@link Engine}, and when its worker thread is ready. */
export interface BuiltinEngine extends Engine {
  /**
   * Resolves once the worker thread has started (about 0.3 s after the engine was opened, when it
   * loads TypeScript): a caller can wait for it before a game's clock starts. Rejects with
   * EngineError 'crashed' when the thread failed to start.
   */
  ready(): Promise<void>;
}

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The built-in engine: the pure search (engine/search.ts) in a worker thread, one per engine,
 * started at once and reused from move to move, so that a search never delays the board, the
 * LEDs or the page. A time limit (a time per move or a share of the game clock, see
 * {@link timeForMove}) is given to the search, and the host stops it at that time if it has not
 * answered; an abort stops it at once with its best so far. A worker that dies fails the search
 * with EngineError 'crashed' and the next think() starts a new one. Named `dambord 0.1.0 level N`.
 */
export function openBuiltinEngine(opts: BuiltinOptions = {}): BuiltinEngine {
  const name = `dambord ${VERSION} level ${opts.level ?? 10}`;
  // Searches up to the value held here are stopped (Atomics: the worker's search polls it).
  const stop = new Int32Array(new SharedArrayBuffer(4));
  let worker: LiveWorker | null = null;
  let nextId = 1;
  let closed = false;
  let thinking = false;
  const live = (): LiveWorker => {
    if (worker) return worker;
    const started = startWorker(stop.buffer as SharedArrayBuffer, opts.search, () => {
      if (worker === started) worker = null;
    });
    return (worker = started);
  };
  live();
  // The search in this thread too, for a first move whose time runs out before the worker has started.
  const here = import(opts.search?.href ?? '../../engine/search.ts') as Promise<SearchModule>;
  here.catch(() => {});

  /**
   * A move when the worker was not ready within the move's time (a thread starts in about 0.3 s,
   * more on a loaded machine): a search of one ply in this thread, which takes a few ms.
   */
  const answerHere = async (game: Game, pos: Position, started: number): Promise<EngineAnswer> => {
    const { search } = await here;
    const t0 = performance.now();
    const r = search(game, { depth: 1 }, { now: () => performance.now(), level: opts.level, seed: opts.seed, stopped: () => performance.now() - t0 > 10 });
    // A search stopped before its first iteration has no move: the first legal one is played.
    const move = r.best ?? legalMoves(pos)[0];
    return { move, score: r.best ? r.score : null, pv: r.best && r.pv.length > 0 ? r.pv : [move], depth: r.best ? r.depth : 0, nodes: r.nodes, ms: performance.now() - started };
  };

  return {
    name,
    async think(game, limits, { signal, onInfo } = {}) {
      if (closed) throw new EngineError(name, 'start', 'the engine was closed');
      if (thinking) throw new EngineError(name, 'refused', 'is already thinking: one search at a time');
      const started = performance.now();
      const pos = currentPosition(game);
      if (legalMoves(pos).length === 0) throw new EngineError(name, 'refused', `${pos.turn} has no legal move to search`);
      const id = nextId++;
      const w = live();
      const timeMs = timeForMove(limits);
      const request: Omit<ThinkRequest, 'limits'> = { type: 'think', id, game: postGame(game), level: opts.level, seed: opts.seed };
      const halt = () => Atomics.store(stop, 0, id);
      if (signal?.aborted) halt();
      signal?.addEventListener('abort', halt, { once: true });
      let timeUp: () => void = () => {};
      const outOfTime = new Promise<false>((resolve) => (timeUp = () => resolve(false)));
      const deadline = timeMs === null ? null : setTimeout(() => (halt(), timeUp()), timeMs);
      w.hold(true);
      thinking = true;
      try {
        if (!(await Promise.race([w.ready.then(() => true), outOfTime]))) return await answerHere(game, pos, started);
        // The time the worker took to start counts against the move's time.
        const left = timeMs === null ? undefined : Math.max(1, timeMs - (performance.now() - started));
        const result = await w.run({ ...request, limits: { timeMs: left, depth: limits.depth, nodes: limits.nodes } }, (info) => onInfo?.(readInfo(pos, info)));
        if (result.best === null) throw new EngineError(name, 'refused', 'the search stopped before it had a move');
        const info = readInfo(pos, result);
        const sameLine = result.pv[0] === result.best && info.pv.length > 0;
        const move = sameLine ? info.pv[0] : legalMoves(pos)[result.best];
        return { ...info, move, pv: sameLine ? info.pv : [move], ms: performance.now() - started } satisfies EngineAnswer;
      } catch (error) {
        if (error instanceof EngineError) throw error;
        throw new EngineError(name, 'crashed', (error as Error).message);
      } finally {
        thinking = false;
        w.hold(false);
        if (deadline) clearTimeout(deadline);
        signal?.removeEventListener('abort', halt);
      }
    },
    async ready() {
      try {
        await live().ready;
      } catch (error) {
        throw new EngineError(name, 'crashed', (error as Error).message);
      }
    },
    async close() {
      closed = true;
      Atomics.store(stop, 0, 0x7fffffff);
      await worker?.terminate();
      worker = null;
    },
  };
}

/** A module holding a search: engine/search.ts or a test's stand-in. */
type SearchModule = { search: (game: Game, limits: SearchLimits, options: SearchOptions) => SearchResult };

/** The game as the worker rebuilds it. */
function postGame(game: Game): PostedGame {
  const moves = game.moves.map((m, i) => legalMoves(game.positions[i]).findIndex((l) => sameRoute(l, m)));
  return { variant: game.start.variant.name, fen: writeFen(game.start), moves };
}

function sameRoute(a: Move, b: Move): boolean {
  return a.from === b.from && a.to === b.to && a.capturedSet.equals(b.capturedSet);
}

/** A posted line read back as moves from `pos`. */
function readInfo(pos: Position, info: PostedInfo): EngineInfo & { readonly depth: number } {
  const pv: Move[] = [];
  let at = pos;
  for (const i of info.pv) {
    const m = legalMoves(at)[i];
    if (!m) break;
    pv.push(m);
    at = play(at, m);
  }
  return { depth: info.depth, score: info.score, pv, nodes: info.nodes, ms: info.ms };
}

/** A worker thread running searches one at a time. */
interface LiveWorker {
  readonly ready: Promise<void>;
  run(req: ThinkRequest, onInfo: (info: PostedInfo) => void): Promise<PostedInfo & { readonly best: number | null }>;
  /** Whether the thread keeps the process alive: while a think() waits on it. */
  hold(on: boolean): void;
  terminate(): Promise<void>;
}

function startWorker(stop: SharedArrayBuffer, search: URL | undefined, onExit: () => void): LiveWorker {
  const w = tsWorker(new URL('./searchWorker.ts', import.meta.url), { stop, search: search?.href });
  let failure: Error | null = null;
  let pending: { id: number; onInfo: (info: PostedInfo) => void; resolve: (r: PostedInfo & { best: number | null }) => void; reject: (e: Error) => void } | null = null;
  let markReady: () => void = () => {};
  let failReady: (e: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => ((markReady = resolve), (failReady = reject)));
  ready.catch(() => {});
  const fail = (e: Error) => {
    failure ??= e;
    failReady(failure);
    pending?.reject(failure);
    pending = null;
  };
  w.on('message', (a: WorkerAnswer) => {
    if (a.type === 'ready') return markReady();
    if (!pending || a.id !== pending.id) return;
    if (a.type === 'info') return pending.onInfo(a.info);
    const p = pending;
    pending = null;
    if (a.type === 'done') p.resolve(a.result);
    else p.reject(new Error(`the search failed: ${a.message}`));
  });
  w.on('error', (e) => fail(new Error(`the search thread failed: ${e instanceof Error ? e.message : String(e)}`)));
  w.on('exit', (code) => {
    onExit();
    fail(new Error(`the search thread stopped (exit code ${code})`));
  });
  // An idle worker does not keep the process alive; a searching one does.
  w.unref();
  return {
    ready,
    run(req, onInfo) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        pending = { id: req.id, onInfo, resolve, reject };
        w.postMessage(req);
      });
    },
    hold(on) {
      if (on) w.ref();
      else w.unref();
    },
    async terminate() {
      await w.terminate();
    },
  };
}

/**
 * A worker thread running a TypeScript module. Node 20 does not apply loader flags given in a
 * Worker's `execArgv` (nodejs/node#47747), so the thread registers tsx itself before it imports
 * the module (as host/cli/perftThreads.ts does).
 */
function tsWorker(url: URL, workerData: unknown): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`, { eval: true, workerData });
}
