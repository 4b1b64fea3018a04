// A clock of the test's own for the link's tests on mock ports: the link, the mock board and
// discovery take its `now` and `every`, and the test moves it, so that what they do in its time
// does not depend on how fast the machine runs the test.

import { clockedEvery } from './clockedEvery.ts';
import type { Every } from '../types.ts';

export interface SteppedClock {
  /** The clock's time, ms from 0. */
  readonly now: () => number;
  /** Periodic work due on the clock (the `every` option of the links, MockBoard and discovery). */
  readonly every: Every;
  /**
   * Moves the clock in steps (1 ms unless the clock was made with another) until `done()` or
   * `withinMs` passed, running the work due and
   * then the event loop after each step (the mock ports deliver on process.nextTick, the
   * streams on promises: all settle before one setImmediate); says whether done.
   */
  until(done: () => boolean, withinMs: number): Promise<boolean>;
}

/**
 * A clock that stands still until the test moves it, `stepMs` at a time (1 ms; a session's tests
 * that wait minutes step by its look at the clock, 100 ms): see {@link SteppedClock}.
 *
 * @example
 *   const clock = steppedClock();
 *   const board = new MockBoard({ occupancy: START, now: clock.now, every: clock.every });
 *   const link = openSerialLink({ path, binding: ports.binding, now: clock.now, every: clock.every });
 *   expect(await clock.until(() => events.length > 0, 1000)).toBe(true); // within 1000 ms of its time
 */
export function steppedClock(stepMs = 1): SteppedClock {
  let t = 0;
  const now = () => t;
  const ticks = clockedEvery(now);
  const until = async (done: () => boolean, withinMs: number): Promise<boolean> => {
    for (const end = t + withinMs; !done() && t < end; ) {
      t += stepMs;
      ticks.run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return done();
  };
  return { now, every: ticks.every, until };
}
