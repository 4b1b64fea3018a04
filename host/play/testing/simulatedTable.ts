// A simulated board for session tests: the committed firmware in avr8js on a manual clock,
// set up with a position, its serial link, and a way to let its time run.

import { SimulatedBinding } from '../../../hardware/sim/binding.ts';
import { SimulatedBoard } from '../../../hardware/sim/board.ts';
import type { Position } from '../../../rules/index.ts';
import { openSerialLink } from '../../link/serialLink.ts';
import { clockedEvery } from '../../link/testing/clockedEvery.ts';
import type { BoardLink, Every } from '../../link/types.ts';

/**
 * A simulated board showing `position`: the board (the page's hands), its link, its time, the
 * session's look at the clock on that time (`every`, the session's option), and `run(ms)` to let
 * that much of it pass.
 */
export function simulatedTable(position: Position): { board: SimulatedBoard; link: BoardLink; now: () => number; every: Every; run: (ms: number) => Promise<void> } {
  const occupied: number[] = [];
  position.board.forEach((p, i) => p && occupied.push(i + 1));
  const board = new SimulatedBoard({ size: position.variant.geometry.size === 10 ? '10x10' : '8x8', occupied });
  const binding = new SimulatedBinding({ clock: 'manual' });
  const path = binding.add(board);
  const now = () => board.simTimeMs;
  const ticks = clockedEvery(now);
  const link = openSerialLink({ path, binding, now, every: ticks.every });
  const run = async (ms: number) => {
    for (let left = ms; left > 0; left -= 10) {
      await binding.advance(Math.min(10, left));
      if (ticks.run()) await new Promise((r) => setImmediate(r));
    }
  };
  return { board, link, now, every: ticks.every, run };
}
