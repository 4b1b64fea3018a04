// The second board as an output of the game (`dambord play --second-board`): after each step, the
// board that did not play it is led to copy it (pairedLinks.ts).

import type { GameOutput, TableSide } from './output.ts';

/** Leads the table's second board, if it has one, to show the game after each step. */
export function secondBoardOutput(): GameOutput {
  let table: TableSide | null = null;
  return {
    attach(t) {
      table = t;
    },
    step(seen) {
      table?.paired?.follow(seen.after);
    },
  };
}
