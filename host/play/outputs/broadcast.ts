// The broadcast as an output of a board's game: its state (broadcast/boardState.ts) published each
// time it shows something new, to the round's store and feeds, or a broker.

import { boardStateOf, stateKey } from '../../broadcast/boardState.ts';
import type { BoardAddress, BoardState } from '../../broadcast/types.ts';
import type { GameOutput } from './output.ts';

/** Tells `publish` (which must not throw) each state of the board at `address` that shows something new. */
export function broadcastOutput(address: BoardAddress, publish: (state: BoardState) => void): GameOutput {
  let lastKey = '';
  return {
    view(view) {
      const state = boardStateOf(address, view, Date.now());
      const key = stateKey(state);
      if (key === lastKey) return;
      lastKey = key;
      publish(state);
    },
  };
}
