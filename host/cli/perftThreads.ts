// Perft on every core: the tree cut into tasks (rules/perft.ts perftPlan), counted by the main
// thread and by worker threads (perftWorker.ts), and joined.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { PerftWalker, moveRules, perftJoin, perftPlan, sharedPerftTable } from '../../rules/index.ts';
import type { Position } from '../../rules/index.ts';
import type { PerftWorkerAnswer, PerftWorkerRequest } from './perftWorker.ts';

/** How a threaded perft runs. */
export interface PerftThreadsOptions {
  /**
   * Threads that count, the main thread one of them, the workers started at once; 1 counts on
   * the main thread alone. Default: the machine's (os.availableParallelism()), the workers
   * started only when the count is not near its end after {@link START_WORKERS_MS} (what is
   * left would take the main thread more than {@link WORKERS_PAY_MS}).
   */
  readonly threads?: number;
}

/** What a threaded perft found. */
export interface PerftThreadsResult {
  /** Perft 1 to depth. */
  readonly counts: number[];
  /** Each root move's count at depth, in the order of `legalMoves`. */
  readonly divide: number[];
  /** Threads that counted (the main thread and the workers started). */
  readonly threads: number;
}

/** How long the main thread counts alone before it decides whether to start workers, when the threads were not named. */
export const START_WORKERS_MS = 400;

/**
 * Workers are started, when the threads were not named, if what is left of the count would take
 * the main thread longer than this (ms): a worker takes about 0.3 s to start (it loads
 * TypeScript through tsx) and its table of positions starts empty, so a shorter count ends
 * sooner on the main thread alone.
 */
export const WORKERS_PAY_MS = 2000;

/** Tasks per thread: enough that the last ones, of unequal sizes, end close together. */
const TASKS_PER_THREAD = 32;

/**
 * Perft 1 to `depth` of `pos`, and the divide at `depth`, on `options.threads` threads: the tree
 * is cut some plies below the root into at least 32 tasks per thread, which the main thread and
 * the workers take in order, with one table of positions already counted in shared memory.
 */
export async function perftOnThreads(pos: Position, depth: number, options: PerftThreadsOptions = {}): Promise<PerftThreadsResult> {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const auto = options.threads === undefined;
  const plan = perftPlan(pos, depth, threads > 1 ? threads * TASKS_PER_THREAD : 1);
  const { tasks } = plan;
  const counts: number[][] = new Array<number[]>(tasks.length);
  // One table of positions for all the threads, if there may be more than one.
  const shared = threads > 1 ? sharedPerftTable(pos.variant.geometry.squares, depth) : null;
  const walker = new PerftWalker(pos.variant, shared ? { shared } : {});
  let next = 0;
  let done = 0;
  const workers: Worker[] = [];
  let failed: Error | null = null;
  const start = performance.now();
  let wake: () => void = () => {};
  try {
    if (threads > 1 && !auto) startWorkers(threads - 1);
    while (done < tasks.length) {
      if (failed) throw failed;
      if (next < tasks.length) {
        const i = next++;
        const t = tasks[i];
        counts[i] = walker.count(t.board.slice(), t.turn, t.depth);
        done++;
        if (auto && workers.length === 0 && threads > 1) {
          const elapsed = performance.now() - start;
          if (elapsed > START_WORKERS_MS && (elapsed * (tasks.length - next)) / done > WORKERS_PAY_MS) startWorkers(threads - 1);
        }
        await new Promise((r) => setImmediate(r)); // the workers' answers
      } else await new Promise<void>((r) => (wake = r)); // the last tasks are on the workers
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  const { counts: all, divide } = perftJoin(plan, depth, counts);
  return { counts: all, divide, threads: 1 + workers.length };

  function startWorkers(n: number): void {
    const rules = moveRules(pos.variant);
    for (let k = 0; k < n; k++) {
      const w = tsWorker(new URL('./perftWorker.ts', import.meta.url));
      workers.push(w);
      const feed = () => {
        if (next >= tasks.length) return;
        const i = next++;
        const t = tasks[i];
        w.postMessage({ type: 'count', id: i, board: t.board, turn: t.turn, depth: t.depth } satisfies PerftWorkerRequest);
      };
      w.on('message', (a: PerftWorkerAnswer) => {
        if (a.type === 'ready') {
          w.postMessage({ type: 'rules', rules, shared } satisfies PerftWorkerRequest);
          feed();
          feed(); // two in flight: the worker need not wait for the main thread to hand it the next
          return;
        }
        counts[a.id] = a.counts;
        done++;
        feed();
        wake();
      });
      w.on('error', (e) => {
        failed = e instanceof Error ? e : new Error(String(e));
        wake();
      });
      w.on('exit', (code) => {
        if (done < tasks.length && failed === null) failed = new Error(`a perft worker thread stopped (exit code ${code}) with its tasks unfinished`);
        wake();
      });
    }
  }
}

/**
 * A worker thread running a TypeScript module. Node 20 does not apply loader flags given in a
 * Worker's `execArgv` (`--import tsx` fails with ERR_UNKNOWN_FILE_EXTENSION, nodejs/node#47747),
 * so the thread registers tsx itself before it imports the module (as bench/perft.bench.ts).
 */
function tsWorker(url: URL): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`, { eval: true });
}
