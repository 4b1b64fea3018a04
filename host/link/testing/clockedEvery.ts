// For simulations on their own clock: a link's periodic work (its `every` option) run on that
// clock instead of the wall clock, so that what the link does in simulated time does not depend
// on how fast the simulation runs.

import type { Every } from '../types.ts';

interface Ticker {
  readonly fn: () => void;
  readonly everyMs: number;
  next: number;
  stopped: boolean;
}

/**
 * An `Every` whose ticks fall due on the clock `now()`; `run()` calls each tick that is due
 * (as many times as it fell due) and says whether any ran.
 *
 * @example
 *   const clock = clockedEvery(() => board.simTimeMs);
 *   const link = openFirmataLink({ path, binding, size, now: () => board.simTimeMs, every: clock.every });
 *   await binding.advance(1);
 *   clock.run();
 */
export function clockedEvery(now: () => number): { readonly every: Every; run(): boolean } {
  const tickers: Ticker[] = [];
  const every: Every = (ms, fn) => {
    const t: Ticker = { fn, everyMs: Math.max(1, ms), next: now() + Math.max(1, ms), stopped: false };
    tickers.push(t);
    return () => {
      t.stopped = true;
    };
  };
  const run = (): boolean => {
    let ran = false;
    for (const t of tickers) {
      while (!t.stopped && t.next <= now()) {
        t.next += t.everyMs;
        t.fn();
        ran = true;
      }
    }
    return ran;
  };
  return { every, run };
}
