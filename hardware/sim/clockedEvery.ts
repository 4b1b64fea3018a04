// Periodic work on a simulation's own clock: a link's `every` option (host/link/types.ts
// `Every`) whose ticks fall due on that clock instead of the wall clock, so that what the link
// does in simulated time does not depend on how fast the simulation runs. SimulatedBinding's
// manual clock runs its links' work with it; tests that step a clock of their own use it alone.

/** One piece of periodic work: due every `everyMs` of the clock, next at `next`. */
interface Ticker {
  readonly fn: () => void;
  readonly everyMs: number;
  next: number;
  stopped: boolean;
}

/**
 * An `every` (`(ms, fn) => stop`) whose ticks fall due on the clock `now()` (ms; a period under
 * 1 ms counts as 1), and `run()`, which calls each tick that is due, as many times as it fell
 * due, and says whether any ran. A tick stopped while others run is not run again.
 *
 * @example
 *   const clock = clockedEvery(() => board.simTimeMs);
 *   const link = openFirmataLink({ path, binding, size, now: () => board.simTimeMs, every: clock.every });
 *   await binding.advance(1);
 *   clock.run();
 */
export function clockedEvery(now: () => number): { readonly every: (ms: number, fn: () => void) => () => void; run(): boolean } {
  let tickers: Ticker[] = [];
  const every = (ms: number, fn: () => void): (() => void) => {
    const t: Ticker = { fn, everyMs: Math.max(1, ms), next: now() + Math.max(1, ms), stopped: false };
    tickers.push(t);
    return () => {
      t.stopped = true;
      tickers = tickers.filter((x) => x !== t);
    };
  };
  const run = (): boolean => {
    let ran = false;
    for (const t of [...tickers]) {
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
