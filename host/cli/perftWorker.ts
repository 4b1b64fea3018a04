// A worker thread of `dambord perft` (perftThreads.ts): counts the trees below the positions it is
// sent, with one walker for all of them and the table of positions already counted that all the
// threads share. It imports only the walker and what the walker needs, so that it starts fast.

import { parentPort } from 'node:worker_threads';
import type { MoveRules } from '../../rules/movegen.ts';
import { PerftWalker } from '../../rules/perftWalk.ts';
import type { SharedPerftTable } from '../../rules/perftWalk.ts';

/** What the main thread sends: the variant's move rules first, then positions to count below. */
export type PerftWorkerRequest =
  | { readonly type: 'rules'; readonly rules: MoveRules; readonly shared: SharedPerftTable | null }
  | { readonly type: 'count'; readonly id: number; readonly board: Uint8Array; readonly turn: number; readonly depth: number };

/** What the worker answers: `ready` once loaded, then the counts of each position (perft 1 to depth below it). */
export type PerftWorkerAnswer = { readonly type: 'ready' } | { readonly type: 'counts'; readonly id: number; readonly counts: number[] };

const port = parentPort;
if (!port) throw new Error('perftWorker.ts runs in a worker thread');
let walker: PerftWalker | null = null;
port.on('message', (m: PerftWorkerRequest) => {
  if (m.type === 'rules') {
    walker = new PerftWalker(m.rules, m.shared ? { shared: m.shared } : {});
    return;
  }
  if (!walker) throw new Error('perftWorker: a position came before the rules');
  port.postMessage({ type: 'counts', id: m.id, counts: walker.count(m.board, m.turn, m.depth) } satisfies PerftWorkerAnswer);
});
port.postMessage({ type: 'ready' } satisfies PerftWorkerAnswer);
