import { parentPort } from 'node:worker_threads';
import type { EngineName, PerftNode } from './perftWalks.ts';
import { perftWalk } from './perftWalks.ts';
import type { VariantName } from '../rules/index.ts';

/** A piece of a perft run: the leaves `depth` plies below position `index` of the frontier. */
export interface PerftTask {
  readonly engine: EngineName;
  readonly variant: VariantName;
  /** How many plies below the start the frontier lies. */
  readonly split: number;
  readonly index: number;
  readonly depth: number;
}

/** The worker's answer to a task. */
export interface PerftAnswer {
  readonly index: number;
  readonly count: number;
}

const port = parentPort;
if (!port) throw new Error('perft.worker.ts runs in a worker thread');
const frontiers = new Map<string, PerftNode[]>();
port.on('message', (t: PerftTask) => {
  const key = `${t.engine} ${t.variant} ${t.split}`;
  let frontier = frontiers.get(key);
  if (!frontier) frontiers.set(key, (frontier = perftWalk(t.engine, t.variant).frontier(t.split)));
  port.postMessage({ index: t.index, count: frontier[t.index].count(t.depth) } satisfies PerftAnswer);
});
port.postMessage('ready');
