// The analysis a server holds (one at a time): started when a page asks, shared by the pages that
// ask for the same game, served to each as server-sent events, stopped when the last of them goes.
// The play server's (analysisRoutes.ts) and the archive's (archiveRoutes.ts) each have one.

import type { ServerResponse } from 'node:http';
import type { PdnGame } from '../../rules/index.ts';
import type { Engine, EngineLimits } from '../engine/engine.ts';
import { startJob } from './analysisJob.ts';
import type { AnalysisJob, JobEvent } from './analysisJob.ts';

/** One analysis at a time, named by a key (the game it is of). */
export interface AnalysisSlot {
  /** The analysis held (running or ended), null for none. */
  current(): AnalysisJob | null;
  /** The analysis of the game `key` names: the one held when it is of `key` and has not failed, else a new one (the one held stopped). */
  start(key: string, game: PdnGame, moves: readonly string[]): AnalysisJob;
  /** The scoresheet with the analysis of `key`, once it is done; null otherwise. */
  pdn(key: string): string | null;
  /** Sends `job`'s events to `res` as server-sent events, from its start; when the last follower goes, a running analysis stops. */
  stream(res: ServerResponse, job: AnalysisJob): void;
  /** Stops and lets go of the analysis held. */
  clear(): void;
}

/**
 * A server's slot for analyses by the engine `open` gives (a new one for each, closed when it
 * ends), each position searched within `limits`; `held` is told each time the analysis held
 * changes (null: none).
 */
export function analysisSlot(open: () => Engine, limits: EngineLimits, held: (job: AnalysisJob | null) => void = () => {}): AnalysisSlot {
  let now: { key: string; job: AnalysisJob } | null = null;
  const set = (next: { key: string; job: AnalysisJob } | null): void => {
    now?.job.cancel();
    now = next;
    held(next?.job ?? null);
  };
  return {
    current: () => now?.job ?? null,
    start(key, game, moves) {
      if (!now || now.key !== key || (now.job.ended() && now.job.pdn() === null)) set({ key, job: startJob(game, moves, open, limits) });
      return now!.job;
    },
    pdn: (key) => (now?.key === key ? now.job.pdn() : null),
    stream(res, job) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff', 'X-Accel-Buffering': 'no' });
      // The page does not ask again by itself: it asks when its reader wants.
      res.write('retry: 600000\n\n');
      const write = (e: JobEvent): void => {
        const { type, ...data } = e;
        if (!res.writableEnded) res.write(`event: ${type}\ndata: ${JSON.stringify('ply' in data ? data.ply : data)}\n\n`);
        if (type === 'done' || type === 'failed' || type === 'cancelled') res.end();
      };
      const stop = job.follow(write);
      res.on('close', () => {
        stop();
        if (job.followers() === 0 && !job.ended() && now?.job === job) set(null);
      });
    },
    clear: () => set(null),
  };
}
