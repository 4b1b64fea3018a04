// For simulations on their own clock: a link's periodic work (its `every` option) run on that
// clock instead of the wall clock. One implementation, the simulated binding's
// (hardware/sim/clockedEvery.ts), given here to the link's tests as an `Every`.

import { clockedEvery as onClock } from '../../../hardware/sim/clockedEvery.ts';
import type { Every } from '../types.ts';

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
export const clockedEvery: (now: () => number) => { readonly every: Every; run(): boolean } = onClock;
