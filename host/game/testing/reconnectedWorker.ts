// reconnected.ts in a worker thread: the case in `workerData` (`cleared`: the hands clear the
// board and set it again; else the board connects again), what the game said posted back.
import { parentPort, workerData } from 'node:worker_threads';
import { clearedAndSetBack, reconnected } from './reconnected.ts';
import type { Reconnection } from './reconnected.ts';

const data = workerData as Reconnection & { readonly cleared?: boolean };
parentPort?.postMessage(data.cleared ? clearedAndSetBack(data) : reconnected(data));
