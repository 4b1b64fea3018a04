// The model board: the sans-I/O model of the dambord firmware (host/sim/modelBoard.ts) behind the
// serial protocol, far lighter than the firmware in avr8js: an event's many simulated boards.

import { SimulatedBinding } from '../../hardware/sim/binding.ts';
import { openSerialLink } from '../link/serialLink.ts';
import { squaresHolding } from '../sim/boards.ts';
import { ModelBoard } from '../sim/modelBoard.ts';
import type { BoardKind } from './kind.ts';

/** The model board holding `o.pieces`, on the wall clock; always simulated. */
export const modelBoard: BoardKind = {
  name: 'model',
  noun: 'model board',
  findable: false,
  simulates: { name: 'model', help: ["the link protocol's model board, for many boards"] },
  async open(_port, o) {
    const binding = new SimulatedBinding({ clock: 'realtime' });
    const board = new ModelBoard({ squares: o.start.variant.geometry.squares === 50 ? 50 : 32, occupied: squaresHolding(o.pieces) });
    return { ok: true, link: openSerialLink({ path: binding.add(board), binding }), hands: board, path: '' };
  },
};
